import type { Payout, PayoutsQuery } from '@portal/contracts/earnings';
import type { ConsolePayout, ConsolePayoutsQuery, PayoutSchedule } from '@portal/contracts/console-earnings';
import { queryPage, type Queryable } from '../../db/queryable.ts';
import { utcDay } from '../../lib/calendar-days.ts';
import { payoutMinimum } from './payout-minimums.ts';

/**
 * Payouts' SQL (docs/earnings.md). A partner reads only their agent's payouts (the agent inside the WHERE clause);
 * amounts are bigint, read as text, then numbers.
 */

/** The day of the month a currency nobody scheduled is paid. */
export const DEFAULT_PAYOUT_DAY = 5;

const PAYOUT_COLUMNS = `p.id::int AS id, p.currency, p.amount_minor::text AS amount_minor, p.lines, p.status, p.scheduled_on::text AS scheduled_on,
  p.sent_at, p.paid_at, p.failed_at, p.failure_reason, p.statement_number, p.referral_agent_id, ra.name AS agent_name, p.bank_reference,
  (SELECT o.name FROM operators o WHERE o.id = p.sent_by_operator_id) AS sent_by`;
const PAYOUT_FROM = `payouts p JOIN referral_agents ra ON ra.id = p.referral_agent_id`;

interface PayoutRecord {
  id: number;
  currency: string;
  amount_minor: string;
  lines: number;
  status: Payout['status'];
  scheduled_on: string;
  sent_at: Date | null;
  paid_at: Date | null;
  failed_at: Date | null;
  failure_reason: string | null;
  statement_number: string | null;
  referral_agent_id: number;
  agent_name: string;
  bank_reference: string | null;
  sent_by: string | null;
}

function toPayout(record: PayoutRecord): ConsolePayout {
  return {
    id: record.id,
    currency: record.currency,
    amount_minor: Number(record.amount_minor),
    lines: record.lines,
    status: record.status,
    scheduled_on: record.scheduled_on,
    sent_at: record.sent_at?.toISOString() ?? null,
    paid_at: record.paid_at?.toISOString() ?? null,
    failed_at: record.failed_at?.toISOString() ?? null,
    failure_reason: record.failure_reason,
    statement_number: record.statement_number,
    referral_agent_id: record.referral_agent_id,
    agent_name: record.agent_name,
    bank_reference: record.bank_reference,
    sent_by: record.sent_by,
  };
}

/** The partner's view: without the console's columns. */
function partnerPayout(payout: ConsolePayout): Payout {
  const { referral_agent_id: _agent, agent_name: _name, bank_reference: _reference, sent_by: _by, ...rest } = payout;
  return rest;
}

const ORDER_BY: Record<PayoutsQuery['sort'], string> = {
  scheduled_on: 'p.scheduled_on ASC, p.id ASC',
  '-scheduled_on': 'p.scheduled_on DESC, p.id DESC',
  amount: 'p.amount_minor ASC, p.id ASC',
  '-amount': 'p.amount_minor DESC, p.id DESC',
};

function payoutConditions(filters: Partial<ConsolePayoutsQuery>, values: unknown[]): string[] {
  const where: string[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    where.push(condition(`$${values.length}`));
  };
  if (filters.referral_agent_id !== undefined) add((p) => `p.referral_agent_id = ${p}`, filters.referral_agent_id);
  if (filters.status) add((p) => `p.status = ${p}`, filters.status);
  if (filters.currency) add((p) => `p.currency = ${p}`, filters.currency);
  if (filters.scheduled_on) add((p) => `p.scheduled_on = ${p}::date`, filters.scheduled_on);
  return where;
}

export async function findPayoutsPage(db: Queryable, referralAgentId: number, query: PayoutsQuery): Promise<{ rows: Payout[]; total: number }> {
  const values: unknown[] = [referralAgentId];
  const where = ['p.referral_agent_id = $1', ...payoutConditions(query, values)].join(' AND ');
  const page = await queryPage<PayoutRecord>(db, { select: PAYOUT_COLUMNS, from: PAYOUT_FROM, where, orderBy: ORDER_BY[query.sort], values, page: query.page, perPage: query.per_page });
  return { rows: page.rows.map((record) => partnerPayout(toPayout(record))), total: page.total };
}

export async function findConsolePayoutsPage(db: Queryable, query: ConsolePayoutsQuery): Promise<{ rows: ConsolePayout[]; total: number }> {
  const values: unknown[] = [];
  const where = payoutConditions(query, values).join(' AND ') || 'true';
  const page = await queryPage<PayoutRecord>(db, { select: PAYOUT_COLUMNS, from: PAYOUT_FROM, where, orderBy: ORDER_BY[query.sort], values, page: query.page, perPage: query.per_page });
  return { rows: page.rows.map(toPayout), total: page.total };
}

export async function findPayout(db: Queryable, id: number): Promise<ConsolePayout | undefined> {
  const { rows } = await db.query<PayoutRecord>(`SELECT ${PAYOUT_COLUMNS} FROM ${PAYOUT_FROM} WHERE p.id = $1`, [id]);
  return rows[0] ? toPayout(rows[0]) : undefined;
}

/** A payout of the agent, or undefined (another agent's reads as absent). */
export async function findAgentPayout(db: Queryable, referralAgentId: number, id: number): Promise<Payout | undefined> {
  const { rows } = await db.query<PayoutRecord>(`SELECT ${PAYOUT_COLUMNS} FROM ${PAYOUT_FROM} WHERE p.id = $1 AND p.referral_agent_id = $2`, [id, referralAgentId]);
  return rows[0] ? partnerPayout(toPayout(rows[0])) : undefined;
}

export interface ScheduleRule {
  currency: string;
  minimumMinor: number;
  dayOfMonth: number;
  isDefault: boolean;
  updatedAt: Date | null;
}

/** The rules of every currency that has lines or a schedule: its own, or the default (the 5th, payout-minimums.ts). */
export async function payoutRules(db: Queryable): Promise<ScheduleRule[]> {
  const { rows } = await db.query<{ currency: string; minimum_minor: string | null; day_of_month: number | null; updated_at: Date | null }>(
    `SELECT c.currency, s.minimum_minor::text AS minimum_minor, s.day_of_month, s.updated_at
       FROM (SELECT currency FROM payout_schedules UNION SELECT DISTINCT currency FROM commission_daily) c
       LEFT JOIN payout_schedules s ON s.currency = c.currency
      ORDER BY c.currency`,
  );
  return rows.map((row) => ({
    currency: row.currency,
    minimumMinor: row.minimum_minor === null ? payoutMinimum(row.currency) : Number(row.minimum_minor),
    dayOfMonth: row.day_of_month ?? DEFAULT_PAYOUT_DAY,
    isDefault: row.minimum_minor === null,
    updatedAt: row.updated_at,
  }));
}

/** The next day on or after `today` that falls on `dayOfMonth`. */
export function nextRunOn(today: string, dayOfMonth: number): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const target = day <= dayOfMonth ? new Date(Date.UTC(year, month - 1, dayOfMonth)) : new Date(Date.UTC(year, month, dayOfMonth));
  return utcDay(target);
}

/** The console's schedules: each currency's rule, what is approved and waiting, and the next run. */
export async function payoutSchedules(db: Queryable, today: string): Promise<PayoutSchedule[]> {
  const [rules, approved] = await Promise.all([
    payoutRules(db),
    db.query<{ currency: string; amount: string }>(`SELECT currency, sum(amount_minor)::text AS amount FROM commission_lines WHERE status = 'approved' GROUP BY currency`),
  ]);
  const waiting = new Map(approved.rows.map((row) => [row.currency, Number(row.amount)]));
  return rules.map((rule) => ({
    currency: rule.currency,
    minimum_minor: rule.minimumMinor,
    day_of_month: rule.dayOfMonth,
    is_default: rule.isDefault,
    approved_minor: waiting.get(rule.currency) ?? 0,
    next_run_on: nextRunOn(today, rule.dayOfMonth),
    updated_at: rule.updatedAt?.toISOString() ?? null,
  }));
}
