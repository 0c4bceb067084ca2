import type { notificationListQuerySchema } from '@portal/contracts/notifications';
import type { Locale } from '@portal/contracts/preferences';
import type { ListParams } from '../../../lib/use-url-list-params';

/** A notification list's query as sent: the non-empty values of the contract's parsed query. */
export type NotificationsQuery = Partial<ListParams<typeof notificationListQuerySchema>>;

/** Query keys of the notification centre; invalidating `all` refreshes every list and the count. */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  /** In the reader's language: the server words each notification in it, so a language switch loads the list again. */
  list: (query: NotificationsQuery, locale: Locale) => [...notificationKeys.lists(), locale, query] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
};
