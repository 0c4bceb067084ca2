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

// Refunds and adjustments (adjustments.ts): each read of a line it changes locks it (FOR UPDATE) on the transaction's client.

/** A line's snapshot of the rate that priced it, as the ledger keeps it (pricing.ts `priceCommission`). */
export interface RateSnapshot {
  kind: 'percentage' | 'flat';
  basis_points?: number | null;
}

/** A line as an adjustment reads it, locked: its booking's ticket, and whether it was clawed back. */
export interface LockedLine {
  id: string;
  kind: string;
  status: string;
  amount_minor: string;
  currency: string;
  payable_on: string;
  referral_agent_id: number;
  referred_by_user_id: number | null;
  booking_id: number;
  ticket_id: string | null;
  rate: RateSnapshot;
  clawed_back: boolean;
}

export async function lockLine(db: Queryable, lineId: number): Promise<LockedLine | undefined> {
  const { rows } = await db.query<LockedLine>(
    `SELECT l.id, l.kind, l.status, l.amount_minor::text AS amount_minor, l.currency, l.payable_on::text AS payable_on, l.referral_agent_id,
            l.referred_by_user_id, l.booking_id, b.ticket_id, l.rate,
            EXISTS (SELECT 1 FROM commission_lines c WHERE c.clawback_of = l.id) AS clawed_back
       FROM commission_lines l JOIN bookings b ON b.id = l.booking_id WHERE l.id = $1 FOR UPDATE OF l`,
    [lineId],
  );
  return rows[0];
}

/** The booking's net commission: its lines not reversed, clawbacks included. */
export async function netCommission(db: Queryable, bookingId: number): Promise<number> {
  const { rows } = await db.query<{ net: string }>(`SELECT coalesce(sum(amount_minor), 0)::text AS net FROM commission_lines WHERE booking_id = $1 AND status <> 'reversed'`, [bookingId]);
  return Number(rows[0]!.net);
}

export interface AdjustmentLine {
  /** the line adjusted: the new line copies its booking and pricing */
  adjustsLineId: string;
  earnedOn: string;
  baseMinor: number | null;
  amountMinor: number;
  status: 'pending' | 'approved';
  payableOn: string;
  at: Date;
  reason: string;
  source: AdjustmentSource;
  refundId: number | null;
}

/** Writes an adjustment line of the line `line.adjustsLineId` (its booking and pricing); answers its id. */
export async function insertAdjustment(db: Queryable, line: AdjustmentLine): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO commission_lines (kind, referral_agent_id, referred_by_user_id, booking_id, facility_id, service_id, treatment_on, earned_on,
                                   base_minor, base_currency, rate_id, rate, agreement_id, agreement_key, agreement_version, amount_minor, currency,
                                   status, payable_on, approved_at, adjusts_line_id, adjustment_reason, adjustment_source, refund_id)
     SELECT 'adjustment', referral_agent_id, referred_by_user_id, booking_id, facility_id, service_id, treatment_on, $2::date,
            coalesce($3, base_minor), base_currency, rate_id, rate, agreement_id, agreement_key, agreement_version, $4, currency,
            $5, $6::date, CASE WHEN $5 = 'approved' THEN $7::timestamptz END, id, $8, $9, $10
       FROM commission_lines WHERE id = $1
     RETURNING id`,
    [line.adjustsLineId, line.earnedOn, line.baseMinor, line.amountMinor, line.status, line.payableOn, line.at, line.reason, line.source, line.refundId],
  );
  return Number(rows[0]!.id);
}

/** The booking's lines a full refund changes (not clawbacks, not reversed, not clawed back), locked, in order. */
export async function lockRefundableLines(db: Queryable, bookingId: number): Promise<{ id: string; status: string; amount_minor: string; currency: string }[]> {
  const { rows } = await db.query<{ id: string; status: string; amount_minor: string; currency: string }>(
    `SELECT l.id, l.status, l.amount_minor::text AS amount_minor, l.currency FROM commission_lines l
      WHERE l.booking_id = $1 AND l.kind <> 'clawback' AND l.status <> 'reversed'
        AND NOT EXISTS (SELECT 1 FROM commission_lines c WHERE c.clawback_of = l.id)
      ORDER BY l.id FOR UPDATE OF l`,
    [bookingId],
  );
  return rows;
}

export async function reverseLine(db: Queryable, lineId: number, reason: string, at: Date): Promise<void> {
  await db.query(`UPDATE commission_lines SET status = 'reversed', reversal_reason = $2, reversed_at = $3, held_reason = NULL WHERE id = $1`, [lineId, reason, at]);
}

/** The booking's commission line still standing (not reversed nor clawed back), if any. */
export async function findStandingCommission(db: Queryable, bookingId: number): Promise<{ id: string; rate: RateSnapshot; currency: string } | undefined> {
  const { rows } = await db.query<{ id: string; rate: RateSnapshot; currency: string }>(
    `SELECT l.id, l.rate, l.currency FROM commission_lines l WHERE l.booking_id = $1 AND l.kind = 'commission' AND l.status <> 'reversed'
        AND NOT EXISTS (SELECT 1 FROM commission_lines c WHERE c.clawback_of = l.id)`,
    [bookingId],
  );
  return rows[0];
}

/** The booking a refund is recorded on, locked. */
export async function lockBookingForRefund(
  db: Queryable,
  bookingId: number,
): Promise<{ id: number; ticket_id: string | null; status: string; amount: string; currency: string; referral_agent_id: number; referred_by_user_id: number | null } | undefined> {
  const { rows } = await db.query<{ id: number; ticket_id: string | null; status: string; amount: string; currency: string; referral_agent_id: number; referred_by_user_id: number | null }>(
    'SELECT id, ticket_id, status, amount::text AS amount, currency, referral_agent_id, referred_by_user_id FROM bookings WHERE id = $1 FOR UPDATE',
    [bookingId],
  );
  return rows[0];
}

export interface BookingRefund {
  bookingId: number;
  amountMinor: number;
  currency: string;
  full: boolean;
  reason: string;
  actorType: string;
  actorId: string | null;
  at: Date;
}

export async function insertBookingRefund(db: Queryable, refund: BookingRefund): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO booking_refunds (booking_id, amount_minor, currency, full_refund, reason, actor_type, actor_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id',
    [refund.bookingId, refund.amountMinor, refund.currency, refund.full, refund.reason, refund.actorType, refund.actorId, refund.at],
  );
  return Number(rows[0]!.id);
}

/** What was refunded of the booking so far, in minor units. */
export async function refundedTotal(db: Queryable, bookingId: number): Promise<number> {
  const { rows } = await db.query<{ total: string }>('SELECT coalesce(sum(amount_minor), 0)::text AS total FROM booking_refunds WHERE booking_id = $1', [bookingId]);
  return Number(rows[0]!.total);
}

export async function findBookingMoney(db: Queryable, bookingId: number): Promise<{ id: number; ticket_id: string | null; status: string; amount: string; currency: string } | undefined> {
  const { rows } = await db.query<{ id: number; ticket_id: string | null; status: string; amount: string; currency: string }>(
    'SELECT id, ticket_id, status, amount::text AS amount, currency FROM bookings WHERE id = $1',
    [bookingId],
  );
  return rows[0];
}

/** The booking's refunds in order, with who recorded each (an operator's name) and when. */
export async function findBookingRefunds(
  db: Queryable,
  bookingId: number,
): Promise<{ id: string; amount_minor: string; currency: string; full_refund: boolean; reason: string; recorded_by: string | null; at: string }[]> {
  const { rows } = await db.query<{ id: string; amount_minor: string; currency: string; full_refund: boolean; reason: string; recorded_by: string | null; at: string }>(
    `SELECT r.id, r.amount_minor::text AS amount_minor, r.currency, r.full_refund, r.reason,
            CASE WHEN o.id IS NOT NULL THEN o.name ELSE r.actor_id END AS recorded_by,
            to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
       FROM booking_refunds r LEFT JOIN operators o ON r.actor_type = 'operator' AND o.id::text = r.actor_id
      WHERE r.booking_id = $1 ORDER BY r.id`,
    [bookingId],
  );
  return rows;
}

// The daily approval (ledger.ts `approveDue`).

export async function findBookingStatus(db: Queryable, bookingId: number): Promise<string | undefined> {
  const { rows } = await db.query<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [bookingId]);
  return rows[0]?.status;
}

/** The agents with pending lines whose refund window has ended by `today`. */
export async function agentsWithDueLines(db: Queryable, today: string): Promise<number[]> {
  const { rows } = await db.query<{ referral_agent_id: number }>(
    `SELECT DISTINCT referral_agent_id FROM commission_lines WHERE status = 'pending' AND payable_on <= $1::date`,
    [today],
  );
  return rows.map((row) => row.referral_agent_id);
}

/** Holds every due pending line of the agent for its unsigned mandatory agreement; answers how many. */
export async function holdDueLinesForAgreement(db: Queryable, agentId: number, today: string): Promise<number> {
  const marked = await db.query(
    `UPDATE commission_lines SET held_reason = 'agreement_unsigned' WHERE referral_agent_id = $1 AND status = 'pending' AND payable_on <= $2::date`,
    [agentId, today],
  );
  return marked.rowCount ?? 0;
}

/** Holds the agent's due pending lines whose booking's invoice is unpaid; answers how many. */
export async function holdDueLinesOfUnpaidInvoices(db: Queryable, agentId: number, today: string): Promise<number> {
  const unpaid = await db.query(
    `UPDATE commission_lines l SET held_reason = 'invoice_unpaid'
       FROM bookings b
      WHERE b.id = l.booking_id AND b.invoice_status = 'unpaid'
        AND l.referral_agent_id = $1 AND l.status = 'pending' AND l.payable_on <= $2::date`,
    [agentId, today],
  );
  return unpaid.rowCount ?? 0;
}

/** Approves the agent's due pending lines whose invoice is not unpaid; answers who referred each approved line. */
export async function approveDueLines(db: Queryable, agentId: number, today: string, at: Date): Promise<{ referred_by_user_id: number | null }[]> {
  const { rows } = await db.query<{ referred_by_user_id: number | null }>(
    `UPDATE commission_lines l SET status = 'approved', held_reason = NULL, approved_at = $3
      WHERE l.referral_agent_id = $1 AND l.status = 'pending' AND l.payable_on <= $2::date
        AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.id = l.booking_id AND b.invoice_status = 'unpaid')
      RETURNING l.referred_by_user_id`,
    [agentId, today, at],
  );
  return rows;
}

// Pricing (pricing.ts): completions read, lines written and failures kept, each in one statement for a whole batch.

/** Why a completed booking has no line: kept in `commission_pricing_failures` for finance's exceptions. */
export const PRICING_FAILURES = ['no_rate', 'amount_not_in_currency', 'currency_not_billing'] as const;
export type PricingFailure = (typeof PRICING_FAILURES)[number];

/** A completed booking as the pricing reads it. */
export interface Completion {
  id: number;
  ticket_id: string | null;
  referral_agent_id: number;
  referred_by_user_id: number | null;
  facility_id: number;
  service_id: number;
  treatment_at: Date;
  created_at: Date;
  completed_at: Date | null;
  /** null: the amount has more decimals than its currency (a row written before the rule) */
  amount_minor: string | null;
  currency: string;
  billing_currency: string;
}

/**
 * Which completions a run prices: these bookings (a completion's job), or up to `limit` unpriced ones that no attempt
 * since `notTriedSince` failed on (the sweep's batches: each failure is tried once per sweep).
 */
export type PricingSelection = { bookingIds: readonly number[] } | { limit: number; notTriedSince: Date };

/** Completed bookings without a commission line, locked for this transaction. */
export async function lockCompletions(client: Queryable, selection: PricingSelection): Promise<Completion[]> {
  const [filter, values, lock] =
    'bookingIds' in selection
      ? ['b.id = ANY($1::int[])', [selection.bookingIds], 'ORDER BY b.id FOR UPDATE OF b']
      : // The sweep takes what no other run holds: two sweeps (or a sweep and a job) share the work, never wait on it.
        [
          'NOT EXISTS (SELECT 1 FROM commission_pricing_failures p WHERE p.booking_id = b.id AND p.attempted_at >= $1)',
          [selection.notTriedSince],
          `ORDER BY b.id LIMIT ${Math.trunc(selection.limit)} FOR UPDATE OF b SKIP LOCKED`,
        ];
  const { rows } = await client.query<Completion>(
    `SELECT b.id, b.ticket_id, b.referral_agent_id, b.referred_by_user_id, b.facility_id, d.service_id,
            b.date_time AS treatment_at, b.created_at, b.amount_minor::text AS amount_minor, b.currency, f.currency AS billing_currency,
            (SELECT max(h.created_at) FROM booking_status_history h WHERE h.booking_id = b.id AND h.to_status = 'completed') AS completed_at
       FROM bookings b
       JOIN facility_service_details d ON d.id = b.facility_service_detail_id
       JOIN facilities f ON f.id = b.facility_id
      WHERE ${filter} AND b.status = 'completed'
        AND NOT EXISTS (SELECT 1 FROM commission_lines l WHERE l.booking_id = b.id AND l.kind = 'commission')
      ${lock}`,
    values,
  );
  return rows;
}


/** The refunds already recorded on these bookings, in order: the pricing counts the partial ones (pricing.ts). */
export async function refundsOfBookings(db: Queryable, bookingIds: readonly number[]): Promise<{ id: string; booking_id: number; amount_minor: string; reason: string }[]> {
  const { rows } = await db.query<{ id: string; booking_id: number; amount_minor: string; reason: string }>(
    'SELECT id, booking_id, amount_minor::text AS amount_minor, reason FROM booking_refunds WHERE booking_id = ANY($1::int[]) ORDER BY booking_id, id',
    [bookingIds],
  );
  return rows;
}

/** A priced completion's commission line, as the pricing writes it. */
export interface NewCommissionLine {
  referralAgentId: number;
  referredByUserId: number | null;
  bookingId: number;
  facilityId: number;
  serviceId: number;
  treatedOn: string;
  baseMinor: number;
  baseCurrency: string;
  rateId: number;
  rate: Record<string, unknown>;
  agreement: { id: number; key: string; version: number } | null;
  amountMinor: number;
  currency: string;
  payableOn: string;
}

/**
 * Writes the lines in one INSERT; a booking already priced is left alone (the unique index decides, whoever runs at
 * the same time). Answers the lines written, by booking.
 */
export async function insertCommissionLines(db: Queryable, lines: readonly NewCommissionLine[]): Promise<{ bookingId: number; lineId: number }[]> {
  const { rows } = await db.query<{ id: string; booking_id: number }>(
    `INSERT INTO commission_lines (kind, referral_agent_id, referred_by_user_id, booking_id, facility_id, service_id, treatment_on, earned_on,
                                   base_minor, base_currency, rate_id, rate, agreement_id, agreement_key, agreement_version, amount_minor, currency, payable_on)
     SELECT 'commission', x.agent, x.referrer, x.booking, x.facility, x.service, x.treated, x.treated,
            x.base, x.base_currency, x.rate_id, x.rate, x.agreement_id, x.agreement_key, x.agreement_version, x.amount, x.currency, x.payable
       FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::date[], $7::bigint[], $8::text[], $9::int[], $10::jsonb[],
                   $11::int[], $12::text[], $13::int[], $14::bigint[], $15::text[], $16::date[])
            AS x(agent, referrer, booking, facility, service, treated, base, base_currency, rate_id, rate, agreement_id, agreement_key, agreement_version, amount, currency, payable)
     ON CONFLICT (booking_id) WHERE kind = 'commission' DO NOTHING
     RETURNING id, booking_id`,
    [
      lines.map((line) => line.referralAgentId),
      lines.map((line) => line.referredByUserId),
      lines.map((line) => line.bookingId),
      lines.map((line) => line.facilityId),
      lines.map((line) => line.serviceId),
      lines.map((line) => line.treatedOn),
      lines.map((line) => line.baseMinor),
      lines.map((line) => line.baseCurrency),
      lines.map((line) => line.rateId),
      lines.map((line) => JSON.stringify(line.rate)),
      lines.map((line) => line.agreement?.id ?? null),
      lines.map((line) => line.agreement?.key ?? null),
      lines.map((line) => line.agreement?.version ?? null),
      lines.map((line) => line.amountMinor),
      lines.map((line) => line.currency),
      lines.map((line) => line.payableOn),
    ],
  );
  return rows.map((row) => ({ bookingId: Number(row.booking_id), lineId: Number(row.id) }));
}

/** A pricing run's outcome for finance: the priced bookings' failures cleared, the failed ones' reasons kept (one upsert). */
export async function recordPricingOutcomes(db: Queryable, pricedBookingIds: readonly number[], failed: readonly { bookingId: number; reason: PricingFailure }[], at: Date): Promise<void> {
  await db.query('DELETE FROM commission_pricing_failures WHERE booking_id = ANY($1::int[])', [pricedBookingIds]);
  await db.query(
    `INSERT INTO commission_pricing_failures (booking_id, reason, attempted_at)
     SELECT * FROM unnest($1::int[], $2::text[], $3::timestamptz[])
     ON CONFLICT (booking_id) DO UPDATE SET reason = excluded.reason, attempted_at = excluded.attempted_at`,
    [failed.map((failure) => failure.bookingId), failed.map((failure) => failure.reason), failed.map(() => at)],
  );
}

export interface UnpricedCompletion {
  booking_id: number;
  ticket_id: string | null;
  referral_agent_id: number;
  facility_id: number;
  amount: string;
  currency: string;
  /** when the booking was completed */
  completed_at: string;
  /** why the last pricing attempt gave no line; null when none has run yet (its job is queued) */
  reason: PricingFailure | null;
  attempted_at: string | null;
}

/**
 * Completed bookings that have no commission line, newest completion first, with why (the console's exceptions page,
 * issue 31): what finance resolves by adding a rate, correcting the amount or the currency, then pricing again.
 */
export async function findUnpricedCompletions(db: Queryable, options: { limit: number; offset?: number }): Promise<{ rows: UnpricedCompletion[]; total: number }> {
  const { rows } = await db.query<UnpricedCompletion & { total: string }>(
    `SELECT b.id AS booking_id, b.ticket_id, b.referral_agent_id, b.facility_id, b.amount::text AS amount, b.currency::text AS currency,
            c.completed_at, p.reason, p.attempted_at, count(*) OVER () AS total
       FROM bookings b
       CROSS JOIN LATERAL (SELECT max(h.created_at) AS completed_at FROM booking_status_history h WHERE h.booking_id = b.id AND h.to_status = 'completed') c
       LEFT JOIN commission_pricing_failures p ON p.booking_id = b.id
      WHERE b.status = 'completed' AND NOT EXISTS (SELECT 1 FROM commission_lines l WHERE l.booking_id = b.id AND l.kind = 'commission')
      ORDER BY c.completed_at DESC NULLS LAST, b.id DESC
      LIMIT $1 OFFSET $2`,
    [options.limit, options.offset ?? 0],
  );
  return {
    rows: rows.map(({ total: _total, ...row }) => ({ ...row, completed_at: toIso(row.completed_at), attempted_at: row.attempted_at === null ? null : toIso(row.attempted_at) })),
    total: Number(rows[0]?.total ?? 0),
  };
}

function toIso(value: string | Date | null): string {
  return value === null ? '' : new Date(value).toISOString();
}

/**
 * The scope's amounts per currency, status and day from the `commission_daily` rollup over [from, to], reversed lines
 * left out (the dashboard's earnings card: a line counts on the day of its latest money event).
 */
export async function dailyAmounts(db: Queryable, scope: LineScope, from: string, to: string): Promise<{ currency: string; status: string; day: string; amount: string }[]> {
  const values: unknown[] = [scope.referralAgentId, from, to];
  let member = '';
  if (scope.memberId !== null) {
    values.push(scope.memberId);
    member = 'AND member_id = $4';
  }
  const { rows } = await db.query<{ currency: string; status: string; day: string; amount: string }>(
    `SELECT currency, status, day::text AS day, sum(amount_minor)::text AS amount FROM commission_daily
      WHERE referral_agent_id = $1 AND day BETWEEN $2::date AND $3::date ${member} AND status <> 'reversed' AND lines <> 0
      GROUP BY currency, status, day`,
    values,
  );
  return rows;
}

// A payout's lines (modules/payouts, through public.ts): the ledger's rows change with the payout, in its transaction.

/** The agent's approved lines in `currency` (clawbacks with them), locked for the payout that gathers them. */
export async function lockApprovedLines(db: Queryable, referralAgentId: number, currency: string): Promise<{ id: string; amount_minor: string }[]> {
  const { rows } = await db.query<{ id: string; amount_minor: string }>(
    `SELECT id, amount_minor::text AS amount_minor FROM commission_lines
      WHERE referral_agent_id = $1 AND currency = $2 AND status = 'approved' ORDER BY id FOR UPDATE`,
    [referralAgentId, currency],
  );
  return rows;
}

/** The lines gathered by a draft payout: in payout until it is paid or fails. */
export async function putLinesInPayout(db: Queryable, payoutId: string, lineIds: readonly string[]): Promise<void> {
  await db.query(`UPDATE commission_lines SET status = 'in_payout', payout_id = $1 WHERE id = ANY($2::bigint[])`, [payoutId, lineIds]);
}



/** The payout's lines are paid on `day` (they never change again). */
export async function payPayoutLines(db: Queryable, payoutId: number, day: string): Promise<void> {
  await db.query(`UPDATE commission_lines SET status = 'paid', paid_on = $2::date WHERE payout_id = $1 AND status = 'in_payout'`, [payoutId, day]);
}

/** The failed payout's lines are approved again for the next run. */
export async function releasePayoutLines(db: Queryable, payoutId: number): Promise<void> {
  await db.query(`UPDATE commission_lines SET status = 'approved', payout_id = NULL WHERE payout_id = $1 AND status = 'in_payout'`, [payoutId]);
}
