/** The area's pages, relative to the console's base path (/console). */
export const NOTIFICATIONS_CONSOLE_PATH = '/notifications';
export const COMPOSE_NOTIFICATION_PATH = '/notifications/new';
