/** POST …/partner-applications/:id/approve and …/:id/reject: the decision; the queue is read again after either. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  partnerApplicationDecisionSchema,
  partnerApplicationsEndpoint,
  type PartnerApplicationDecision,
} from '@portal/contracts/partner-applications';
import { http } from '../../lib/http';

export type Decision = { kind: 'approve'; id: number } | { kind: 'reject'; id: number; reason: string };

export function decideApplication(decision: Decision): Promise<PartnerApplicationDecision> {
  const url = `${partnerApplicationsEndpoint.url}/${decision.id}/${decision.kind}`;
  const body = decision.kind === 'reject' ? { reason: decision.reason } : undefined;
  return http.post(url, body, { schema: partnerApplicationDecisionSchema });
}

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApplication,
    // Every page of the queue: the decided application leaves it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [partnerApplicationsEndpoint.url] }),
  });
}
