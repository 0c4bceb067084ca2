import { EXCEPTION_KINDS, type ExceptionCounts, type ExceptionKind, type ExceptionsQuery, type FinanceException, type HeldReason, type UnpricedReason } from '@portal/contracts/console-exceptions';
import { queryPage, type Queryable } from '../../db/queryable.ts';

/**
 * Finance's exceptions (docs/console-exceptions.md), read from the ledger's own tables as they are now: nothing is
 * copied, so an exception disappears the moment what caused it is resolved. Each kind is one SELECT of the same
 * columns; the list is their UNION ALL, filtered by agent and currency inside each (`$1`, `$2`).
 */

/**
 * A completion with no pricing failure recorded is one whose job has not run yet (seconds, normally); after this long
 * without a line (the hourly sweep has passed) it is listed as not priced yet.
 */
const NOT_PRICED_AFTER = "interval '2 hours'";

const SCOPE = (alias: string) => `($1::integer IS NULL OR ${alias}.referral_agent_id = $1) AND ($2::text IS NULL OR ${alias}.currency = $2)`;

const KIND_SQL: Record<ExceptionKind, string> = {
  // Completed bookings without their commission: the ledger's reason, or none recorded for too long.
  unpriced_completion: `
    SELECT 'unpriced_completion' AS kind, 'unpriced_completion:' || b.id AS id, b.referral_agent_id, ra.name AS agent_name, b.currency::text AS currency,
           coalesce(c.completed_at, b.updated_at) AS since, coalesce(p.reason, 'not_priced_yet') AS reason,
           b.id AS booking_id, b.ticket_id, b.facility_id, f.name AS facility_name, b.amount::text AS amount, NULL::text AS amount_minor, NULL::bigint AS payout_id
      FROM bookings b
      JOIN referral_agents ra ON ra.id = b.referral_agent_id
      JOIN facilities f ON f.id = b.facility_id
      CROSS JOIN LATERAL (SELECT max(h.created_at) AS completed_at FROM booking_status_history h WHERE h.booking_id = b.id AND h.to_status = 'completed') c
      LEFT JOIN commission_pricing_failures p ON p.booking_id = b.id
     WHERE b.status = 'completed' AND ${SCOPE('b')}
       AND NOT EXISTS (SELECT 1 FROM commission_lines l WHERE l.booking_id = b.id AND l.kind = 'commission')
       AND (p.reason IS NOT NULL OR coalesce(c.completed_at, b.updated_at) < now() - ${NOT_PRICED_AFTER})`,
  // The approved lines of an agent in a currency add up to less than nothing: the partner owes the programme. Since
  // when: the open notice (the scan's), else the latest approval that may have caused it.
  negative_balance: `
    SELECT 'negative_balance' AS kind, 'negative_balance:' || s.referral_agent_id || ':' || s.currency AS id, s.referral_agent_id, ra.name AS agent_name, s.currency::text AS currency,
           coalesce(n.opened_at, s.last_at) AS since, NULL::text AS reason,
           NULL::integer AS booking_id, NULL::text AS ticket_id, NULL::integer AS facility_id, NULL::text AS facility_name, NULL::text AS amount, s.balance::text AS amount_minor, NULL::bigint AS payout_id
      FROM (SELECT l.referral_agent_id, l.currency, sum(l.amount_minor) AS balance, max(coalesce(l.approved_at, l.created_at)) AS last_at
              FROM commission_lines l WHERE l.status = 'approved' AND ${SCOPE('l')} GROUP BY 1, 2 HAVING sum(l.amount_minor) < 0) s
      JOIN referral_agents ra ON ra.id = s.referral_agent_id
      LEFT JOIN negative_balance_notices n ON n.referral_agent_id = s.referral_agent_id AND n.currency = s.currency AND n.closed_at IS NULL`,
  // A failed payout stays an exception until a later payout of the same agent and currency is built (its lines are
  // approved again when it fails, so the next run, or "Run payouts now", takes them).
  failed_payout: `
    SELECT 'failed_payout' AS kind, 'failed_payout:' || p.id AS id, p.referral_agent_id, ra.name AS agent_name, p.currency::text AS currency,
           p.failed_at AS since, p.failure_reason AS reason,
           NULL::integer AS booking_id, NULL::text AS ticket_id, NULL::integer AS facility_id, NULL::text AS facility_name, NULL::text AS amount, p.amount_minor::text AS amount_minor, p.id AS payout_id
      FROM payouts p
      JOIN referral_agents ra ON ra.id = p.referral_agent_id
     WHERE p.status = 'failed' AND ${SCOPE('p')}
       AND NOT EXISTS (SELECT 1 FROM payouts q WHERE q.referral_agent_id = p.referral_agent_id AND q.currency = p.currency AND q.status <> 'failed' AND q.created_at > p.failed_at)`,
  // Money due (approved lines adding up to more than nothing, draft payouts) to an agent whose payment details are
  // missing, unverified or frozen: the payout run holds it and a draft cannot be sent.
  held_payout: `
    SELECT 'held_payout' AS kind, 'held_payout:' || o.referral_agent_id || ':' || o.currency AS id, o.referral_agent_id, ra.name AS agent_name, o.currency::text AS currency,
           -- held since the money was due, or since the details changed or froze if that came later
           greatest(min(o.since), CASE d.status WHEN 'frozen' THEN d.frozen_at WHEN 'unverified' THEN d.updated_at END) AS since, coalesce(d.status, 'missing') AS reason,
           NULL::integer AS booking_id, NULL::text AS ticket_id, NULL::integer AS facility_id, NULL::text AS facility_name, NULL::text AS amount, sum(o.amount)::text AS amount_minor, NULL::bigint AS payout_id
      FROM (SELECT l.referral_agent_id, l.currency, sum(l.amount_minor) AS amount, min(coalesce(l.approved_at, l.created_at)) AS since
              FROM commission_lines l WHERE l.status = 'approved' AND ${SCOPE('l')} GROUP BY 1, 2 HAVING sum(l.amount_minor) > 0
            UNION ALL
            SELECT p.referral_agent_id, p.currency, p.amount_minor, p.created_at FROM payouts p WHERE p.status = 'draft' AND ${SCOPE('p')}) o
      JOIN referral_agents ra ON ra.id = o.referral_agent_id
      LEFT JOIN payment_details d ON d.referral_agent_id = o.referral_agent_id
     WHERE d.status IS DISTINCT FROM 'verified'
     GROUP BY o.referral_agent_id, ra.name, o.currency, d.status, d.frozen_at, d.updated_at`,
};

interface ExceptionRecord {
  kind: ExceptionKind;
  id: string;
  referral_agent_id: number;
  agent_name: string;
  currency: string;
  since: Date | string;
  reason: string | null;
  booking_id: number | null;
  ticket_id: string | null;
  facility_id: number | null;
  facility_name: string | null;
  amount: string | null;
  amount_minor: string | null;
  payout_id: string | number | null;
}

function union(kinds: readonly ExceptionKind[]): string {
  return `(${kinds.map((kind) => KIND_SQL[kind]).join('\n UNION ALL \n')}) AS exceptions`;
}

function toRow(record: ExceptionRecord): FinanceException {
  const common = { id: record.id, referral_agent_id: record.referral_agent_id, agent_name: record.agent_name, currency: record.currency, since: new Date(record.since).toISOString() };
  switch (record.kind) {
    case 'unpriced_completion':
      return {
        kind: record.kind,
        ...common,
        reason: record.reason as UnpricedReason,
        booking_id: record.booking_id ?? 0,
        ticket_id: record.ticket_id,
        facility_id: record.facility_id ?? 0,
        facility_name: record.facility_name ?? '',
        amount: record.amount ?? '',
      };
    case 'negative_balance':
      return { kind: record.kind, ...common, amount_minor: Number(record.amount_minor) };
    case 'failed_payout':
      return { kind: record.kind, ...common, payout_id: Number(record.payout_id), amount_minor: Number(record.amount_minor), reason: record.reason ?? '' };
    case 'held_payout':
      return { kind: record.kind, ...common, amount_minor: Number(record.amount_minor), reason: record.reason as HeldReason };
  }
}

const scopeValues = (filters: { referral_agent_id?: number | undefined; currency?: string | undefined }) => [filters.referral_agent_id ?? null, filters.currency ?? null];

/** The open exceptions the filters keep, newest first (the id breaks ties, so pages never overlap). */
export async function findExceptionsPage(db: Queryable, query: ExceptionsQuery): Promise<{ rows: FinanceException[]; total: number }> {
  const { rows, total } = await queryPage<ExceptionRecord>(db, {
    select: '*',
    from: union(query.kind ? [query.kind] : EXCEPTION_KINDS),
    where: 'true',
    values: scopeValues(query),
    orderBy: 'since DESC, id ASC',
    page: query.page,
    perPage: query.per_page,
  });
  return { rows: rows.map(toRow), total };
}

/** How many open exceptions of each kind the agent and currency filters keep, and the filters' choices. */
export async function countExceptions(db: Queryable, filters: { referral_agent_id?: number | undefined; currency?: string | undefined } = {}): Promise<ExceptionCounts> {
  const { rows } = await db.query<{ kind: ExceptionKind; count: number }>(`SELECT kind, count(*)::int AS count FROM ${union(EXCEPTION_KINDS)} GROUP BY kind`, scopeValues(filters));
  const counts = Object.fromEntries(EXCEPTION_KINDS.map((kind) => [kind, rows.find((row) => row.kind === kind)?.count ?? 0])) as Record<ExceptionKind, number>;
  // The filters' choices come from every open exception, so choosing one agent does not empty the currency's list.
  const choices = await db.query<{ agents: { id: number; name: string }[] | null; currencies: string[] | null }>(
    `WITH open_rows AS (SELECT referral_agent_id, agent_name, currency FROM ${union(EXCEPTION_KINDS)})
     SELECT (SELECT json_agg(json_build_object('id', a.referral_agent_id, 'name', a.agent_name) ORDER BY a.agent_name, a.referral_agent_id)
               FROM (SELECT DISTINCT referral_agent_id, agent_name FROM open_rows) a) AS agents,
            (SELECT array_agg(DISTINCT currency ORDER BY currency) FROM open_rows) AS currencies`,
    [null, null],
  );
  return {
    counts,
    total: Object.values(counts).reduce((sum, count) => sum + count, 0),
    agents: choices.rows[0]?.agents ?? [],
    currencies: choices.rows[0]?.currencies ?? [],
  };
}

export interface OpenedNotice {
  referral_agent_id: number;
  agent_name: string;
  currency: string;
  balance_minor: number;
}

/**
 * Brings the notices of negative balances up to date in one transaction's client: opens one for each agent and
 * currency now below zero that has none open (answering those, to tell finance), and closes those no longer below.
 */
export async function syncNegativeBalanceNotices(db: Queryable): Promise<OpenedNotice[]> {
  const negative = `SELECT referral_agent_id, currency, sum(amount_minor) AS balance FROM commission_lines WHERE status = 'approved' GROUP BY 1, 2 HAVING sum(amount_minor) < 0`;
  await db.query(
    `UPDATE negative_balance_notices n SET closed_at = now()
      WHERE n.closed_at IS NULL AND NOT EXISTS (SELECT 1 FROM (${negative}) s WHERE s.referral_agent_id = n.referral_agent_id AND s.currency = n.currency)`,
  );
  const { rows } = await db.query<{ referral_agent_id: number; agent_name: string; currency: string; balance_minor: string }>(
    `WITH opened AS (
       INSERT INTO negative_balance_notices (referral_agent_id, currency, balance_minor)
       SELECT referral_agent_id, currency, balance FROM (${negative}) s
       ON CONFLICT (referral_agent_id, currency) WHERE closed_at IS NULL DO NOTHING
       RETURNING referral_agent_id, currency, balance_minor)
     SELECT o.referral_agent_id, ra.name AS agent_name, o.currency::text AS currency, o.balance_minor::text AS balance_minor
       FROM opened o JOIN referral_agents ra ON ra.id = o.referral_agent_id ORDER BY ra.name, o.currency`,
  );
  return rows.map((row) => ({ ...row, balance_minor: Number(row.balance_minor) }));
}

/** The active operators whose role reads exceptions: who is told of a new negative balance. */
export async function operatorsToTell(db: Queryable, roles: readonly string[]): Promise<{ email: string; name: string }[]> {
  const { rows } = await db.query<{ email: string; name: string }>(`SELECT email, name FROM operators WHERE status = 'active' AND role = ANY($1::text[]) ORDER BY id`, [roles]);
  return rows;
}
