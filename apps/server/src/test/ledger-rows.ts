import type pg from 'pg';
import { createBooking } from './booking-factories.ts';

/**
 * Ledger rows written straight into the tables, for tests of what the database itself allows (the guard triggers, the
 * runtime role's grants): a payout in a given state, and a commission line (each on a booking of its own) in a given
 * state. The portal's own code gets there through the payout run and the console; these tests need only the rows.
 */
let sequence = 0;

export type PayoutState = 'draft' | 'sent' | 'paid' | 'failed';
export type LineState = 'pending' | 'approved' | 'in_payout' | 'paid' | 'reversed';

export async function insertPayout(pool: pg.Pool, referralAgentId: number, status: PayoutState, amountMinor = 12_500): Promise<number> {
  sequence += 1;
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO payouts (referral_agent_id, currency, amount_minor, lines, status, statement_number, failure_reason, scheduled_on, sent_at, paid_at, failed_at)
     VALUES ($1, 'EUR', $2, 1, $3, CASE WHEN $3 = 'paid' THEN $4 END, CASE WHEN $3 = 'failed' THEN 'The bank returned it.' END,
             '2001-01-01'::date + $5::int, CASE WHEN $3 IN ('sent', 'paid') THEN now() END, CASE WHEN $3 = 'paid' THEN now() END,
             CASE WHEN $3 = 'failed' THEN now() END)
     RETURNING id`,
    [referralAgentId, amountMinor, status, `SB-1999-${String(900_000 + sequence).padStart(6, '0')}`, sequence],
  );
  return Number(rows[0]!.id);
}

export async function insertLine(pool: pg.Pool, agent: { referralAgentId: number; userId: number }, status: LineState, payoutId: number | null = null): Promise<number> {
  const booking = await createBooking(pool, { referralAgentId: agent.referralAgentId, referredByUserId: agent.userId, status: 'completed', amount: '125.00', currency: 'EUR' });
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO commission_lines (kind, referral_agent_id, referred_by_user_id, booking_id, facility_id, treatment_on, earned_on, base_minor,
                                   base_currency, rate, amount_minor, currency, status, payable_on, reversal_reason, payout_id, paid_on)
     VALUES ('commission', $1, $2, $3, $4, '2026-01-10', '2026-01-10', 12500, 'EUR', '{"kind":"percentage","basis_points":1000}', 1250, 'EUR',
             $5, '2026-01-24', CASE WHEN $5 = 'reversed' THEN 'The booking was refunded.' END, $6, CASE WHEN $5 = 'paid' THEN current_date END)
     RETURNING id`,
    [agent.referralAgentId, agent.userId, booking.id, booking.facilityId, status, payoutId],
  );
  return Number(rows[0]!.id);
}
