import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationChangeResultSchema, type NotificationChangeResult } from '@portal/contracts/notifications';
import { http } from '../../../lib/http';
import { afterNotificationsChanged } from './notifications-cache';

/** POST /api/notifications/{id}/read → {unread_count}. */
export function markNotificationRead(id: string): Promise<NotificationChangeResult> {
  return http.post(`/api/notifications/${encodeURIComponent(id)}/read`, undefined, { schema: notificationChangeResultSchema });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (result) => afterNotificationsChanged(queryClient, result.unread_count),
  });
}
