import type { AdjustmentSource, CommissionLine, CommissionLineFilters, CommissionLinesQuery, EarningsBalance } from '@portal/contracts/earnings';
import type { ConsoleCommissionLine, ConsoleCommissionLinesQuery } from '@portal/contracts/console-earnings';
import { PARTNER_ROLE_PERMISSIONS, referralScope, type PartnerRole } from '@portal/contracts/partner-roles';
import { BOOKING_ID_PREFIX } from '@portal/contracts/constants';
import { queryPage, type Queryable } from '../../db/queryable.ts';

/**
 * The ledger's SQL (docs/earnings.md). Every partner read is scoped inside its WHERE clause: the agent, and for an
 * agent-role member the lines of the bookings they referred (referralScope). Amounts are bigint in the database and
 * read as text, then numbers: minor units stay far below 2^53.
 */

/** Whose lines a partner reads. */
export interface LineScope {
  referralAgentId: number;
  /** set for a member who sees only their own referrals' lines */
  memberId: number | null;
}

export function lineScopeOf(user: { referralAgentId: number; id: number; role: PartnerRole }): LineScope {
  return { referralAgentId: user.referralAgentId, memberId: referralScope(user.role) === 'own' ? user.id : null };
}

const LINE_COLUMNS = `l.id::int AS id, l.kind, l.booking_id, coalesce('${BOOKING_ID_PREFIX}' || b.ticket_id, '-') AS booking_reference,
  l.facility_id, f.name AS facility_name, s.name AS service_name, l.treatment_on::text AS treatment_on, l.earned_on::text AS earned_on,
  l.base_minor::text AS base_minor, l.base_currency, l.rate, l.amount_minor::text AS amount_minor, l.currency, l.status,
  l.payable_on::text AS payable_on, l.held_reason, l.reversal_reason, l.clawback_of::int AS clawback_of_id,
  coalesce('${BOOKING_ID_PREFIX}' || ob.ticket_id, '-') AS clawback_of_reference,
  (SELECT c.id::int FROM commission_lines c WHERE c.clawback_of = l.id AND c.kind = 'clawback') AS clawed_back_by,
  l.agreement_key, l.agreement_version, l.paid_on::text AS paid_on, l.referral_agent_id, ra.name AS agent_name,
  l.adjusts_line_id::int AS adjusts_line_id, l.adjustment_reason, l.adjustment_source`;

const LINE_FROM = `commission_lines l
  JOIN bookings b ON b.id = l.booking_id
  JOIN facilities f ON f.id = l.facility_id
  JOIN referral_agents ra ON ra.id = l.referral_agent_id
  LEFT JOIN services s ON s.id = l.service_id
  LEFT JOIN commission_lines o ON o.id = l.clawback_of
  LEFT JOIN bookings ob ON ob.id = o.booking_id`;

interface LineRecord {
  id: number;
  kind: CommissionLine['kind'];
  booking_id: number;
  booking_reference: string;
  facility_id: number;
  facility_name: string;
  service_name: string | null;
  treatment_on: string;
  earned_on: string;
  base_minor: string;
  base_currency: string;
  rate: { kind: 'percentage' | 'flat'; basis_points: number | null; amount_minor: number | null; currency: string; refund_window_days: number };
  amount_minor: string;
  currency: string;
  status: CommissionLine['status'];
  payable_on: string;
  held_reason: CommissionLine['held_reason'];
  reversal_reason: string | null;
  clawback_of_id: number | null;
  clawback_of_reference: string;
  clawed_back_by: number | null;
  agreement_key: string | null;
  agreement_version: number | null;
  paid_on: string | null;
  referral_agent_id: number;
  agent_name: string;
  adjusts_line_id: number | null;
  adjustment_reason: string | null;
  adjustment_source: AdjustmentSource | null;
}

function toLine(record: LineRecord): ConsoleCommissionLine {
  return {
    id: record.id,
    kind: record.kind,
    booking_id: record.booking_id,
    booking_reference: record.booking_reference,
    facility_id: record.facility_id,
    facility_name: record.facility_name,
    service_name: record.service_name,
    treatment_on: record.treatment_on,
    earned_on: record.earned_on,
    base_minor: Number(record.base_minor),
    base_currency: record.base_currency,
    rate: { kind: record.rate.kind, basis_points: record.rate.basis_points, amount_minor: record.rate.amount_minor, currency: record.rate.currency },
    refund_window_days: record.rate.refund_window_days,
    amount_minor: Number(record.amount_minor),
    currency: record.currency,
    status: record.status,
    payable_on: record.payable_on,
    held_reason: record.held_reason,
    reversal_reason: record.reversal_reason,
    clawback_of: record.clawback_of_id === null ? null : { id: record.clawback_of_id, booking_reference: record.clawback_of_reference },
    clawed_back_by: record.clawed_back_by,
    adjustment:
      record.adjusts_line_id === null || record.adjustment_reason === null || record.adjustment_source === null
        ? null
        : { reason: record.adjustment_reason, source: record.adjustment_source, adjusts_line_id: record.adjusts_line_id },
    agreement: record.agreement_key === null || record.agreement_version === null ? null : { key: record.agreement_key, version: record.agreement_version },
    paid_on: record.paid_on,
    referral_agent_id: record.referral_agent_id,
    agent_name: record.agent_name,
  };
}

/** The partner's view of a line: without the console's agent columns. */
export function partnerLine(line: ConsoleCommissionLine): CommissionLine {
  const { referral_agent_id: _agent, agent_name: _name, ...rest } = line;
  return rest;
}

/** A line as a member who sees no rate reads it (the affiliates group, issue 31): what it paid, not at what rate. */
export function withoutRate(line: CommissionLine): CommissionLine {
  return { ...line, rate: null, refund_window_days: null };
}

const ORDER_BY: Record<CommissionLinesQuery['sort'], string> = {
  treatment_on: 'l.treatment_on ASC, l.id ASC',
  '-treatment_on': 'l.treatment_on DESC, l.id DESC',
  amount: 'l.amount_minor ASC, l.id ASC',
  '-amount': 'l.amount_minor DESC, l.id DESC',
  payable_on: 'l.payable_on ASC, l.id ASC',
  '-payable_on': 'l.payable_on DESC, l.id DESC',
};

/** The filters' conditions, appending their values. */
function filterConditions(filters: Partial<CommissionLineFilters> & { referral_agent_id?: number }, values: unknown[]): string[] {
  const where: string[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    where.push(condition(`$${values.length}`));
  };
  if (filters.referral_agent_id !== undefined) add((p) => `l.referral_agent_id = ${p}`, filters.referral_agent_id);
  if (filters.from) add((p) => `l.treatment_on >= ${p}::date`, filters.from);
  if (filters.to) add((p) => `l.treatment_on <= ${p}::date`, filters.to);
  if (filters.status) add((p) => `l.status = ${p}`, filters.status);
  if (filters.medical_service_provider !== undefined) add((p) => `l.facility_id = ${p}`, filters.medical_service_provider);
  if (filters.currency) add((p) => `l.currency = ${p}`, filters.currency);
  return where;
}

/** `AND <column> = $n` for a member who sees only their own referrals' lines (appending the value); '' for the agent's. */
function ownLinesCondition(scope: LineScope, values: unknown[], column: string): string {
  if (scope.memberId === null) return '';
  values.push(scope.memberId);
  return `AND ${column} = $${values.length}`;
}

function scopeConditions(scope: LineScope, values: unknown[]): string[] {
  values.push(scope.referralAgentId);
  const where = [`l.referral_agent_id = $${values.length}`];
  if (scope.memberId !== null) {
    values.push(scope.memberId);
    where.push(`l.referred_by_user_id = $${values.length}`);
  }
  return where;
}

export async function findLinesPage(db: Queryable, scope: LineScope, query: CommissionLinesQuery): Promise<{ rows: CommissionLine[]; total: number }> {
  const values: unknown[] = [];
  const where = [...scopeConditions(scope, values), ...filterConditions(query, values)].join(' AND ');
  const page = await queryPage<LineRecord>(db, { select: LINE_COLUMNS, from: LINE_FROM, where, orderBy: ORDER_BY[query.sort], values, page: query.page, perPage: query.per_page });
  return { rows: page.rows.map((record) => partnerLine(toLine(record))), total: page.total };
}

export async function findConsoleLinesPage(db: Queryable, query: ConsoleCommissionLinesQuery): Promise<{ rows: ConsoleCommissionLine[]; total: number }> {
  const values: unknown[] = [];
  const where = filterConditions(query, values).join(' AND ') || 'true';
  const page = await queryPage<LineRecord>(db, { select: LINE_COLUMNS, from: LINE_FROM, where, orderBy: ORDER_BY[query.sort], values, page: query.page, perPage: query.per_page });
  return { rows: page.rows.map(toLine), total: page.total };
}

export async function findLine(db: Queryable, id: number): Promise<ConsoleCommissionLine | undefined> {
  const { rows } = await db.query<LineRecord>(`SELECT ${LINE_COLUMNS} FROM ${LINE_FROM} WHERE l.id = $1`, [id]);
  return rows[0] ? toLine(rows[0]) : undefined;
}

/** A booking's lines, oldest first: its commission, then its adjustments and clawbacks. */
export async function findBookingLines(db: Queryable, bookingId: number): Promise<ConsoleCommissionLine[]> {
  const { rows } = await db.query<LineRecord>(`SELECT ${LINE_COLUMNS} FROM ${LINE_FROM} WHERE l.booking_id = $1 ORDER BY l.id`, [bookingId]);
  return rows.map(toLine);
}

/** The lines a payout gathered (a failed payout's went back to approved: it has none). */
export async function findPayoutLines(db: Queryable, payoutId: number): Promise<ConsoleCommissionLine[]> {
  const { rows } = await db.query<LineRecord>(`SELECT ${LINE_COLUMNS} FROM ${LINE_FROM} WHERE l.payout_id = $1 ORDER BY l.treatment_on, l.id`, [payoutId]);
  return rows.map(toLine);
}

/** What the filtered lines add up to, per currency: reversed lines are shown but count for nothing. */
export async function lineTotals(db: Queryable, scope: LineScope, filters: CommissionLineFilters): Promise<{ currency: string; amount_minor: number; lines: number }[]> {
  const values: unknown[] = [];
  const where = [...scopeConditions(scope, values), ...filterConditions(filters, values)].join(' AND ');
  const { rows } = await db.query<{ currency: string; amount_minor: string; lines: number }>(
    `SELECT l.currency, coalesce(sum(l.amount_minor) FILTER (WHERE l.status <> 'reversed'), 0)::text AS amount_minor, count(*)::int AS lines
       FROM commission_lines l WHERE ${where} GROUP BY l.currency ORDER BY l.currency`,
    values,
  );
  return rows.map((row) => ({ currency: row.currency, amount_minor: Number(row.amount_minor), lines: row.lines }));
}

/** The cards: balances per currency from the daily balances, and what of pending is held. */
export async function balances(db: Queryable, scope: LineScope, yearStart: string): Promise<EarningsBalance[]> {
  const values: unknown[] = [scope.referralAgentId, yearStart];
  const member = ownLinesCondition(scope, values, 'member_id');
  const { rows } = await db.query<{ currency: string; pending: string; approved: string; in_payout: string; paid: string }>(
    `SELECT currency,
            coalesce(sum(amount_minor) FILTER (WHERE status = 'pending'), 0)::text AS pending,
            coalesce(sum(amount_minor) FILTER (WHERE status = 'approved'), 0)::text AS approved,
            coalesce(sum(amount_minor) FILTER (WHERE status = 'in_payout'), 0)::text AS in_payout,
            coalesce(sum(amount_minor) FILTER (WHERE status = 'paid' AND day >= $2::date), 0)::text AS paid
       FROM commission_daily WHERE referral_agent_id = $1 ${member} AND status <> 'reversed' AND lines <> 0
      GROUP BY currency ORDER BY currency`,
    values,
  );
  const heldValues: unknown[] = [scope.referralAgentId];
  const heldMember = ownLinesCondition(scope, heldValues, 'referred_by_user_id');
  const held = await db.query<{ currency: string; amount: string }>(
    `SELECT currency, sum(amount_minor)::text AS amount FROM commission_lines
      WHERE referral_agent_id = $1 ${heldMember} AND status = 'pending' AND held_reason IS NOT NULL GROUP BY currency`,
    heldValues,
  );
  const heldBy = new Map(held.rows.map((row) => [row.currency, Number(row.amount)]));
  return rows.map((row) => ({
    currency: row.currency,
    pending_minor: Number(row.pending),
    approved_minor: Number(row.approved),
    in_payout_minor: Number(row.in_payout),
    paid_this_year_minor: Number(row.paid),
    held_minor: heldBy.get(row.currency) ?? 0,
  }));
}

/** Monthly amounts of one currency from `fromDay`, by status (the balances) or by facility or service (the lines). */
export async function monthlyAmounts(
  db: Queryable,
  scope: LineScope,
  options: { fromDay: string; currency: string; group: 'status' | 'facility' | 'service' },
): Promise<{ month: string; key: string; label: string; amount_minor: number }[]> {
  const values: unknown[] = [scope.referralAgentId, options.fromDay, options.currency];
  if (options.group === 'status') {
    const member = ownLinesCondition(scope, values, 'member_id');
    const { rows } = await db.query<{ month: string; key: string; amount: string }>(
      `SELECT to_char(day, 'YYYY-MM') AS month, status AS key, sum(amount_minor)::text AS amount
         FROM commission_daily WHERE referral_agent_id = $1 ${member} AND day >= $2::date AND currency = $3 AND status <> 'reversed' AND lines <> 0
        GROUP BY 1, 2`,
      values,
    );
    return rows.map((row) => ({ month: row.month, key: row.key, label: row.key, amount_minor: Number(row.amount) }));
  }
  const member = ownLinesCondition(scope, values, 'l.referred_by_user_id');
  const [keyColumn, labelColumn, join] =
    options.group === 'facility' ? ['l.facility_id', 'f.name', 'JOIN facilities f ON f.id = l.facility_id'] : ["coalesce(l.service_id, 0)", "coalesce(s.name, '')", 'LEFT JOIN services s ON s.id = l.service_id'];
  const { rows } = await db.query<{ month: string; key: string; label: string; amount: string }>(
    `SELECT to_char(coalesce(l.paid_on, l.earned_on), 'YYYY-MM') AS month, ${keyColumn}::text AS key, ${labelColumn} AS label, sum(l.amount_minor)::text AS amount
       FROM commission_lines l ${join}
      WHERE l.referral_agent_id = $1 ${member} AND coalesce(l.paid_on, l.earned_on) >= $2::date AND l.currency = $3 AND l.status <> 'reversed'
      GROUP BY 1, 2, 3`,
    values,
  );
  return rows.map((row) => ({ month: row.month, key: row.key, label: row.label, amount_minor: Number(row.amount) }));
}

/** The currencies the scope has lines in, the largest total first. */
export async function currenciesOf(db: Queryable, scope: LineScope): Promise<string[]> {
  const values: unknown[] = [scope.referralAgentId];
  const member = ownLinesCondition(scope, values, 'member_id');
  const { rows } = await db.query<{ currency: string }>(
    `SELECT currency FROM commission_daily WHERE referral_agent_id = $1 ${member} AND lines <> 0 GROUP BY currency ORDER BY sum(lines) DESC, currency`,
    values,
  );
  return rows.map((row) => row.currency);
}

/** The roles that read the agent's earnings whoever referred the booking (earnings.read with the agent's scope). */
const AGENT_WIDE_EARNINGS_ROLES = Object.entries(PARTNER_ROLE_PERMISSIONS)
  .filter(([role, permissions]) => (permissions as readonly string[]).includes('earnings.read') && referralScope(role as PartnerRole) === 'agent')
  .map(([role]) => role);

/** The approved members told of lines: whoever reads the agent's earnings, and the members in `referrerIds`. */
export async function membersSeeingLines(db: Queryable, referralAgentId: number, referrerIds: readonly number[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN partner_profiles p ON p.user_id = u.id
      WHERE p.referral_agent_id = $1 AND u.status = 'approved' AND (p.role = ANY($2::text[]) OR u.id = ANY($3::int[])) ORDER BY u.id`,
    [referralAgentId, AGENT_WIDE_EARNINGS_ROLES, referrerIds],
  );
  return rows.map((row) => Number(row.id));
}

/** The members told of a line: whoever reads the agent's earnings, and the member who referred it. */
export function membersSeeingLine(db: Queryable, referralAgentId: number, referredByUserId: number | null): Promise<number[]> {
  return membersSeeingLines(db, referralAgentId, referredByUserId === null ? [] : [referredByUserId]);
}

/** The facilities the scope has lines at, by name (the facility filter's choices). */
export async function facilitiesWithLines(db: Queryable, scope: LineScope): Promise<{ id: number; name: string }[]> {
  const values: unknown[] = [scope.referralAgentId];
  const member = ownLinesCondition(scope, values, 'l.referred_by_user_id');
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT f.id, f.name FROM facilities f
      WHERE EXISTS (SELECT 1 FROM commission_lines l WHERE l.referral_agent_id = $1 AND l.facility_id = f.id ${member})
      ORDER BY lower(f.name), f.id`,
    values,
  );
  return rows;
}

/**
 * Writes the clawback of paid line `lineId`: the same booking and pricing, the negative amount, approved on `day` so
 * the next payout nets it. Answers its id.
 */
export async function insertClawback(db: Queryable, lineId: number, day: string, at: Date): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO commission_lines (kind, referral_agent_id, referred_by_user_id, booking_id, facility_id, service_id, treatment_on, earned_on,
                                   base_minor, base_currency, rate_id, rate, agreement_id, agreement_key, agreement_version, amount_minor, currency,
                                   status, payable_on, approved_at, clawback_of)
     SELECT 'clawback', referral_agent_id, referred_by_user_id, booking_id, facility_id, service_id, treatment_on, $2::date,
            base_minor, base_currency, rate_id, rate, agreement_id, agreement_key, agreement_version, -amount_minor, currency,
            'approved', $2::date, $3, id
       FROM commission_lines WHERE id = $1
     RETURNING id`,
    [lineId, day, at],
  );
  return Number(rows[0]!.id);
}
