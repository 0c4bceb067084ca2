import { afterEach, beforeEach, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '../src/stores/auth-store';
import { setSocketId } from '../src/lib/http';
import { clearCookies } from './fetch-mock';
import { shownNotificationDetails } from './shown-notifications';

/** Titles and messages of the toasts shown so far in this test, including those that have closed since. */
export function shownNotifications(): Array<{ title: string; message: string; color: string | undefined }> {
  return shownNotificationDetails().map((notification) => ({
    title: String(notification.title ?? ''),
    message: String(notification.message ?? ''),
    color: notification.color,
  }));
}

/** Every test starts signed out, with no cookie, no toast, no socket id and the real fetch/location back. */
export function startEachTestSignedOut(): void {
  // (The test timeout and Testing Library's wait are set for every web test: vitest.config.ts and test/setup.ts.)
  beforeEach(() => {
    useAuthStore.setState({ ...initialAuthState });
    localStorage.clear();
    clearCookies();
    setSocketId(null);
  });
  afterEach(async () => {
    // (Toasts are cleared after every web test: test/setup.ts.)
    // A proper sign-out, so whoever follows the session (the realtime connection) lets go before the next test.
    await useAuthStore.getState().signOutLocally(() => undefined);
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}
