import type { Queryable } from '../../db/queryable.ts';
import { findAgentTier } from './repository.ts';

export type { CertificateSource } from './service.ts';

/**
 * Partner tiers as the other parts of the programme reach them (docs/programme-terms.md), decorated as
 * `app.partnerTiers`; another module imports only this file (eslint.config.js).
 */
export interface PartnerTiers {
  /** The agent's tier id now, or null before its first evaluation (the rate card's tier column matches it). */
  currentTier(db: Queryable, referralAgentId: number): Promise<number | null>;
}

export function createPartnerTiers(): PartnerTiers {
  return {
    currentTier: async (db, referralAgentId) => (await findAgentTier(db, referralAgentId))?.tier_id ?? null,
  };
}
