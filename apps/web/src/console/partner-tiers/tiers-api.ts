import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_TIERS_URL, consoleAgentTierRowSchema, consoleAgentTiersEndpoint, consoleTierSchema, consoleTiersSchema, type TierRequest } from '@portal/contracts/console-partner-tiers';
import { http } from '../../lib/http';

/** Every tier, lowest first, with its criteria and how many agents hold it. */
export function useTiers() {
  return useQuery({ queryKey: [CONSOLE_TIERS_URL], queryFn: ({ signal }) => http.get(CONSOLE_TIERS_URL, { schema: consoleTiersSchema, signal }) });
}

/** A new tier or a change to one; the tiers are read again after. */
export function useTierWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TierRequest }) =>
      id === null ? http.post(CONSOLE_TIERS_URL, body, { schema: consoleTierSchema }) : http.put(`${CONSOLE_TIERS_URL}/${id}`, body, { schema: consoleTierSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONSOLE_TIERS_URL] }),
  });
}

/** An operator's hand on an agent's tier: set one, or freeze / unfreeze it; the agents and the counts are read again. */
export function useAgentTierWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: { kind: 'set'; id: number; tier_id: number; reason: string } | { kind: 'freeze'; id: number; frozen: boolean; reason: string }) =>
      write.kind === 'set'
        ? http.post(`${consoleAgentTiersEndpoint.url}/${write.id}/tier`, { tier_id: write.tier_id, reason: write.reason }, { schema: consoleAgentTierRowSchema })
        : http.post(`${consoleAgentTiersEndpoint.url}/${write.id}/freeze`, { frozen: write.frozen, reason: write.reason }, { schema: consoleAgentTierRowSchema }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: [consoleAgentTiersEndpoint.url] }), queryClient.invalidateQueries({ queryKey: [CONSOLE_TIERS_URL] })]);
    },
  });
}
