/** The notification centre's texts in English; the Arabic is in ./notifications-messages-ar.ts (loaded with Arabic). */
import { defineMessages } from '../../i18n/i18n';

export const notificationsEn = {
  title: 'Notifications',
  bellLabel: 'Notifications, {{count}} unread',
  markAllRead: 'Mark all as read',
  loading: 'Loading notifications',
  loadFailed: 'Notifications could not be loaded.',
  pageLoadFailed: 'Your notifications could not be loaded',
  empty: 'You have no notifications yet.',
  emptyUnread: 'You have no unread notifications.',
  unreadMark: ' (unread)',
  viewAll: 'View all',
  viewDetails: 'View details',
  allRead: 'Everything is read.',
  unreadCount: '{{count}} unread',
  show: 'Show',
  all: 'All',
  unread: 'Unread',
  open: 'Open',
  markRead: 'Mark as read',
  markReadNamed: 'Mark "{{title}}" as read',
  delete: 'Delete',
  deleteNamed: 'Delete "{{title}}"',
  showingRange: 'Showing {{from}}–{{to}} of {{total}}',
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    notifications: typeof notificationsEn;
  }
}

export const notificationsMessages = defineMessages('notifications', notificationsEn, () =>
  import('./notifications-messages-ar').then((module) => module.notificationsAr),
);
