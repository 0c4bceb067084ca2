/** The Notifications page's calls: the history (paged, refreshed while a send is under way), the audience, sending. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  agentChoicesSchema,
  audienceSizeSchema,
  notificationBroadcastSchema,
  notificationBroadcastsEndpoint,
  partnerChoicesSchema,
  type NotificationAudience,
  type NotificationBroadcast,
  type SendNotificationRequest,
} from '@portal/contracts/console-notifications';
import { http } from '../../lib/http';
import { listEndpointQueryOptions, listTableProps, type ListFailureTexts } from '../../lib/use-list-endpoint';
import { usePagedQuery } from '../../lib/use-paged-query';
import { useUrlListParams } from '../../lib/use-url-list-params';

const URL = notificationBroadcastsEndpoint.url;
/** How often the history reloads while one of its sends is queued or being sent. */
export const PROGRESS_REFRESH_MS = 3000;

function inProgress(rows: readonly NotificationBroadcast[] | undefined): boolean {
  return Boolean(rows?.some((row) => row.state === 'queued' || row.state === 'sending'));
}

/** The history: the list kit's URL state and pages, reloaded every few seconds while a send on the page is under way. */
export function useBroadcastHistory(texts: ListFailureTexts) {
  const list = useUrlListParams(notificationBroadcastsEndpoint.query);
  const paged = usePagedQuery({
    ...listEndpointQueryOptions(notificationBroadcastsEndpoint, list.query),
    refetchInterval: (query) => (inProgress(query.state.data?.data) ? PROGRESS_REFRESH_MS : false),
  }, list);
  return { list, paged, table: listTableProps<NotificationBroadcast>(list, paged, texts) };
}

export interface AudienceChoice {
  audience: NotificationAudience;
  partnerId: number | null;
  agentId: number | null;
}

function audienceQuery(choice: AudienceChoice): Record<string, string> | null {
  if (choice.audience === 'partner') return choice.partnerId ? { audience: 'partner', partner_id: String(choice.partnerId) } : null;
  if (choice.audience === 'agent') return choice.agentId ? { audience: 'agent', agent_id: String(choice.agentId) } : null;
  return { audience: 'all' };
}

/** How many a send to `choice` reaches now (none asked for until a partner or an agent is chosen). */
export function useAudienceSize(choice: AudienceChoice) {
  const query = audienceQuery(choice);
  return useQuery({
    queryKey: [URL, 'audience', query] as const,
    queryFn: ({ signal }) => http.get(`${URL}/audience`, { query: query!, schema: audienceSizeSchema, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** Approved partners, or referral agents, matching what the operator typed. */
export function usePartnerChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [URL, 'partners', search] as const,
    queryFn: ({ signal }) => http.get(`${URL}/partners`, { query: search ? { search } : {}, schema: partnerChoicesSchema, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useAgentChoices(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [URL, 'agents', search] as const,
    queryFn: ({ signal }) => http.get(`${URL}/agents`, { query: search ? { search } : {}, schema: agentChoicesSchema, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SendNotificationRequest) => http.post(URL, request, { schema: notificationBroadcastSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [URL] }),
  });
}
