import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, renderHook } from '@testing-library/react';
import { INACTIVITY_EVENTS, INACTIVITY_LOGOUT_MS } from '@portal/contracts/constants';
import { useInactivityLogout } from './use-inactivity-logout';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useInactivityLogout', () => {
  it('fires after exactly 3,600,000 ms without activity', () => {
    const onTimeout = vi.fn();
    renderHook(() => useInactivityLogout({ enabled: true, onTimeout }));

    vi.advanceTimersByTime(INACTIVITY_LOGOUT_MS - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(INACTIVITY_LOGOUT_MS).toBe(3_600_000);
  });

  it.each(INACTIVITY_EVENTS)('starts the hour again on %s', (eventName) => {
    const onTimeout = vi.fn();
    renderHook(() => useInactivityLogout({ enabled: true, onTimeout }));

    vi.advanceTimersByTime(30 * 60_000);
    fireEvent(document, new Event(eventName, { bubbles: true }));
    vi.advanceTimersByTime(INACTIVITY_LOGOUT_MS - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('ignores other events (scroll, click without mousedown)', () => {
    const onTimeout = vi.fn();
    renderHook(() => useInactivityLogout({ enabled: true, onTimeout }));

    vi.advanceTimersByTime(30 * 60_000);
    fireEvent.scroll(window);
    vi.advanceTimersByTime(30 * 60_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('does nothing while disabled (signed out) and stops when unmounted', () => {
    const onTimeout = vi.fn();
    const { rerender, unmount } = renderHook(({ enabled }) => useInactivityLogout({ enabled, onTimeout }), {
      initialProps: { enabled: false },
    });
    vi.advanceTimersByTime(2 * INACTIVITY_LOGOUT_MS);
    expect(onTimeout).not.toHaveBeenCalled();

    rerender({ enabled: true });
    vi.advanceTimersByTime(INACTIVITY_LOGOUT_MS / 2);
    unmount();
    vi.advanceTimersByTime(INACTIVITY_LOGOUT_MS);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
