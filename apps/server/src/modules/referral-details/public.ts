import { isReferralCode, normaliseReferralCode } from '@portal/contracts/referral-details';
import type { Queryable } from '../../db/queryable.ts';
import { resolveCode } from './repository.ts';

/**
 * The referral-details module's public file (eslint.config.js: a module's one public file is its `public.ts`): what posters, booking requests
 * and any later area use to read a referral code. Nothing else of this module is for other modules.
 */

export interface ResolvedReferralCode {
  /** The code as stored (capitals, no separators). */
  code: string;
  /** The partner the code belongs to: `bookings.referred_by_user_id` of a booking it brings. */
  userId: number;
  /** Their referral agent: `bookings.referral_agent_id`. */
  referralAgentId: number;
  /** The agent's display name: the only thing a public page may show about the code. */
  agentName: string;
  /** A regenerated code inside its 30 days of grace: it still attributes, but the page shows the current one. */
  retired: boolean;
  /** The partner's current code (`code` itself unless retired): what to remember beyond the retired code's grace. */
  currentCode: string;
}

/**
 * The partner and agent a referral code stands for, or null: unknown, badly formed, retired more than 30 days ago, or
 * belonging to an account that is not approved (suspended, rejected). Accepts what a person types (`abcd-2345`).
 */
export async function resolveReferralCode(db: Queryable, input: string): Promise<ResolvedReferralCode | null> {
  const code = normaliseReferralCode(input);
  if (!isReferralCode(code)) return null;
  const row = await resolveCode(db, code);
  if (!row) return null;
  return { code: row.code, userId: row.user_id, referralAgentId: row.referral_agent_id, agentName: row.agent_name, retired: row.retired, currentCode: row.current_code };
}

