import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  NOTIFICATIONS_DEFAULT_PAGE_SIZE,
  notificationListSchema,
  type NotificationFilter,
  type NotificationList,
} from '@portal/contracts/notifications';
import { http } from '../../../lib/http';
import { notificationKeys } from './notification-keys';

export interface NotificationsQuery {
  page: number;
  per_page: number;
  filter: NotificationFilter;
}

export const defaultNotificationsQuery: NotificationsQuery = { page: 1, per_page: NOTIFICATIONS_DEFAULT_PAGE_SIZE, filter: 'all' };

/** GET /api/notifications: the signed-in user's notifications, newest first, paged. */
export function getNotifications(query: NotificationsQuery, signal?: AbortSignal): Promise<NotificationList> {
  return http.get('/api/notifications', {
    query: { page: query.page, per_page: query.per_page, filter: query.filter === 'unread' ? 'unread' : undefined },
    schema: notificationListSchema,
    signal,
  });
}

export function notificationsQueryOptions(query: NotificationsQuery = defaultNotificationsQuery) {
  return queryOptions({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => getNotifications(query, signal),
    // Kept fresh by the realtime events; no need to refetch on a timer.
    staleTime: 30_000,
  });
}

export function useNotifications(query: NotificationsQuery = defaultNotificationsQuery) {
  return useQuery({ ...notificationsQueryOptions(query), placeholderData: keepPreviousData });
}
