import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FEEDBACK_ANSWERED_NOTIFICATION, FEEDBACK_URL } from '@portal/contracts/feedback';
import { NOTIFICATION_EVENTS, notificationCreatedEventSchema } from '@portal/contracts/notifications';
import { listenOnUserChannel, onRealtimeReconnect } from '../../../lib/realtime';

/**
 * While a feedback page is open, an operator's answer (the live notification the server sends with it) reloads the
 * threads and the list, so the answer shows without a reload; so does a reconnection (events may have been missed).
 */
export function useLiveFeedback(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: [FEEDBACK_URL] });
    const stopListening = listenOnUserChannel(NOTIFICATION_EVENTS.created, (payload: unknown) => {
      const event = notificationCreatedEventSchema.safeParse(payload);
      if (event.success && event.data.notification.type === FEEDBACK_ANSWERED_NOTIFICATION) refresh();
    });
    const stopReconnect = onRealtimeReconnect(refresh);
    return () => {
      stopListening();
      stopReconnect();
    };
  }, [queryClient]);
}
