import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationChangeResultSchema, type NotificationChangeResult } from '@portal/contracts/notifications';
import { http } from '../../../lib/http';
import { afterNotificationsChanged } from './notifications-cache';

/** POST /api/notifications/read-all → {unread_count}. */
export function markAllNotificationsRead(): Promise<NotificationChangeResult> {
  return http.post('/api/notifications/read-all', undefined, { schema: notificationChangeResultSchema });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: (result) => afterNotificationsChanged(queryClient, result.unread_count),
  });
}
