import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_EVENTS, notificationCreatedEventSchema } from '@portal/contracts/notifications';
import {
  freezePaymentDetailsResultSchema,
  PAYMENT_DETAILS_FREEZE_URL,
  PAYMENT_DETAILS_URL,
  paymentDetailsResponseSchema,
  type PaymentDetailsInput,
} from '@portal/contracts/payment-details';
import { PAYMENT_DETAILS_NOTIFICATION } from '@portal/contracts/profile';
import { http } from '../../../lib/http';
import { listenOnUserChannel, onRealtimeReconnect } from '../../../lib/realtime';

/** Payment details' calls (packages/contracts/src/payment-details.ts), one hook each. */

const detailsKey = [PAYMENT_DETAILS_URL] as const;

/** The agent's details (null when none yet, the account masked) and their latest changes. */
export function usePaymentDetails() {
  return useQuery({ queryKey: detailsKey, queryFn: ({ signal }) => http.get(PAYMENT_DETAILS_URL, { schema: paymentDetailsResponseSchema, signal }) });
}

/**
 * Replaces the details. The body is the form's input as the contract reads it (the server parses it with the same
 * schema); 403 reauthentication_required when this session has not confirmed the password in the last 5 minutes.
 */
export function useSavePaymentDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentDetailsInput) => http.put(PAYMENT_DETAILS_URL, body, { schema: paymentDetailsResponseSchema }),
    onSuccess: (answer) => queryClient.setQueryData(detailsKey, answer),
  });
}

/** The owner's "I didn't do this" (public: the link's token is the proof); 404 with a message for a bad link. */
export function useFreezePaymentDetails() {
  return useMutation({
    mutationFn: (token: string) => http.post(PAYMENT_DETAILS_FREEZE_URL, { token }, { schema: freezePaymentDetailsResultSchema }),
  });
}

/**
 * While the details are shown, a payment-details notification (a change by another member, the programme team's
 * verification, an owner's freeze) reads them again; so does a reconnection (events may have been missed).
 */
export function useLivePaymentDetails(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: detailsKey });
    const stopListening = listenOnUserChannel(NOTIFICATION_EVENTS.created, (payload: unknown) => {
      const event = notificationCreatedEventSchema.safeParse(payload);
      if (event.success && event.data.notification.type === PAYMENT_DETAILS_NOTIFICATION) refresh();
    });
    const stopReconnect = onRealtimeReconnect(refresh);
    return () => {
      stopListening();
      stopReconnect();
    };
  }, [queryClient]);
}
