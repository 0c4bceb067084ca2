/** The Referral agents and groups pages' requests: an agent, the groups to choose from, and every write. */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AGENT_LOGO_UPLOAD_CONTENT_TYPE,
  REFERRAL_AGENTS_URL,
  REFERRAL_GROUP_OPTIONS_URL,
  REFERRAL_GROUPS_URL,
  referralAgentDetailSchema,
  referralGroupOptionsSchema,
  referralGroupRowSchema,
  type CreateReferralGroupRequest,
  type ReferralAgentDetail,
  type ReferralAgentRequest,
  type UpdateReferralGroupRequest,
} from '@portal/contracts/console-referral-agents';
import { http } from '../../lib/http';

export function referralAgentQuery(id: number) {
  return queryOptions({
    queryKey: [REFERRAL_AGENTS_URL, 'detail', id] as const,
    queryFn: ({ signal }) => http.get(`${REFERRAL_AGENTS_URL}/${id}`, { schema: referralAgentDetailSchema, signal }),
  });
}

export function useReferralAgent(id: number) {
  return useQuery(referralAgentQuery(id));
}

export function useGroupOptions() {
  return useQuery({
    queryKey: [REFERRAL_GROUPS_URL, 'options'] as const,
    queryFn: ({ signal }) => http.get(REFERRAL_GROUP_OPTIONS_URL, { schema: referralGroupOptionsSchema, signal }),
  });
}

export function createAgent(body: ReferralAgentRequest): Promise<ReferralAgentDetail> {
  return http.post(REFERRAL_AGENTS_URL, body, { schema: referralAgentDetailSchema });
}

export function updateAgent(id: number, body: ReferralAgentRequest): Promise<ReferralAgentDetail> {
  return http.put(`${REFERRAL_AGENTS_URL}/${id}`, body, { schema: referralAgentDetailSchema });
}

/** The image itself is the body; the server sniffs and re-encodes it. */
export function uploadAgentLogo(id: number, file: File): Promise<ReferralAgentDetail> {
  return http.put(`${REFERRAL_AGENTS_URL}/${id}/logo`, file, {
    schema: referralAgentDetailSchema,
    query: { filename: file.name.slice(0, 255) },
    headers: { 'Content-Type': AGENT_LOGO_UPLOAD_CONTENT_TYPE },
  });
}

export function removeAgentLogo(id: number): Promise<ReferralAgentDetail> {
  return http.delete(`${REFERRAL_AGENTS_URL}/${id}/logo`, { schema: referralAgentDetailSchema });
}

export function createGroup(body: CreateReferralGroupRequest) {
  return http.post(REFERRAL_GROUPS_URL, body, { schema: referralGroupRowSchema });
}

export function renameGroup(id: number, body: UpdateReferralGroupRequest) {
  return http.put(`${REFERRAL_GROUPS_URL}/${id}`, body, { schema: referralGroupRowSchema });
}

/** After a write: the agent just changed is known (no reload of it), and every list and choice is read again. */
export function useAfterWrite() {
  const queryClient = useQueryClient();
  return {
    agentChanged: (agent: ReferralAgentDetail) => {
      queryClient.setQueryData(referralAgentQuery(agent.id).queryKey, agent);
      void queryClient.invalidateQueries({ queryKey: [REFERRAL_AGENTS_URL], predicate: (query) => query.queryKey[1] !== 'detail' });
    },
    groupsChanged: () => {
      void queryClient.invalidateQueries({ queryKey: [REFERRAL_GROUPS_URL] });
      // Agents' rows show their group's name.
      void queryClient.invalidateQueries({ queryKey: [REFERRAL_AGENTS_URL] });
    },
  };
}
