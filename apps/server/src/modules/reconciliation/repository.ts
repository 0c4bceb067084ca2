import type { ConsolePeriodQuery, ConsolePeriodRow } from '@portal/contracts/console-reconciliation';
import { BOOKING_ID_PREFIX } from '@portal/contracts/constants';
import type { FinanceStatement, ItemListQuery, ItemRow, MatchState, PeriodListQuery, PeriodRow, ReconciliationFacility } from '@portal/contracts/reconciliation';
import { queryPage, type Queryable } from '../../db/queryable.ts';

/**
 * Reconciliation's reads. The partner's take the agent first and name it in every WHERE clause; the console's pass
 * null for "every agent". Items carry the booking's patient name only when asked to (a role that may see patients).
 */

const EMPTY_COUNTS: Record<MatchState, number> = { matched: 0, suggested: 0, partner_only: 0, facility_only: 0, amount_mismatch: 0, duplicate: 0 };

interface PeriodRecord {
  id: string;
  referral_agent_id: number;
  agent_name: string;
  facility_id: number;
  facility_name: string;
  facility_slug: string;
  month: string;
  currency: string;
  status: PeriodRow['status'];
  lock_on: string;
  counts: Partial<Record<MatchState, number>> | null;
  open_disputes: number;
  has_statement: boolean;
}

const PERIOD_SELECT = `p.id, p.referral_agent_id, a.name AS agent_name, p.facility_id, f.name AS facility_name, f.slug AS facility_slug,
  to_char(p.month, 'YYYY-MM') AS month, p.currency, p.status, p.lock_on::text AS lock_on,
  (SELECT jsonb_object_agg(state, n) FROM (SELECT state, count(*)::int AS n FROM reconciliation_items i WHERE i.period_id = p.id GROUP BY state) c) AS counts,
  (SELECT count(*)::int FROM reconciliation_disputes d WHERE d.period_id = p.id AND d.resolved_at IS NULL) AS open_disputes,
  p.statement_pdf IS NOT NULL AS has_statement`;
const PERIOD_FROM = 'reconciliation_periods p JOIN facilities f ON f.id = p.facility_id JOIN referral_agents a ON a.id = p.referral_agent_id';

function toPeriodRow(record: PeriodRecord): PeriodRow {
  return {
    id: Number(record.id),
    facility: { id: record.facility_id, name: record.facility_name, slug: record.facility_slug },
    month: record.month,
    currency: record.currency,
    status: record.status,
    lock_on: record.lock_on,
    counts: { ...EMPTY_COUNTS, ...(record.counts ?? {}) },
    open_disputes: record.open_disputes,
    has_statement: record.has_statement,
  };
}

function toConsolePeriodRow(record: PeriodRecord): ConsolePeriodRow {
  return { ...toPeriodRow(record), agent: { id: record.referral_agent_id, name: record.agent_name } };
}

function periodFilters(agentId: number | null, query: Pick<PeriodListQuery, 'facility' | 'status' | 'month'> & { agent?: number | undefined }) {
  const values: unknown[] = [];
  const where: string[] = [];
  const agent = agentId ?? query.agent;
  if (agent !== undefined) {
    values.push(agent);
    where.push(`p.referral_agent_id = $${values.length}`);
  }
  if (query.facility !== undefined) {
    values.push(query.facility);
    where.push(`p.facility_id = $${values.length}`);
  }
  if (query.status !== undefined) {
    values.push(query.status);
    where.push(`p.status = $${values.length}`);
  }
  if (query.month !== undefined) {
    values.push(`${query.month}-01`);
    where.push(`p.month = $${values.length}::date`);
  }
  return { values, where: where.length > 0 ? where.join(' AND ') : 'true' };
}

export async function findPeriodsPage(db: Queryable, agentId: number, query: PeriodListQuery): Promise<{ rows: PeriodRow[]; total: number }> {
  const { values, where } = periodFilters(agentId, query);
  const { rows, total } = await queryPage<PeriodRecord>(db, {
    select: PERIOD_SELECT,
    from: PERIOD_FROM,
    where,
    values,
    orderBy: query.sort === 'month' ? 'p.month ASC, f.name ASC, p.id ASC' : 'p.month DESC, f.name ASC, p.id DESC',
    page: query.page,
    perPage: query.per_page,
  });
  return { rows: rows.map(toPeriodRow), total };
}

export async function findConsolePeriodsPage(db: Queryable, query: ConsolePeriodQuery): Promise<{ rows: ConsolePeriodRow[]; total: number }> {
  const { values, where } = periodFilters(null, query);
  const { rows, total } = await queryPage<PeriodRecord>(db, {
    select: PERIOD_SELECT,
    from: PERIOD_FROM,
    where,
    values,
    orderBy: query.sort === 'month' ? 'p.month ASC, a.name ASC, f.name ASC, p.id ASC' : 'p.month DESC, a.name ASC, f.name ASC, p.id DESC',
    page: query.page,
    perPage: query.per_page,
  });
  return { rows: rows.map(toConsolePeriodRow), total };
}

/** One period: the agent's (partner), or any (agentId null: the console). */
export async function findPeriod(db: Queryable, agentId: number | null, id: number): Promise<ConsolePeriodRow | undefined> {
  const { rows } = await db.query<PeriodRecord>(
    `SELECT ${PERIOD_SELECT} FROM ${PERIOD_FROM} WHERE p.id = $1 AND ($2::int IS NULL OR p.referral_agent_id = $2)`,
    [id, agentId],
  );
  return rows[0] ? toConsolePeriodRow(rows[0]) : undefined;
}

/** The period row, locked for a write; the partner's only when agentId is given. */
export async function lockPeriodRow(db: Queryable, agentId: number | null, id: number) {
  const { rows } = await db.query<{ id: string; referral_agent_id: number; facility_id: number; month: string; currency: string; status: PeriodRow['status']; lock_on: string }>(
    `SELECT id, referral_agent_id, facility_id, to_char(month, 'YYYY-MM') AS month, currency, status, lock_on::text AS lock_on
       FROM reconciliation_periods WHERE id = $1 AND ($2::int IS NULL OR referral_agent_id = $2) FOR UPDATE`,
    [id, agentId],
  );
  return rows[0];
}

interface ItemRecord {
  id: string;
  period_id: string;
  state: ItemRow['state'];
  rule: ItemRow['rule'];
  score: number | null;
  decision: ItemRow['decision'];
  decline_reason: ItemRow['decline_reason'];
  decision_note: string | null;
  booking_id: number | null;
  ticket_id: string | null;
  booking_day: string | null;
  booking_service: string | null;
  booking_amount: string | null;
  booking_currency: string | null;
  patient_name: string | null;
  commission: string | null;
  rate: { kind: string; basis_points?: number | null } | null;
  line_id: string | null;
  row_number: number | null;
  facility_ref: string | null;
  booking_ref: string | null;
  referral_code: string | null;
  line_day: string | null;
  line_service: string | null;
  line_amount: string | null;
  line_currency: string | null;
  patient_initials: string | null;
  birth_year: number | null;
  open_dispute_id: string | null;
  comments: number;
}

/** What a percentage snapshot pays on an amount (half away from zero, as the ledger rounds); a flat fee pays its line. */
function shareOf(rate: ItemRecord['rate'], amountMinor: number, ledgerCommission: number | null): number | null {
  if (!rate) return null;
  if (rate.kind !== 'percentage') return ledgerCommission;
  const product = BigInt(amountMinor) * BigInt(rate.basis_points ?? 0);
  return Number((product + 5_000n) / 10_000n);
}

function toItemRow(record: ItemRecord, showNames: boolean): ItemRow {
  const commission = record.commission === null ? null : Number(record.commission);
  return {
    id: Number(record.id),
    period_id: Number(record.period_id),
    state: record.state,
    rule: record.rule,
    score: record.score,
    decision: record.decision,
    decline_reason: record.decline_reason,
    decision_note: record.decision_note,
    booking:
      record.booking_id === null
        ? null
        : {
            id: record.booking_id,
            reference: record.ticket_id === null ? '-' : `${BOOKING_ID_PREFIX}${record.ticket_id}`,
            treatment_on: record.booking_day!,
            service: record.booking_service ?? '',
            amount_minor: record.booking_amount === null ? null : Number(record.booking_amount),
            currency: record.booking_currency!,
            patient_name: showNames ? record.patient_name : null,
            commission_minor: commission,
          },
    line:
      record.line_id === null
        ? null
        : {
            id: Number(record.line_id),
            row_number: record.row_number!,
            facility_ref: record.facility_ref!,
            booking_ref: record.booking_ref,
            referral_code: record.referral_code,
            treatment_on: record.line_day!,
            service: record.line_service!,
            amount_minor: Number(record.line_amount),
            currency: record.line_currency!,
            patient_initials: record.patient_initials,
            birth_year: record.birth_year,
            commission_minor: shareOf(record.rate, Number(record.line_amount), commission),
          },
    open_dispute_id: record.open_dispute_id === null ? null : Number(record.open_dispute_id),
    comments: record.comments,
  };
}

const ITEM_SELECT = `i.id, i.period_id, i.state, i.rule, i.score, i.decision, i.decline_reason, i.decision_note,
  b.id AS booking_id, b.ticket_id, (b.date_time AT TIME ZONE 'UTC')::date::text AS booking_day, sv.name AS booking_service,
  b.amount_minor::text AS booking_amount, b.currency AS booking_currency, c.name AS patient_name,
  cl.amount_minor::text AS commission, cl.rate,
  l.id AS line_id, l.row_number, l.facility_ref, l.booking_ref, l.referral_code, l.treatment_on::text AS line_day, l.service AS line_service,
  l.amount_minor::text AS line_amount, l.currency AS line_currency, l.patient_initials, l.birth_year,
  (SELECT d.id FROM reconciliation_disputes d WHERE d.item_id = i.id AND d.resolved_at IS NULL) AS open_dispute_id,
  (SELECT count(*)::int FROM reconciliation_comments k WHERE k.item_id = i.id) AS comments`;
const ITEM_FROM = `reconciliation_items i
  LEFT JOIN bookings b ON b.id = i.booking_id
  LEFT JOIN clients c ON c.id = b.client_id
  LEFT JOIN facility_service_details fd ON fd.id = b.facility_service_detail_id
  LEFT JOIN services sv ON sv.id = fd.service_id
  LEFT JOIN commission_lines cl ON cl.booking_id = b.id AND cl.kind = 'commission'
  LEFT JOIN reconciliation_statement_lines l ON l.id = i.statement_line_id`;

/** The states needing the partner first: suggestions, mismatches, the one-sided lines, then duplicates and matches. */
const STATE_ORDER = `array_position(ARRAY['suggested','amount_mismatch','partner_only','facility_only','duplicate','matched']::text[], i.state)`;

export async function findItemsPage(db: Queryable, agentId: number | null, query: Pick<ItemListQuery, 'period' | 'state' | 'page' | 'per_page'>, showNames: boolean): Promise<{ rows: ItemRow[]; total: number }> {
  const values: unknown[] = [query.period ?? 0, agentId];
  let where = 'i.period_id = $1 AND ($2::int IS NULL OR i.referral_agent_id = $2)';
  if (query.state !== undefined) {
    values.push(query.state);
    where += ` AND i.state = $${values.length}`;
  }
  const { rows, total } = await queryPage<ItemRecord>(db, {
    select: ITEM_SELECT,
    from: ITEM_FROM,
    where,
    values,
    orderBy: `${STATE_ORDER}, coalesce(l.row_number, 2147483647), i.booking_id, i.id`,
    page: query.page,
    perPage: query.per_page,
  });
  return { rows: rows.map((row) => toItemRow(row, showNames)), total };
}

export async function findItem(db: Queryable, agentId: number | null, id: number, showNames: boolean, forUpdate = false): Promise<ItemRow | undefined> {
  const { rows } = await db.query<ItemRecord>(
    `SELECT ${ITEM_SELECT} FROM ${ITEM_FROM} WHERE i.id = $1 AND ($2::int IS NULL OR i.referral_agent_id = $2)${forUpdate ? ' FOR UPDATE OF i' : ''}`,
    [id, agentId],
  );
  return rows[0] ? toItemRow(rows[0], showNames) : undefined;
}

/** The facility behind the partner's URLs: only one the agent has a period at. */
export async function findFacilityOfAgent(db: Queryable, agentId: number, facilityId: number): Promise<ReconciliationFacility | undefined> {
  const { rows } = await db.query<ReconciliationFacility>(
    `SELECT f.id, f.name, f.slug, ac.account_number
       FROM facilities f LEFT JOIN reconciliation_accounts ac ON ac.facility_id = f.id AND ac.referral_agent_id = $1
      WHERE f.id = $2 AND EXISTS (SELECT 1 FROM reconciliation_periods p WHERE p.referral_agent_id = $1 AND p.facility_id = f.id)`,
    [agentId, facilityId],
  );
  return rows[0];
}

/**
 * The finance statement of a period: the ledger's lines of the agent at the facility in the period's currency.
 * Opening: earned before the month and not reversed before it, less what was paid before it. Then the month's
 * commissions, reversals, clawbacks, adjustments and payouts; closing = opening + all of them.
 */
export async function financeStatement(db: Queryable, period: ConsolePeriodRow): Promise<Omit<FinanceStatement, 'period' | 'account_number'>> {
  const start = `${period.month}-01`;
  const agent = period.agent.id;
  const { rows } = await db.query<Record<string, string>>(
    `WITH lines AS (
       SELECT * FROM commission_lines WHERE referral_agent_id = $1 AND facility_id = $2 AND currency = $3
     ), bounds AS (SELECT $4::date AS start, ($4::date + interval '1 month')::date AS finish)
     SELECT
       coalesce(sum(amount_minor) FILTER (WHERE earned_on < start AND (reversed_at IS NULL OR reversed_at >= start::timestamp AT TIME ZONE 'UTC')), 0)
         - coalesce(sum(amount_minor) FILTER (WHERE paid_on < start), 0) AS opening,
       coalesce(sum(amount_minor) FILTER (WHERE kind = 'commission' AND earned_on >= start AND earned_on < finish), 0) AS commission,
       -coalesce(sum(amount_minor) FILTER (WHERE reversed_at >= start::timestamp AT TIME ZONE 'UTC' AND reversed_at < finish::timestamp AT TIME ZONE 'UTC'
                                              AND earned_on < finish), 0) AS reversals,
       coalesce(sum(amount_minor) FILTER (WHERE kind = 'clawback' AND earned_on >= start AND earned_on < finish), 0) AS clawbacks,
       coalesce(sum(amount_minor) FILTER (WHERE kind = 'adjustment' AND earned_on >= start AND earned_on < finish), 0) AS adjustments,
       -coalesce(sum(amount_minor) FILTER (WHERE paid_on >= start AND paid_on < finish), 0) AS payouts
     FROM lines CROSS JOIN bounds`,
    [agent, period.facility.id, period.currency, start],
  );
  const figures = rows[0]!;
  const opening = Number(figures.opening);
  const movements = ['commission', 'reversals', 'clawbacks', 'adjustments', 'payouts'].map((key) => Number(figures[key]));
  const agreed = await db.query<{ total: string }>(
    `SELECT coalesce(sum(cl.amount_minor), 0)::text AS total FROM reconciliation_items i
       JOIN commission_lines cl ON cl.booking_id = i.booking_id AND cl.kind = 'commission' AND cl.status <> 'reversed'
      WHERE i.period_id = $1 AND (i.state = 'matched' OR i.decision = 'accepted')`,
    [period.id],
  );
  const adjustments = await db.query<{ id: string; amount_minor: string; adjustment_reason: string; dispute_id: string | null; earned_on: string }>(
    `SELECT cl.id, cl.amount_minor::text AS amount_minor, cl.adjustment_reason, d.id AS dispute_id, cl.earned_on::text AS earned_on
       FROM commission_lines cl LEFT JOIN reconciliation_disputes d ON d.adjustment_line_id = cl.id
      WHERE cl.referral_agent_id = $1 AND cl.facility_id = $2 AND cl.currency = $3 AND cl.kind = 'adjustment'
        AND cl.earned_on >= $4::date AND cl.earned_on < ($4::date + interval '1 month')::date
      ORDER BY cl.earned_on, cl.id`,
    [agent, period.facility.id, period.currency, start],
  );
  return {
    opening_minor: opening,
    commission_minor: movements[0]!,
    reversals_minor: movements[1]!,
    clawbacks_minor: movements[2]!,
    adjustments_minor: movements[3]!,
    payouts_minor: movements[4]!,
    closing_minor: opening + movements.reduce((sum, value) => sum + value, 0),
    agreed_commission_minor: Number(agreed.rows[0]!.total),
    adjustments: adjustments.rows.map((row) => ({
      line_id: Number(row.id),
      amount_minor: Number(row.amount_minor),
      reason: row.adjustment_reason,
      dispute_id: row.dispute_id === null ? null : Number(row.dispute_id),
      earned_on: row.earned_on,
    })),
  };
}

export async function accountNumberOf(db: Queryable, agentId: number, facilityId: number): Promise<string | null> {
  const { rows } = await db.query<{ account_number: string }>('SELECT account_number FROM reconciliation_accounts WHERE referral_agent_id = $1 AND facility_id = $2', [agentId, facilityId]);
  return rows[0]?.account_number ?? null;
}
