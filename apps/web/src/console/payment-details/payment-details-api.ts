import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  consolePaymentDetailsDetailSchema,
  consolePaymentDetailsEndpoint,
  consolePaymentDetailsUrl,
  consoleRevealPaymentDetailsUrl,
  consoleVerifyPaymentDetailsUrl,
  consoleWithdrawVerificationUrl,
  revealedAccountSchema,
  verifyPaymentDetailsResultSchema,
} from '@portal/contracts/console-payment-details';
import { http } from '../../lib/http';

const LIST_URL = consolePaymentDetailsEndpoint.url;

/**
 * An agent's details and their change log. Its key starts with the list's URL, so whatever reloads the list (a
 * verification) reloads an open drawer too.
 */
export function usePaymentDetailsDetail(agent: number) {
  return useQuery({ queryKey: [LIST_URL, 'detail', agent], queryFn: ({ signal }) => http.get(consolePaymentDetailsUrl(agent), { schema: consolePaymentDetailsDetailSchema, signal }) });
}

/**
 * Verifies an agent's details, four eyes: the first operator's is a proposal, a second operator's verifies them. The list
 * and an open drawer are read again after, and after a refusal (409) too.
 */
export function useVerifyPaymentDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agent: number) => http.post(consoleVerifyPaymentDetailsUrl(agent), undefined, { schema: verifyPaymentDetailsResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [LIST_URL] }),
  });
}

/** Withdraws a verification awaiting its second operator; the list and an open drawer are read again after. */
export function useWithdrawVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agent: number) => http.post(consoleWithdrawVerificationUrl(agent)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [LIST_URL] }),
  });
}

/**
 * The full account (audited server-side as a reveal). Never cached: the caller keeps it in its own state for as long
 * as it shows it, and resets the mutation when it hides it.
 */
export function useRevealPaymentDetails() {
  return useMutation({
    mutationFn: (agent: number) => http.post(consoleRevealPaymentDetailsUrl(agent), undefined, { schema: revealedAccountSchema }),
    gcTime: 0,
  });
}
