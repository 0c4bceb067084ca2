/** The Operators page's writes; each refreshes every page of the list. The invitee's two public calls. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  OPERATOR_INVITATION_URL,
  acceptInvitationResponseSchema,
  invitationSchema,
  operatorAccountActionResultSchema,
  operatorAccountSchema,
  operatorAccountsEndpoint,
  type AcceptInvitationRequest,
  type InviteOperatorRequest,
  type OperatorAccountActionResult,
} from '@portal/contracts/console-operators';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { http } from '../../lib/http';

const URL = operatorAccountsEndpoint.url;

export function useInviteOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteOperatorRequest) => http.post(URL, body, { schema: operatorAccountSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [URL] }),
  });
}

export type OperatorAction =
  | { kind: 'role'; role: OperatorRole }
  | { kind: 'disable'; reason: string }
  | { kind: 'enable' }
  | { kind: 'reset-two-factor'; reason: string }
  | { kind: 'resend-invitation' };
export type OperatorActionKind = OperatorAction['kind'];

export function runOperatorAction(id: number, action: OperatorAction): Promise<OperatorAccountActionResult> {
  const { kind, ...body } = action;
  return http.post(`${URL}/${id}/${kind}`, Object.keys(body).length > 0 ? body : undefined, { schema: operatorAccountActionResultSchema });
}

export function useOperatorAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OperatorAction) => runOperatorAction(id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [URL] }),
  });
}

export function lookUpInvitation(token: string) {
  return http.post(OPERATOR_INVITATION_URL, { token }, { schema: invitationSchema });
}

export function acceptInvitation(body: AcceptInvitationRequest) {
  return http.post(`${OPERATOR_INVITATION_URL}/accept`, body, { schema: acceptInvitationResponseSchema });
}
