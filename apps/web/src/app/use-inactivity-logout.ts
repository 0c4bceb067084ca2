import { useEffect, useRef } from 'react';
import { INACTIVITY_EVENTS, INACTIVITY_LOGOUT_MS } from '@portal/contracts/constants';

export interface UseInactivityLogoutOptions {
  /** Only signed-in sessions are watched. */
  enabled: boolean;
  onTimeout: () => void;
  /** INACTIVITY_LOGOUT_MS (one hour, spec §9) unless given. */
  timeoutMs?: number;
  events?: readonly string[];
}

/**
 * Calls `onTimeout` after `timeoutMs` without mousemove, keydown, mousedown or touchstart (spec §4, §9).
 *
 * Activity only records the time; a single setTimeout checks it when due and, if there was activity since, waits
 * for the rest. So a mousemove costs no timer churn, and the clock is Date.now() + setTimeout, which Vitest's fake
 * timers and Playwright's clock both control. A tab the browser put to sleep is judged by the real elapsed time.
 */
export function useInactivityLogout({
  enabled,
  onTimeout,
  timeoutMs = INACTIVITY_LOGOUT_MS,
  events = INACTIVITY_EVENTS,
}: UseInactivityLogoutOptions): void {
  const callback = useRef(onTimeout);
  useEffect(() => {
    callback.current = onTimeout;
  }, [onTimeout]);

  const eventsKey = events.join(',');

  useEffect(() => {
    if (!enabled) return;
    const watched = eventsKey.split(',');
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;

    const check = () => {
      const idle = Date.now() - lastActivity;
      if (idle >= timeoutMs) {
        timer = undefined;
        callback.current();
      } else {
        timer = setTimeout(check, timeoutMs - idle);
      }
    };
    const onActivity = () => {
      lastActivity = Date.now();
    };

    for (const event of watched) window.addEventListener(event, onActivity, { passive: true, capture: true });
    timer = setTimeout(check, timeoutMs);
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      for (const event of watched) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [enabled, timeoutMs, eventsKey]);
}
