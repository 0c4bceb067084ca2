/** GET /api/console/partners/:id and the account's actions; an action reloads the account and the list. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  partnerAccountActionResultSchema,
  partnerAccountDetailSchema,
  partnerAccountsEndpoint,
  type PartnerAccountActionResult,
} from '@portal/contracts/console-partners';
import { http } from '../../lib/http';

export function partnerAccountQuery(id: number) {
  return queryOptions({
    queryKey: [partnerAccountsEndpoint.url, 'detail', id] as const,
    queryFn: ({ signal }) => http.get(`${partnerAccountsEndpoint.url}/${id}`, { schema: partnerAccountDetailSchema, signal }),
  });
}

export function usePartnerAccount(id: number) {
  return useQuery(partnerAccountQuery(id));
}

export type PartnerAccountAction = { kind: 'suspend'; reason: string } | { kind: 'reactivate' } | { kind: 'end-sessions' } | { kind: 'send-login-link' };

export function runPartnerAccountAction(id: number, action: PartnerAccountAction): Promise<PartnerAccountActionResult> {
  const body = action.kind === 'suspend' ? { reason: action.reason } : undefined;
  return http.post(`${partnerAccountsEndpoint.url}/${id}/${action.kind}`, body, { schema: partnerAccountActionResultSchema });
}

export function usePartnerAccountAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PartnerAccountAction) => runPartnerAccountAction(id, action),
    // The account (status, sessions, history) and every page of the list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [partnerAccountsEndpoint.url] }),
  });
}
