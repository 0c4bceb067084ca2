import { queryOptions, useQuery } from '@tanstack/react-query';
import { unreadCountSchema, type UnreadCount } from '@portal/contracts/notifications';
import { http } from '../../../lib/http';
import { notificationKeys } from './notification-keys';

/** GET /api/notifications/unread-count → {count}. */
export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return http.get('/api/notifications/unread-count', { schema: unreadCountSchema, signal });
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: 30_000,
  });
}

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
