/** The notification centre's page (spec §2: `notifications`). */
export const NOTIFICATIONS_PATH = '/notifications';
