import type pg from 'pg';
import type { FacilityOption } from '@portal/contracts/bookings';

/**
 * Facilities the agent has at least one booking at, ordered by name. One probe of the
 * (referral_agent_id, facility_id, …) bookings index per facility: fast for hundreds of facilities.
 */
export async function findFacilityOptions(
  db: Pick<pg.Pool, 'query'>,
  referralAgentId: number,
  /** a member who sees only their own referrals (referralScope 'own'): the facilities of their bookings */
  referredByUserId?: number,
): Promise<FacilityOption[]> {
  if (referredByUserId !== undefined) {
    const { rows } = await db.query<FacilityOption>({
      name: 'facilities_of_member_bookings',
      text: `SELECT f.id, f.name FROM facilities f
              WHERE EXISTS (SELECT 1 FROM bookings b
                             WHERE b.referral_agent_id = $1 AND b.referred_by_user_id = $2 AND b.facility_id = f.id)
              ORDER BY lower(f.name), f.name, f.id`,
      values: [referralAgentId, referredByUserId],
    });
    return rows;
  }
  const { rows } = await db.query<FacilityOption>({
    name: 'facilities_of_agent_bookings',
    text: `SELECT f.id, f.name FROM facilities f
            WHERE EXISTS (SELECT 1 FROM bookings b WHERE b.referral_agent_id = $1 AND b.facility_id = f.id)
            ORDER BY lower(f.name), f.name, f.id`,
    values: [referralAgentId],
  });
  return rows;
}
