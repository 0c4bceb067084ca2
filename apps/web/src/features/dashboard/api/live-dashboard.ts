import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_EVENTS, notificationCreatedEventSchema } from '@portal/contracts/notifications';
import type { DashboardCardDeclaration } from '../../../lib/dashboard-cards';
import { listenOnUserChannel, onRealtimeReconnect } from '../../../lib/realtime';

/** The query keys (their first element) of the cards a notification of `type` concerns. */
export function keysRefreshedBy(cards: readonly DashboardCardDeclaration[], type: string): Set<string> {
  return new Set(cards.filter((card) => card.refreshOn.includes(type)).flatMap((card) => card.queryKeys));
}

/**
 * One listener for the whole dashboard: a new notification reloads the cards whose `refreshOn` names its type (a
 * booking created reloads the booking figures, the chart and the recent bookings, not the earnings); a reconnection
 * reloads every card, since events sent while the socket was down are lost. Only the cards drawn are given, so a
 * card the member may not see is never asked for by a refresh either.
 */
export function useLiveDashboard(cards: readonly DashboardCardDeclaration[]): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = (keys: Set<string>) => {
      if (keys.size === 0) return;
      void queryClient.invalidateQueries({ predicate: (query) => keys.has(String(query.queryKey[0])) });
    };
    const stopListening = listenOnUserChannel(NOTIFICATION_EVENTS.created, (payload: unknown) => {
      const event = notificationCreatedEventSchema.safeParse(payload);
      if (event.success) refresh(keysRefreshedBy(cards, event.data.notification.type));
    });
    const stopReconnect = onRealtimeReconnect(() => refresh(new Set(cards.flatMap((card) => card.queryKeys))));
    return () => {
      stopListening();
      stopReconnect();
    };
  }, [cards, queryClient]);
}
