import type { MatchState } from '@portal/contracts/reconciliation';
import type { Queryable } from '../../db/queryable.ts';

/**
 * Matching, in SQL (issue 35, docs/reconciliation.md "The matching rules"): the period's completed bookings against the
 * current statement's lines, by the rules in order, each booking and each line ending in exactly one state.
 *
 * 1. `booking_reference`: the line names the booking's ticket. Matched, or `amount_mismatch` beyond the tolerance; a
 *    second line naming the same booking, or repeating an earlier line's facility reference, is a `duplicate`.
 * 2. `referral_code`: the line's code is one of the referring member's codes (retired ones too), the same service, the
 *    treatment within ± N days. Matched (or `amount_mismatch`) when the pair is the only candidate either side has;
 *    `suggested` when either had another.
 * 3. `service_date_amount`: the same service within ± N days and the amount within the tolerance: `suggested` only.
 *
 * Rules 2 and 3 pair by mutual best: each pass takes the pairs that are each other's first choice (closest date, then
 * closest amount, then the lowest booking id / row number), and repeats on what is left. The pair with the smallest
 * key overall is always its own best, so each pass takes at least one pair and the loop ends; the keys are total
 * orders, so the result is the same whatever the order rows were written in. What no rule paired is `partner_only`
 * (a booking) or `facility_only` (a line).
 *
 * Re-running on the same data writes the same rows (idempotent): items whose booking and line are unchanged keep
 * their id and the partner's decision; the rest are replaced.
 */

/** Amount within tolerance: the absolute tolerance, or the percentage of the booking's amount (basis points). */
const WITHIN = (line: string, booking: string) =>
  `(${line}.currency = ${booking}.currency AND ${booking}.amount_minor IS NOT NULL AND (abs(${line}.amount_minor - ${booking}.amount_minor) <= s.abs_tol OR abs(${line}.amount_minor - ${booking}.amount_minor) * 10000 <= ${booking}.amount_minor * s.bp_tol))`;

export interface MatchSummary {
  counts: Record<MatchState, number>;
}

export async function matchPeriod(db: Queryable, periodId: number): Promise<MatchSummary> {
  await db.query('DROP TABLE IF EXISTS recon_bookings, recon_lines, recon_pairs, recon_settings');
  await db.query(
    `CREATE TEMP TABLE recon_settings ON COMMIT DROP AS
     SELECT p.id AS period_id, p.referral_agent_id, p.facility_id, p.month,
            coalesce(f.date_tolerance_days, 3) AS days_tol, coalesce(f.amount_tolerance_minor, 0) AS abs_tol,
            coalesce(f.amount_tolerance_bp, 100) AS bp_tol
       FROM reconciliation_periods p LEFT JOIN reconciliation_facility_settings f ON f.facility_id = p.facility_id
      WHERE p.id = $1`,
    [periodId],
  );
  // The period's bookings: the agent's completed treatments at the facility in the month (UTC).
  await db.query(
    `CREATE TEMP TABLE recon_bookings ON COMMIT DROP AS
     SELECT b.id, upper(b.ticket_id) AS ticket, d.service_id, (b.date_time AT TIME ZONE 'UTC')::date AS day,
            b.amount_minor, b.currency, b.referred_by_user_id
       FROM recon_settings s
       JOIN bookings b ON b.referral_agent_id = s.referral_agent_id AND b.facility_id = s.facility_id
        AND b.date_time >= s.month::timestamp AT TIME ZONE 'UTC' AND b.date_time < (s.month + interval '1 month')::timestamp AT TIME ZONE 'UTC'
       JOIN facility_service_details d ON d.id = b.facility_service_detail_id
      WHERE b.status = 'completed'`,
  );
  await db.query(
    `CREATE TEMP TABLE recon_lines ON COMMIT DROP AS
     SELECT l.id, l.row_number, lower(btrim(l.facility_ref)) AS ref, l.booking_ref, l.referral_code, l.treatment_on AS day,
            l.service_id, l.amount_minor, l.currency,
            row_number() OVER (PARTITION BY lower(btrim(l.facility_ref)) ORDER BY l.row_number) > 1 AS repeated
       FROM reconciliation_statement_lines l
       JOIN reconciliation_statements st ON st.id = l.statement_id AND st.replaced_at IS NULL
      WHERE l.period_id = $1`,
    [periodId],
  );
  await db.query(`CREATE TEMP TABLE recon_pairs (booking_id integer, line_id bigint, state text NOT NULL, rule text, score integer) ON COMMIT DROP`);

  // A line repeating an earlier line's facility reference.
  await db.query(`INSERT INTO recon_pairs (line_id, state) SELECT id, 'duplicate' FROM recon_lines WHERE repeated`);

  // Rule 1: the booking reference. The first line naming a booking takes it; a later one is a duplicate.
  await db.query(
    `WITH named AS (
       SELECT l.id AS line_id, b.id AS booking_id, row_number() OVER (PARTITION BY b.id ORDER BY l.row_number) AS nth,
              ${WITHIN('l', 'b')} AS within
         FROM recon_lines l JOIN recon_bookings b ON b.ticket = l.booking_ref CROSS JOIN recon_settings s
        WHERE NOT l.repeated
     )
     INSERT INTO recon_pairs (booking_id, line_id, state, rule, score)
     SELECT CASE WHEN nth = 1 THEN booking_id END, line_id,
            CASE WHEN nth > 1 THEN 'duplicate' WHEN within THEN 'matched' ELSE 'amount_mismatch' END,
            CASE WHEN nth = 1 THEN 'booking_reference' END, CASE WHEN nth = 1 THEN 100 END
       FROM named`,
  );

  await pairByMutualBest(
    db,
    'referral_code',
    `l.referral_code IS NOT NULL AND l.service_id = b.service_id AND abs(l.day - b.day) <= s.days_tol
     AND EXISTS (SELECT 1 FROM referral_codes c WHERE c.user_id = b.referred_by_user_id AND c.code = l.referral_code)`,
    // the only candidate either side had: a match (or a mismatch of amounts); else a suggestion
    `CASE WHEN c.line_candidates = 1 AND c.booking_candidates = 1 THEN (CASE WHEN c.within THEN 'matched' ELSE 'amount_mismatch' END) ELSE 'suggested' END`,
    `greatest(10, 95 - 10 * c.days_apart - CASE WHEN c.line_candidates = 1 AND c.booking_candidates = 1 THEN 0 ELSE 20 END)`,
  );
  await pairByMutualBest(db, 'service_date_amount', `l.service_id = b.service_id AND abs(l.day - b.day) <= s.days_tol AND ${WITHIN('l', 'b')}`, `'suggested'`, `greatest(10, 70 - 10 * c.days_apart)`);

  await db.query(`INSERT INTO recon_pairs (line_id, state) SELECT l.id, 'facility_only' FROM recon_lines l WHERE NOT EXISTS (SELECT 1 FROM recon_pairs p WHERE p.line_id = l.id)`);
  await db.query(`INSERT INTO recon_pairs (booking_id, state) SELECT b.id, 'partner_only' FROM recon_bookings b WHERE NOT EXISTS (SELECT 1 FROM recon_pairs p WHERE p.booking_id = b.id)`);

  // Write the result: unchanged pairs keep their row (and decision), changed ones are replaced.
  await db.query(
    `DELETE FROM reconciliation_items i WHERE i.period_id = $1 AND NOT EXISTS (
       SELECT 1 FROM recon_pairs p WHERE p.booking_id IS NOT DISTINCT FROM i.booking_id AND p.line_id IS NOT DISTINCT FROM i.statement_line_id)`,
    [periodId],
  );
  await db.query(
    `UPDATE reconciliation_items i SET state = p.state, rule = p.rule, score = p.score
       FROM recon_pairs p
      WHERE i.period_id = $1 AND p.booking_id IS NOT DISTINCT FROM i.booking_id AND p.line_id IS NOT DISTINCT FROM i.statement_line_id
        AND (i.state, i.rule, i.score) IS DISTINCT FROM (p.state, p.rule, p.score)`,
    [periodId],
  );
  await db.query(
    `INSERT INTO reconciliation_items (period_id, referral_agent_id, booking_id, statement_line_id, state, rule, score)
     SELECT s.period_id, s.referral_agent_id, p.booking_id, p.line_id, p.state, p.rule, p.score
       FROM recon_pairs p CROSS JOIN recon_settings s
      WHERE NOT EXISTS (SELECT 1 FROM reconciliation_items i WHERE i.period_id = s.period_id
                          AND i.booking_id IS NOT DISTINCT FROM p.booking_id AND i.statement_line_id IS NOT DISTINCT FROM p.line_id)
      ORDER BY p.booking_id NULLS LAST, p.line_id`,
  );
  const counts = await stateCounts(db, periodId);
  await db.query('DROP TABLE IF EXISTS recon_bookings, recon_lines, recon_pairs, recon_settings');
  return { counts };
}

async function pairByMutualBest(db: Queryable, rule: string, condition: string, state: string, score: string): Promise<void> {
  for (;;) {
    const { rowCount } = await db.query(
      `WITH candidates AS (
         SELECT b.id AS booking_id, l.id AS line_id, abs(l.day - b.day) AS days_apart,
                abs(l.amount_minor - coalesce(b.amount_minor, 0)) AS amount_apart, l.row_number, ${WITHIN('l', 'b')} AS within
           FROM recon_lines l CROSS JOIN recon_settings s JOIN recon_bookings b ON true
          WHERE NOT EXISTS (SELECT 1 FROM recon_pairs p WHERE p.line_id = l.id)
            AND NOT EXISTS (SELECT 1 FROM recon_pairs p WHERE p.booking_id = b.id)
            AND ${condition}
       ), ranked AS (
         SELECT *, row_number() OVER (PARTITION BY line_id ORDER BY days_apart, amount_apart, booking_id) AS line_rank,
                   row_number() OVER (PARTITION BY booking_id ORDER BY days_apart, amount_apart, row_number) AS booking_rank,
                   count(*) OVER (PARTITION BY line_id) AS line_candidates,
                   count(*) OVER (PARTITION BY booking_id) AS booking_candidates
           FROM candidates
       )
       INSERT INTO recon_pairs (booking_id, line_id, state, rule, score)
       SELECT c.booking_id, c.line_id, ${state}, '${rule}', ${score}
         FROM ranked c WHERE c.line_rank = 1 AND c.booking_rank = 1`,
    );
    if (!rowCount) return;
  }
}

export async function stateCounts(db: Queryable, periodId: number): Promise<Record<MatchState, number>> {
  const { rows } = await db.query<{ state: MatchState; count: number }>(
    'SELECT state, count(*)::int AS count FROM reconciliation_items WHERE period_id = $1 GROUP BY state',
    [periodId],
  );
  const counts: Record<MatchState, number> = { matched: 0, suggested: 0, partner_only: 0, facility_only: 0, amount_mismatch: 0, duplicate: 0 };
  for (const row of rows) counts[row.state] = row.count;
  return counts;
}
