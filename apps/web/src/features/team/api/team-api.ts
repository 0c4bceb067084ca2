import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TEAM_INVITATIONS_URL,
  TEAM_MEMBERS_URL,
  TEAM_SUMMARY_URL,
  TEAM_URL,
  teamLogEndpoint,
  teamMemberResultSchema,
  teamMessageSchema,
  teamSummarySchema,
  type InviteMemberRequest,
  type TeamAssignableRole,
} from '@portal/contracts/team';
import { http } from '../../../lib/http';

/** The seats and whether the caller manages the team. */
export function useTeamSummary() {
  return useQuery({ queryKey: [TEAM_SUMMARY_URL], queryFn: ({ signal }) => http.get(TEAM_SUMMARY_URL, { schema: teamSummarySchema, signal }) });
}

/** One page of the team log (its own page state: the members table owns the URL's list parameters). */
export function useTeamLog(page: number) {
  return useQuery({
    queryKey: [teamLogEndpoint.url, { page }],
    queryFn: ({ signal }) => http.get(teamLogEndpoint.url, { query: { page, per_page: 10 }, schema: teamLogEndpoint.page, signal }),
    placeholderData: keepPreviousData,
  });
}

/** After any change: the members, the seats and the log are read again (every query under /api/team). */
function useTeamChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(TEAM_URL) });
}

export function useInviteMember() {
  const changed = useTeamChanged();
  return useMutation({
    mutationFn: (body: InviteMemberRequest) => http.post(TEAM_INVITATIONS_URL, body, { schema: teamMemberResultSchema }),
    onSuccess: changed,
  });
}

export type MemberAction =
  | { kind: 'role'; id: number; role: TeamAssignableRole }
  | { kind: 'deactivate' | 'reactivate' | 'resend' | 'revoke'; id: number }
  | { kind: 'transfer'; id: number; password: string };

function send(action: MemberAction): Promise<{ message: string }> {
  const url = `${TEAM_MEMBERS_URL}/${action.id}`;
  switch (action.kind) {
    case 'role':
      return http.patch(`${url}/role`, { role: action.role }, { schema: teamMemberResultSchema });
    case 'deactivate':
      return http.post(`${url}/deactivate`, undefined, { schema: teamMemberResultSchema });
    case 'reactivate':
      return http.post(`${url}/reactivate`, undefined, { schema: teamMemberResultSchema });
    case 'resend':
      return http.post(`${url}/resend-invitation`, undefined, { schema: teamMemberResultSchema });
    case 'revoke':
      return http.delete(`${url}/invitation`, { schema: teamMessageSchema });
    case 'transfer':
      return http.post(`${url}/transfer-ownership`, { password: action.password }, { schema: teamMemberResultSchema });
  }
}

/** Every action of the members table; a transfer also changes the caller's own role, so the session is read again. */
export function useMemberAction(onOwnRoleChanged: () => void) {
  const changed = useTeamChanged();
  return useMutation({
    mutationFn: send,
    onSuccess: async (_answer, action) => {
      await changed();
      if (action.kind === 'transfer') onOwnRoleChanged();
    },
  });
}
