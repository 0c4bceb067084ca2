import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationChangeResultSchema, type NotificationChangeResult } from '@portal/contracts/notifications';
import { http } from '../../../lib/http';
import { afterNotificationsChanged } from './notifications-cache';

/** DELETE /api/notifications/{id} → {unread_count}. */
export function deleteNotification(id: string): Promise<NotificationChangeResult> {
  return http.delete(`/api/notifications/${encodeURIComponent(id)}`, { schema: notificationChangeResultSchema });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: (result) => afterNotificationsChanged(queryClient, result.unread_count),
  });
}
