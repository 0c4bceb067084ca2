import type { Queryable } from '../../db/queryable.ts';

/**
 * What an exported list's heading names, read the same way by every list that exports (bookings, the commission
 * structure, the commission lines): whose list it is (the agent's name and logo), and a chosen facility's name for the
 * filter lines.
 */

export async function exportAgent(db: Queryable, referralAgentId: number): Promise<{ name: string; logo: string | null } | null> {
  const { rows } = await db.query<{ name: string; logo: string | null }>('SELECT name, logo FROM referral_agents WHERE id = $1', [referralAgentId]);
  return rows[0] ?? null;
}

export async function exportFacilityName(db: Queryable, facilityId: number): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM facilities WHERE id = $1', [facilityId]);
  return rows[0]?.name ?? null;
}
