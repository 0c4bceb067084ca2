import { notificationsStore, type NotificationData } from '@mantine/notifications';

/**
 * Every toast the current test has shown, kept after it closes. A toast closes itself after NOTIFICATION_DURATION_MS
 * (6 s) of real time, and on a busy machine a test can take longer than that between the toast appearing and the
 * assertion that reads it (the dashboard a password update opens took 18 s to render once, and its toast was gone).
 * Kept by id, so a toast that is updated in place is one entry holding its latest content. Imports nothing of the app:
 * test/setup.ts clears it, and must not load modules a test file may still replace with vi.mock.
 */
const shown = new Map<string, NotificationData>();

notificationsStore.subscribe((state) => {
  for (const notification of state.notifications) {
    if (notification.id) shown.set(notification.id, notification);
  }
});

/** The toasts shown so far in this test, in the order they first appeared, whether or not still on screen. */
export function shownNotificationDetails(): NotificationData[] {
  return [...shown.values()];
}

/** Called after every test (test/setup.ts). */
export function forgetShownNotifications(): void {
  shown.clear();
}
