import type pg from 'pg';
import { ensureCode, partnersWithoutCode } from './repository.ts';

/** Every demo partner (the Harbor Health team and the rest) gets a referral code, as their first visit would give. */
export async function seedReferralCodes(pool: pg.Pool): Promise<void> {
  for (const userId of await partnersWithoutCode(pool)) await ensureCode(pool, userId);
}
