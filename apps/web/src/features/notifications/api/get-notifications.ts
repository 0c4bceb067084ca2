import { queryOptions } from '@tanstack/react-query';
import {
  notificationListQuerySchema,
  notificationListSchema,
  type NotificationList,
} from '@portal/contracts/notifications';
import { currentLocale } from '../../../i18n/i18n';
import { http } from '../../../lib/http';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { useUrlListParams } from '../../../lib/use-url-list-params';
import { notificationKeys, type NotificationsQuery } from './notification-keys';

/** GET /api/notifications: the signed-in user's notifications, newest first, paged. */
export function getNotifications(query: NotificationsQuery, signal?: AbortSignal): Promise<NotificationList> {
  // 'all' is the server's default: left out, so an unfiltered request reads `?page=1&per_page=10` as it always has.
  const filter = query.filter === 'all' ? undefined : query.filter;
  return http.get('/api/notifications', { query: { ...query, filter }, schema: notificationListSchema, signal });
}

export function notificationsQueryOptions(query: NotificationsQuery) {
  return queryOptions({
    queryKey: notificationKeys.list(query, currentLocale()),
    queryFn: ({ signal }) => getNotifications(query, signal),
    // Kept fresh by the realtime events; no need to refetch on a timer.
    staleTime: 30_000,
  });
}

/**
 * The notification centre's view (filter and page), kept in the URL. No debounce: there is no text box, and each
 * change is one deliberate click that should show at once.
 */
export function useNotificationListParams() {
  return useUrlListParams(notificationListQuerySchema, { debounceMs: 0 });
}

export function useNotifications(list: { query: NotificationsQuery; pending: boolean }) {
  return usePagedQuery(notificationsQueryOptions(list.query), list);
}
