import { useQuery } from '@tanstack/react-query';
import { PARTNER_TIERS_URL, TIER_COMPARISON_URL, partnerTierViewSchema, tierComparisonSchema } from '@portal/contracts/partner-tiers';
import { http } from '../../../lib/http';

/** The partner's tier, its progress toward the next one and its history (GET /api/partner-tiers). */
export function usePartnerTiers() {
  return useQuery({ queryKey: [PARTNER_TIERS_URL], queryFn: ({ signal }) => http.get(PARTNER_TIERS_URL, { schema: partnerTierViewSchema, signal }) });
}

/** The partner's rates that would differ in `tierId` (the rate card's answer; never asked for affiliates). */
export function useTierComparison(tierId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [TIER_COMPARISON_URL, tierId],
    queryFn: ({ signal }) => http.get(TIER_COMPARISON_URL, { schema: tierComparisonSchema, signal, query: { tier_id: String(tierId) } }),
    enabled: enabled && tierId !== null,
  });
}
