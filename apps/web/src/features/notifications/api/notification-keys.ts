import type { NotificationFilter } from '@portal/contracts/notifications';

/** Query keys of the notification centre; invalidating `all` refreshes every list and the count. */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (query: { page: number; per_page: number; filter: NotificationFilter }) => [...notificationKeys.lists(), query] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};
