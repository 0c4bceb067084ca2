/**
 * The bench's commission ledger (issue 16, bench/earnings-bench.ts): a commission line for every completed booking of
 * the bench (about 711,000 for its 1,000,000 bookings; 71,000 for the largest agent), as three years of a programme
 * leave them, built inside the database with INSERT … SELECT (no row goes through this process).
 *
 * - Every completed booking earns a percentage (5 to 15 % by facility × service) of its amount, in its currency, on
 *   its treatment day or up to three days later (when the completion was recorded); payable after a refund window of
 *   14 days (30 for one service in three). The line keeps a rate snapshot as the ledger writes it.
 * - 3 % are reversed inside their window (a refund before payout), with one of the facilities' reasons.
 * - Payouts run on the 5th of each month at 02:00 UTC, per agent and currency, gathering the lines approved by then;
 *   an amount under the currency's minimum (payout-minimums.ts) is carried to the next month (a recursive walk over
 *   the months). Payouts are sent the same morning and paid the next day: paid lines carry the payout and its day; a
 *   payout not yet paid today is sent (or a draft) and its lines are in_payout.
 * - Lines past their window and not in a payout are approved; the rest are pending.
 * - 0.3 % of paid lines are refunded after payout: a clawback line 10 to 70 days after the payout, netted in the
 *   next payout when there is one (one per payout, while the payout stays positive), else approved and waiting.
 * - The daily balances (`commission_daily`) get, besides what the triggers write, the rows of zeros a live ledger
 *   leaves there as its lines move from pending to approved, in_payout and paid (about 44,000 of the largest agent's
 *   47,000 rows): they change no sum, but the summary and the dashboard read them.
 *
 * Lines are written in their final state (the `commission_lines_guard` trigger refuses to change a paid line) and in
 * the order they were earned, every agent interleaved, as a live ledger grows. Nothing is disabled: every index, the
 * foreign keys and the statement-level `commission_daily` triggers run as in production, one statement a quarter.
 *
 * One transaction: a ledger is there whole or not at all. The row `ledger` of `bench_seed_marks` says it is there and
 * how long it took; later runs reuse it (rebuild: `removeBenchLedger` then `ensureBenchLedger`, or BENCH_LEDGER_REBUILD=1).
 */
import type pg from 'pg';
import { minorDigits } from '@portal/contracts/money';
import { payoutMinimum } from '../../modules/payouts/public.ts';

export const BENCH_MARKS_TABLE = 'bench_seed_marks';
const LEDGER_MARK = 'ledger';
/** What the mark's ledger is like: a mark of another format is a ledger built otherwise, built again. */
const LEDGER_FORMAT = 2;

/** A ledger the bench built (or found), and how long building it took. */
export interface BenchLedgerInfo {
  lines: number;
  reversed: number;
  clawbacks: number;
  payouts: number;
  /** the lines of the largest agent (the bench partner's) */
  agentLines: number;
  /** rows of zeros written to commission_daily: what the lines' earlier states leave there in a live ledger */
  zeroRows: number;
  /** building it: the plan, the payouts, the lines with their indexes and rollup triggers, the clawbacks (one transaction) */
  buildSeconds: number;
  /** the VACUUM ANALYZE after it (visibility map and statistics, as the bookings seed does) */
  vacuumSeconds: number;
  /** built by this run (false: reused, the figures are those of the run that built it) */
  builtNow: boolean;
  builtAt: string;
}

const REVERSAL_REASONS = [
  'The facility refunded the patient: the second stage of treatment was cancelled on medical advice.',
  'Refunded in full: the patient was found unfit for surgery at the pre-operative assessment.',
  'The facility credited the invoice after a billing dispute; no commission is due on a credited invoice.',
  'Duplicate booking: the patient was referred twice and treated once.',
];

/** The ledger the bench left, or undefined when there is none (or only part of one). */
export async function findBenchLedger(db: pg.Pool | pg.PoolClient, groupSlug: string): Promise<BenchLedgerInfo | undefined> {
  const table = await db.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [BENCH_MARKS_TABLE]);
  if (!table.rows[0]?.present) return undefined;
  const { rows } = await db.query<{ seconds: number; details: Omit<BenchLedgerInfo, 'builtNow' | 'builtAt' | 'buildSeconds'> & { format?: number }; built_at: Date }>(
    `SELECT seconds, details, built_at FROM ${BENCH_MARKS_TABLE} WHERE name = $1`,
    [LEDGER_MARK],
  );
  const mark = rows[0];
  if (!mark || mark.details.format !== LEDGER_FORMAT) return undefined;
  // The mark and the lines are written in one transaction; a bench rebuilt without its ledger since has none.
  const lines = await db.query(
    `SELECT 1 FROM commission_lines l JOIN referral_agents a ON a.id = l.referral_agent_id JOIN referral_groups g ON g.id = a.referral_group_id
      WHERE g.slug = $1 LIMIT 1`,
    [groupSlug],
  );
  if (!lines.rowCount) return undefined;
  const { format: _format, ...details } = mark.details;
  return { ...details, buildSeconds: Number(mark.seconds), builtNow: false, builtAt: mark.built_at.toISOString() };
}

/** Builds the bench's ledger unless one is there (see the top of this file). Run after the bookings and their member. */
export async function ensureBenchLedger(
  pool: pg.Pool,
  options: { groupSlug: string; largestAgentId: number; rebuild?: boolean; log?: (line: string) => void; now?: Date },
): Promise<BenchLedgerInfo> {
  const log = options.log ?? (() => {});
  const client = await pool.connect();
  try {
    const agentIds = (
      await client.query<{ id: number }>(
        `SELECT a.id FROM referral_agents a JOIN referral_groups g ON g.id = a.referral_group_id WHERE g.slug = $1 ORDER BY a.id`,
        [options.groupSlug],
      )
    ).rows.map((row) => row.id);
    if (options.rebuild) await removeBenchLedger(client, agentIds, log);
    const found = await findBenchLedger(client, options.groupSlug);
    if (found) return found;
    // A ledger of another run (an interrupted rebuild cannot leave one: it is one transaction) or of the server's own
    // jobs would be counted twice: start from none.
    await removeBenchLedger(client, agentIds, () => {});
    return await buildLedger(client, agentIds, options.largestAgentId, options.now ?? new Date(), log);
  } finally {
    await client.query('DROP TABLE IF EXISTS pg_temp.bench_ledger_plan, pg_temp.bench_ledger_groups, pg_temp.bench_ledger_runs, pg_temp.bench_ledger_payouts, pg_temp.bench_ledger_clawbacks').catch(() => {});
    client.release();
  }
}

/**
 * Removes the bench agents' ledger: lines, their daily balances, payouts and finance reports. Paid lines and written
 * reports refuse deletion (their guard triggers), and the lines' self-reference (clawback_of) has no index a foreign
 * key check could use: the session skips triggers (session_replication_role = replica, a superuser's setting, as the
 * bench connects) and removes the balances itself. Before the bench's bookings go, which would cascade to the lines.
 */
export async function removeBenchLedger(client: pg.PoolClient, agentIds: number[], log: (line: string) => void): Promise<void> {
  if (agentIds.length === 0) return;
  const any = await client.query(
    `SELECT 1 WHERE EXISTS (SELECT 1 FROM commission_lines WHERE referral_agent_id = ANY($1::int[]))
                 OR EXISTS (SELECT 1 FROM payouts WHERE referral_agent_id = ANY($1::int[]))
                 OR EXISTS (SELECT 1 FROM finance_reports WHERE referral_agent_id = ANY($1::int[]))`,
    [agentIds],
  );
  const marks = await client.query<{ present: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS present`, [BENCH_MARKS_TABLE]);
  if (!any.rowCount && !marks.rows[0]?.present) return;
  log('bench: removing the bench ledger (lines, balances, payouts, finance reports)…');
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL session_replication_role = replica`);
    await client.query('DELETE FROM commission_lines WHERE referral_agent_id = ANY($1::int[])', [agentIds]);
    await client.query('DELETE FROM commission_daily WHERE referral_agent_id = ANY($1::int[])', [agentIds]);
    await client.query('DELETE FROM finance_reports WHERE referral_agent_id = ANY($1::int[])', [agentIds]);
    await client.query('DELETE FROM payouts WHERE referral_agent_id = ANY($1::int[])', [agentIds]);
    if (marks.rows[0]?.present) await client.query(`DELETE FROM ${BENCH_MARKS_TABLE} WHERE name = $1`, [LEDGER_MARK]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

async function buildLedger(client: pg.PoolClient, agentIds: number[], largestAgentId: number, now: Date, log: (line: string) => void): Promise<BenchLedgerInfo> {
  const started = Date.now();
  const step = async (what: string, sql: string, values: unknown[] = []): Promise<number> => {
    const stepStarted = Date.now();
    const result = await client.query(sql, values);
    log(`bench ledger: ${what}${result.rowCount != null && result.command !== 'CREATE' ? ` (${result.rowCount.toLocaleString('en')} rows)` : ''} ${((Date.now() - stepStarted) / 1000).toFixed(1)} s`);
    return result.rowCount ?? 0;
  };
  const today = now.toISOString().slice(0, 10);
  const currencies = (
    await client.query<{ currency: string }>(`SELECT DISTINCT currency::text AS currency FROM facility_service_details ORDER BY 1`)
  ).rows.map((row) => row.currency.trim());
  const digits = currencies.map((currency) => minorDigits(currency));
  const minimums = currencies.map((currency) => payoutMinimum(currency));
  log(`bench ledger: building the commission ledger of ${agentIds.length.toLocaleString('en')} agents (once; ≤ 5 min is the target)…`);

  await client.query('BEGIN');
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS ${BENCH_MARKS_TABLE} (name text PRIMARY KEY, seconds double precision NOT NULL, details jsonb NOT NULL, built_at timestamptz NOT NULL DEFAULT now())`);
    await client.query(`SET LOCAL work_mem = '64MB'`);
    // 1. The plan: a line per completed booking, priced, with its fate (reversed or not) and its payout run day.
    //    h1..h4: independent pseudo-random streams of the booking id (hashint8 is PostgreSQL's own 64-bit hash).
    await step(
      'plan of the lines',
      `CREATE TEMP TABLE bench_ledger_plan AS
       WITH base AS (
         SELECT b.id AS booking_id, b.referral_agent_id AS agent_id, b.referred_by_user_id AS member_id, b.facility_id, d.service_id,
                (b.date_time AT TIME ZONE 'UTC')::date AS treatment_on, b.currency::text AS currency,
                (b.amount * power(10::numeric, c.digits))::bigint AS base_minor,
                500 + ((b.facility_id * 31 + d.service_id * 17) % 11) * 100 AS basis_points,
                CASE WHEN d.service_id % 3 = 0 THEN 30 ELSE 14 END AS window_days,
                (hashint8(b.id::bigint * 8 + 1)::bigint & 2147483647) AS h1,
                (hashint8(b.id::bigint * 8 + 2)::bigint & 2147483647) AS h2,
                (hashint8(b.id::bigint * 8 + 3)::bigint & 2147483647) AS h3,
                (hashint8(b.id::bigint * 8 + 4)::bigint & 2147483647) AS h4
           FROM bookings b
           JOIN facility_service_details d ON d.id = b.facility_service_detail_id
           JOIN unnest($1::text[], $2::int[]) AS c(currency, digits) ON c.currency = b.currency
          WHERE b.referral_agent_id = ANY($3::int[]) AND b.status = 'completed'
       ), earned AS (
         SELECT base.*, least($4::date, treatment_on + (h1 % 4)::int) AS earned_on FROM base
       ), priced AS (
         SELECT earned.*,
                -- percentageOf(): half away from zero, in integers
                (base_minor * basis_points + 5000) / 10000 AS amount_minor,
                earned_on + window_days AS payable_on,
                h2 % 1000 < 30 AS reversed
           FROM earned
       )
       SELECT priced.*,
              -- the first payout run (the 5th, 02:00 UTC) on or after the day the line is approved
              CASE WHEN extract(day FROM payable_on) <= 5 THEN date_trunc('month', payable_on::timestamp)::date + 4
                   ELSE (date_trunc('month', payable_on::timestamp) + interval '1 month')::date + 4 END AS payout_day,
              CASE WHEN reversed THEN least($5::timestamptz, ((earned_on + (h3 % window_days)::int) + time '10:00') AT TIME ZONE 'UTC') END AS reversed_at
         FROM priced`,
      [currencies, digits, agentIds, today, now],
    );
    await client.query('ANALYZE bench_ledger_plan');

    // 2. Payout runs per agent × currency × run day, and which of them paid: under the minimum the amount waits for
    //    the next month (a walk over each agent's months, all agents at once).
    await step(
      'payout runs',
      `CREATE TEMP TABLE bench_ledger_groups AS
       SELECT agent_id, currency, payout_day AS day, sum(amount_minor) AS amount,
              row_number() OVER (PARTITION BY agent_id, currency ORDER BY payout_day)::int AS rn
         FROM bench_ledger_plan
        WHERE NOT reversed AND (payout_day + time '02:00') AT TIME ZONE 'UTC' <= $1::timestamptz
        GROUP BY agent_id, currency, payout_day`,
      [now],
    );
    await client.query('ALTER TABLE bench_ledger_groups ADD PRIMARY KEY (agent_id, currency, rn)');
    await client.query('ANALYZE bench_ledger_groups');
    await step(
      'payouts: the minimum carried to the next run',
      `CREATE TEMP TABLE bench_ledger_runs AS
       WITH RECURSIVE walk AS (
         SELECT g.agent_id, g.currency, g.rn, g.day, g.amount AS carried, g.amount >= m.minimum AS paid, m.minimum
           FROM bench_ledger_groups g JOIN unnest($1::text[], $2::bigint[]) AS m(currency, minimum) ON m.currency = g.currency
          WHERE g.rn = 1
         UNION ALL
         SELECT g.agent_id, g.currency, g.rn, g.day,
                CASE WHEN w.paid THEN 0 ELSE w.carried END + g.amount,
                CASE WHEN w.paid THEN 0 ELSE w.carried END + g.amount >= w.minimum,
                w.minimum
           FROM walk w JOIN bench_ledger_groups g ON g.agent_id = w.agent_id AND g.currency = w.currency AND g.rn = w.rn + 1
       )
       SELECT agent_id, currency, day, paid,
              -- the run that paid the lines of this run day: the first one from it that reached the minimum
              min(CASE WHEN paid THEN day END) OVER (PARTITION BY agent_id, currency ORDER BY day DESC ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS pay_day
         FROM walk`,
      [currencies, minimums],
    );
    await client.query('ALTER TABLE bench_ledger_runs ADD PRIMARY KEY (agent_id, currency, day)');
    await step(
      'payouts',
      `CREATE TEMP TABLE bench_ledger_payouts AS
       SELECT t.*, CASE WHEN t.paid_at <= $1::timestamptz THEN 'paid' WHEN t.sent_at <= $1::timestamptz THEN 'sent' ELSE 'draft' END AS status,
              (t.paid_at AT TIME ZONE 'UTC')::date AS paid_on
         FROM (
           SELECT r.agent_id, r.currency, r.pay_day AS day, sum(p.amount_minor) AS amount, count(*)::int AS lines,
                  (r.pay_day + time '02:00') AT TIME ZONE 'UTC' AS created_at,
                  (r.pay_day + time '09:30') AT TIME ZONE 'UTC' AS sent_at,
                  (r.pay_day + 1 + time '11:00') AT TIME ZONE 'UTC' AS paid_at
             FROM bench_ledger_plan p
             JOIN bench_ledger_runs r ON r.agent_id = p.agent_id AND r.currency = p.currency AND r.day = p.payout_day
            WHERE NOT p.reversed AND r.pay_day IS NOT NULL
            GROUP BY r.agent_id, r.currency, r.pay_day
         ) AS t`,
      [now],
    );
    await client.query('ALTER TABLE bench_ledger_payouts ADD PRIMARY KEY (agent_id, currency, day)');

    // 3. Clawbacks: a few paid lines refunded after payout, each netted in the next payout of its currency when there
    //    is one (one a payout, while the payout stays positive), else approved and waiting.
    await step(
      'clawbacks',
      `CREATE TEMP TABLE bench_ledger_clawbacks AS
       WITH origins AS (
         SELECT p.booking_id, p.agent_id, p.currency, p.amount_minor, o.paid_on + 10 + (p.h4 % 60)::int AS earned_on
           FROM bench_ledger_plan p
           JOIN bench_ledger_runs r ON r.agent_id = p.agent_id AND r.currency = p.currency AND r.day = p.payout_day
           JOIN bench_ledger_payouts o ON o.agent_id = p.agent_id AND o.currency = p.currency AND o.day = r.pay_day
          WHERE NOT p.reversed AND o.status = 'paid' AND p.h4 % 1000 < 3 AND p.amount_minor > 0
       ), placed AS (
         SELECT c.*, (SELECT min(o.day) FROM bench_ledger_payouts o WHERE o.agent_id = c.agent_id AND o.currency = c.currency AND o.day > c.earned_on) AS next_day
           FROM origins c WHERE c.earned_on <= $1::date
       ), one_each AS (
         SELECT DISTINCT ON (agent_id, currency, next_day) booking_id FROM placed WHERE next_day IS NOT NULL ORDER BY agent_id, currency, next_day, booking_id
       )
       SELECT pl.booking_id, pl.agent_id, pl.currency, pl.earned_on, -pl.amount_minor AS amount_minor,
              CASE WHEN e.booking_id IS NOT NULL AND o.amount - pl.amount_minor > 0 THEN pl.next_day END AS pay_day
         FROM placed pl
         LEFT JOIN one_each e ON e.booking_id = pl.booking_id
         LEFT JOIN bench_ledger_payouts o ON o.agent_id = pl.agent_id AND o.currency = pl.currency AND o.day = pl.next_day`,
      [today],
    );
    await client.query(
      `UPDATE bench_ledger_payouts o SET amount = o.amount + c.amount_minor, lines = o.lines + 1
         FROM bench_ledger_clawbacks c WHERE c.agent_id = o.agent_id AND c.currency = o.currency AND c.pay_day = o.day`,
    );

    // 4. The payouts, numbered per year after any statement already there (SB-YYYY-NNNNNN, as payouts.ts numbers them).
    const payouts = await step(
      'insert payouts',
      `WITH last AS (
         SELECT substr(statement_number, 4, 4) AS year, max(right(statement_number, 6)::int) AS number
           FROM payouts WHERE statement_number ~ '^SB-[0-9]{4}-[0-9]{6}$' GROUP BY 1
       ), numbered AS (
         SELECT o.*, to_char(o.paid_on, 'YYYY') AS year,
                row_number() OVER (PARTITION BY o.status = 'paid', to_char(o.paid_on, 'YYYY') ORDER BY o.paid_at, o.agent_id, o.currency) AS position
           FROM bench_ledger_payouts o
       )
       INSERT INTO payouts (referral_agent_id, currency, amount_minor, lines, status, statement_number, created_at, sent_at, paid_at, scheduled_on, exported_at, bank_reference)
       SELECT n.agent_id, n.currency, n.amount, n.lines, n.status,
              CASE WHEN n.status = 'paid' THEN 'SB-' || n.year || '-' || lpad((coalesce(l.number, 0) + n.position)::text, 6, '0') END,
              n.created_at,
              CASE WHEN n.status <> 'draft' THEN n.sent_at END,
              CASE WHEN n.status = 'paid' THEN n.paid_at END,
              n.day,
              CASE WHEN n.status <> 'draft' THEN n.sent_at END,
              CASE WHEN n.status = 'paid' THEN 'TRF' || to_char(n.day, 'YYYYMMDD') || lpad(n.agent_id::text, 5, '0') || n.currency END
         FROM numbered n LEFT JOIN last l ON l.year = n.year
        ORDER BY n.created_at, n.agent_id, n.currency`,
    );
    await client.query(
      `ALTER TABLE bench_ledger_payouts ADD COLUMN payout_id bigint;
       UPDATE bench_ledger_payouts o SET payout_id = p.id
         FROM payouts p WHERE p.referral_agent_id = o.agent_id AND p.currency = o.currency AND p.scheduled_on = o.day AND p.status <> 'failed'`,
    );

    // 5. The lines, a quarter of earning days a statement, in the order they were earned (agents interleaved).
    const range = (await client.query<{ first: string; last: string }>(`SELECT min(earned_on)::text AS first, max(earned_on)::text AS last FROM bench_ledger_plan`)).rows[0]!;
    let lines = 0;
    for (let from = quarterOf(range.first); from <= range.last; from = nextQuarter(from)) {
      const to = nextQuarter(from);
      lines += await step(
        `lines earned ${from} – ${to}`,
        `INSERT INTO commission_lines (kind, referral_agent_id, referred_by_user_id, booking_id, facility_id, service_id, treatment_on, earned_on,
                                       base_minor, base_currency, rate_id, rate, amount_minor, currency, status, payable_on, reversal_reason, payout_id,
                                       approved_at, reversed_at, paid_on, created_at, updated_at)
         SELECT 'commission', p.agent_id, p.member_id, p.booking_id, p.facility_id, p.service_id, p.treatment_on, p.earned_on,
                p.base_minor, p.currency, NULL,
                jsonb_build_object('kind', 'percentage', 'basis_points', p.basis_points, 'amount_minor', NULL, 'currency', p.currency,
                                   'refund_window_days', p.window_days, 'base_description', 'The treatment as invoiced, before tax',
                                   'base_description_ar', 'العلاج كما في الفاتورة، قبل الضريبة',
                                   'scope', jsonb_build_object('facility', NULL, 'service', NULL, 'specialty', NULL, 'tier', NULL),
                                   'valid_from', '2023-01-01', 'valid_to', NULL, 'individual', false),
                p.amount_minor, p.currency,
                CASE WHEN p.reversed THEN 'reversed' WHEN o.status = 'paid' THEN 'paid' WHEN o.status IS NOT NULL THEN 'in_payout'
                     WHEN p.payable_on <= $3::date THEN 'approved' ELSE 'pending' END,
                p.payable_on,
                CASE WHEN p.reversed THEN ($4::text[])[1 + (p.h3 % cardinality($4::text[]))::int] END,
                o.payout_id,
                CASE WHEN NOT p.reversed AND p.payable_on <= $3::date THEN least($5::timestamptz, (p.payable_on + time '00:30') AT TIME ZONE 'UTC') END,
                p.reversed_at,
                CASE WHEN o.status = 'paid' THEN o.paid_on END,
                least($5::timestamptz, (p.earned_on + time '10:00') AT TIME ZONE 'UTC'),
                least($5::timestamptz, coalesce(CASE WHEN o.status = 'paid' THEN o.paid_at WHEN o.status IS NOT NULL THEN o.created_at END, p.reversed_at,
                                                 CASE WHEN p.payable_on <= $3::date THEN (p.payable_on + time '00:30') AT TIME ZONE 'UTC' END,
                                                 (p.earned_on + time '10:00') AT TIME ZONE 'UTC'))
           FROM bench_ledger_plan p
           LEFT JOIN bench_ledger_runs r ON NOT p.reversed AND r.agent_id = p.agent_id AND r.currency = p.currency AND r.day = p.payout_day
           LEFT JOIN bench_ledger_payouts o ON o.agent_id = r.agent_id AND o.currency = r.currency AND o.day = r.pay_day
          WHERE p.earned_on >= $1::date AND p.earned_on < $2::date
          ORDER BY p.earned_on, p.booking_id`,
        [from, to, today, REVERSAL_REASONS, now],
      );
    }

    // 6. The clawbacks, pointing at the lines they take back.
    const clawbacks = await step(
      'insert clawbacks',
      `INSERT INTO commission_lines (kind, referral_agent_id, referred_by_user_id, booking_id, facility_id, service_id, treatment_on, earned_on,
                                     base_minor, base_currency, rate_id, rate, agreement_id, agreement_key, agreement_version, amount_minor, currency,
                                     status, payable_on, approved_at, clawback_of, payout_id, paid_on, created_at, updated_at)
       SELECT 'clawback', l.referral_agent_id, l.referred_by_user_id, l.booking_id, l.facility_id, l.service_id, l.treatment_on, c.earned_on,
              l.base_minor, l.base_currency, l.rate_id, l.rate, l.agreement_id, l.agreement_key, l.agreement_version, c.amount_minor, l.currency,
              CASE WHEN o.status = 'paid' THEN 'paid' WHEN o.status IS NOT NULL THEN 'in_payout' ELSE 'approved' END,
              c.earned_on, least($1::timestamptz, (c.earned_on + time '11:00') AT TIME ZONE 'UTC'), l.id, o.payout_id,
              CASE WHEN o.status = 'paid' THEN o.paid_on END,
              least($1::timestamptz, (c.earned_on + time '11:00') AT TIME ZONE 'UTC'),
              least($1::timestamptz, coalesce(CASE WHEN o.status = 'paid' THEN o.paid_at WHEN o.status IS NOT NULL THEN o.created_at END, (c.earned_on + time '11:00') AT TIME ZONE 'UTC'))
         FROM bench_ledger_clawbacks c
         JOIN commission_lines l ON l.booking_id = c.booking_id AND l.kind = 'commission'
         LEFT JOIN bench_ledger_payouts o ON o.agent_id = c.agent_id AND o.currency = c.currency AND o.day = c.pay_day
        ORDER BY c.earned_on, c.booking_id`,
      [now],
    );
    // 7. The rows of zeros a live ledger's moves leave in its daily balances: a line earned pending on day E, then
    //    approved, gathered in a payout and paid on P counts -1 on (E, pending), (E, approved) and (E, in_payout) in
    //    turn, and each key whose lines all moved on keeps its row (0022_commission_ledger.sql). Lines written in their
    //    final state leave none; the dashboard and the summary read them all, so the bench writes them as they would be.
    const zeroRows = await step(
      'daily balances: the zero rows of the lines\' earlier states',
      `INSERT INTO commission_daily (referral_agent_id, member_id, day, currency, status, amount_minor, lines)
       SELECT DISTINCT l.referral_agent_id, coalesce(l.referred_by_user_id, 0), l.earned_on, l.currency, s.status, 0::bigint, 0
         FROM commission_lines l
         JOIN (VALUES ('pending', 0), ('approved', 1), ('in_payout', 2)) AS s(status, stage)
           ON s.stage < CASE l.status WHEN 'pending' THEN 0 WHEN 'approved' THEN 1 WHEN 'reversed' THEN 1 WHEN 'in_payout' THEN 2 ELSE 3 END
          AND (l.kind = 'commission' OR s.stage >= 1)
        WHERE l.referral_agent_id = ANY($1::int[])
        ORDER BY 3, 1, 2, 4, 5
       ON CONFLICT (referral_agent_id, member_id, day, currency, status) DO NOTHING`,
      [agentIds],
    );
    const counts = (
      await client.query<{ reversed: number; agent_lines: number }>(
        `SELECT count(*) FILTER (WHERE reversed)::int AS reversed, count(*) FILTER (WHERE agent_id = $1)::int AS agent_lines FROM bench_ledger_plan`,
        [largestAgentId],
      )
    ).rows[0]!;
    const buildSeconds = (Date.now() - started) / 1000;
    const details = { lines, reversed: counts.reversed, clawbacks, payouts, agentLines: counts.agent_lines, zeroRows, vacuumSeconds: 0 };
    await client.query(
      `INSERT INTO ${BENCH_MARKS_TABLE} (name, seconds, details) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET seconds = excluded.seconds, details = excluded.details, built_at = now()`,
      [LEDGER_MARK, buildSeconds, JSON.stringify({ ...details, format: LEDGER_FORMAT })],
    );
    await client.query('COMMIT');
    log(`bench ledger: committed, ${buildSeconds.toFixed(1)} s`);
    const vacuumStarted = Date.now();
    for (const table of ['commission_lines', 'commission_daily', 'payouts']) await client.query(`VACUUM (ANALYZE) ${table}`);
    const vacuumSeconds = (Date.now() - vacuumStarted) / 1000;
    log(`bench ledger: VACUUM ANALYZE ${vacuumSeconds.toFixed(1)} s`);
    await client.query(`UPDATE ${BENCH_MARKS_TABLE} SET details = details || jsonb_build_object('vacuumSeconds', $2::float8) WHERE name = $1`, [LEDGER_MARK, vacuumSeconds]);
    return { ...details, vacuumSeconds, buildSeconds, builtNow: true, builtAt: new Date().toISOString() };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** The first day of the quarter `day` falls in. */
function quarterOf(day: string): string {
  const month = Number(day.slice(5, 7));
  return `${day.slice(0, 4)}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
}

function nextQuarter(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 3, 1)).toISOString().slice(0, 10);
}
