import type { Payout, PayoutsQuery } from '@portal/contracts/earnings';
import type { ConsolePayout, ConsolePayoutsQuery, PayoutApprovalThreshold, PayoutBatchProposal, PayoutBatchRequest, PayoutSchedule } from '@portal/contracts/console-earnings';
import { BOOKING_ID_PREFIX } from '@portal/contracts/constants';
import { queryPage, type Queryable } from '../../db/queryable.ts';
import { utcDay } from '../../lib/calendar-days.ts';
import type { StoredFile } from '../../lib/storage/file-store.ts';
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

// The payout run and the finance operator's steps (payouts.ts): each write runs in the caller's transaction.

/** A payout as its steps read it (locked while they change it). */
export interface LockedPayout {
  id: number;
  referral_agent_id: number;
  currency: string;
  scheduled_on: string;
  amount_minor: string;
  status: 'draft' | 'sent' | 'paid' | 'failed';
  exported_at: Date | null;
}

const LOCKED_PAYOUT_COLUMNS = 'id::int AS id, referral_agent_id, currency, scheduled_on::text AS scheduled_on, amount_minor::text AS amount_minor, status, exported_at';

export async function lockPayout(db: Queryable, id: number): Promise<LockedPayout | undefined> {
  const { rows } = await db.query<LockedPayout>(`SELECT ${LOCKED_PAYOUT_COLUMNS} FROM payouts WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0];
}

export async function findPayoutsByIds(db: Queryable, ids: readonly number[]): Promise<LockedPayout[]> {
  const { rows } = await db.query<LockedPayout>(`SELECT ${LOCKED_PAYOUT_COLUMNS} FROM payouts WHERE id = ANY($1::bigint[])`, [ids]);
  return rows;
}

/** Whether the agent's payment details are verified (a payout goes to no other). */
export async function hasVerifiedDetails(db: Queryable, referralAgentId: number): Promise<boolean> {
  const details = await db.query(`SELECT 1 FROM payment_details WHERE referral_agent_id = $1 AND status = 'verified'`, [referralAgentId]);
  return Boolean(details.rowCount);
}

export async function markPayoutSent(db: Queryable, id: number, at: Date, who: { sentBy: number | null; approvedBy: number | null }): Promise<void> {
  await db.query(`UPDATE payouts SET status = 'sent', sent_at = $2, sent_by_operator_id = $3, sent_approved_by_operator_id = $4 WHERE id = $1`, [id, at, who.sentBy, who.approvedBy]);
}

/** The agents with approved lines in `currency`, and whether each may be paid (verified payment details). */
export async function agentsWithApprovedLines(db: Queryable, currency: string): Promise<{ referral_agent_id: number; payable: boolean }[]> {
  const { rows } = await db.query<{ referral_agent_id: number; payable: boolean }>(
    `SELECT a.referral_agent_id, EXISTS (SELECT 1 FROM payment_details d WHERE d.referral_agent_id = a.referral_agent_id AND d.status = 'verified') AS payable
       FROM (SELECT DISTINCT referral_agent_id FROM commission_lines WHERE status = 'approved' AND currency = $1) a ORDER BY 1`,
    [currency],
  );
  return rows;
}

/** A draft payout, unless the agent has one of that currency and day already (not failed): then undefined. */
export async function insertDraftPayout(db: Queryable, payout: { referralAgentId: number; currency: string; amountMinor: number; lines: number; scheduledOn: string }): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO payouts (referral_agent_id, currency, amount_minor, lines, scheduled_on) VALUES ($1, $2, $3, $4, $5::date)
     ON CONFLICT (referral_agent_id, currency, scheduled_on) WHERE status <> 'failed' DO NOTHING RETURNING id`,
    [payout.referralAgentId, payout.currency, payout.amountMinor, payout.lines, payout.scheduledOn],
  );
  return rows[0]?.id;
}

export async function lockSchedule(db: Queryable, currency: string): Promise<{ minimum_minor: string; day_of_month: number } | undefined> {
  const { rows } = await db.query<{ minimum_minor: string; day_of_month: number }>(`SELECT minimum_minor::text AS minimum_minor, day_of_month FROM payout_schedules WHERE currency = $1 FOR UPDATE`, [currency]);
  return rows[0];
}

export async function saveSchedule(db: Queryable, schedule: { currency: string; minimumMinor: number; dayOfMonth: number; operatorId: number | null }): Promise<void> {
  await db.query(
    `INSERT INTO payout_schedules (currency, minimum_minor, day_of_month, updated_by_operator_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (currency) DO UPDATE SET minimum_minor = excluded.minimum_minor, day_of_month = excluded.day_of_month, updated_at = now(), updated_by_operator_id = excluded.updated_by_operator_id`,
    [schedule.currency, schedule.minimumMinor, schedule.dayOfMonth, schedule.operatorId],
  );
}

/** sent → paid, with its statement number (its lines are paid by the ledger in the same transaction). */
export async function markPayoutPaid(db: Queryable, id: number, at: Date, statementNumber: string, bankReference: string | null): Promise<void> {
  await db.query(`UPDATE payouts SET status = 'paid', paid_at = $2, statement_number = $3, bank_reference = $4 WHERE id = $1`, [id, at, statementNumber, bankReference]);
}

/** → failed with its reason (its lines are approved again by the ledger in the same transaction). */
export async function markPayoutFailed(db: Queryable, id: number, at: Date, reason: string): Promise<void> {
  await db.query(`UPDATE payouts SET status = 'failed', failed_at = $2, failure_reason = $3 WHERE id = $1`, [id, at, reason]);
}

/** A batch's draft payouts (a run day and a currency), by agent name: what a bank file may hold. */
export async function findDraftBatch(db: Queryable, scheduledOn: string, currency: string): Promise<{ id: string; agent_name: string; amount_minor: string; referral_agent_id: number }[]> {
  const { rows } = await db.query<{ id: string; agent_name: string; amount_minor: string; referral_agent_id: number }>(
    `SELECT p.id, ra.name AS agent_name, p.amount_minor::text AS amount_minor, p.referral_agent_id
       FROM payouts p JOIN referral_agents ra ON ra.id = p.referral_agent_id
      WHERE p.status = 'draft' AND p.scheduled_on = $1::date AND p.currency = $2 ORDER BY ra.name, p.id`,
    [scheduledOn, currency],
  );
  return rows;
}

/** Marks payouts put in a bank file (the first time only): from then on they cannot be failed as drafts. */
export async function markExported(db: Queryable, ids: readonly number[]): Promise<void> {
  await db.query(`UPDATE payouts SET exported_at = coalesce(exported_at, now()) WHERE id = ANY($1::bigint[])`, [ids]);
}

export async function findStatementOf(db: Queryable, id: number): Promise<{ statement_file: StoredFile | null; statement_sha256: string | null; statement_number: string | null; status: string } | undefined> {
  const { rows } = await db.query<{ statement_file: StoredFile | null; statement_sha256: string | null; statement_number: string | null; status: string }>(
    `SELECT statement_file, statement_sha256, statement_number, status FROM payouts WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** Keeps the statement's file unless another writer kept one first: answers whether this one was kept. */
export async function keepStatementFile(db: Queryable, id: number, file: StoredFile, sha256: string): Promise<boolean> {
  const kept = await db.query<{ statement_file: StoredFile; statement_sha256: string }>(
    `UPDATE payouts SET statement_file = $2, statement_sha256 = $3 WHERE id = $1 AND statement_file IS NULL RETURNING statement_file, statement_sha256`,
    [id, JSON.stringify(file), sha256],
  );
  return kept.rows.length > 0;
}

export async function findKeptStatement(db: Queryable, id: number): Promise<{ statement_file: StoredFile; statement_sha256: string }> {
  const winner = await db.query<{ statement_file: StoredFile; statement_sha256: string }>(`SELECT statement_file, statement_sha256 FROM payouts WHERE id = $1`, [id]);
  return winner.rows[0]!;
}

/**
 * The next self-billing statement number of `year` ('SB-2026-000124'), inside the transaction that pays: the year's
 * counter row is locked FOR UPDATE until it commits, so two payments number one after the other, and a rolled-back
 * payment gives its number back (a sequence would leave a gap; self-billing invoices must not have one). Issue 31.
 */
export async function nextStatementNumber(db: Queryable, year: number): Promise<string> {
  await db.query('INSERT INTO statement_number_counters (year, last_number) VALUES ($1, 0) ON CONFLICT (year) DO NOTHING', [year]);
  const { rows } = await db.query<{ last_number: number }>('SELECT last_number FROM statement_number_counters WHERE year = $1 FOR UPDATE', [year]);
  const next = rows[0]!.last_number + 1;
  await db.query('UPDATE statement_number_counters SET last_number = $2 WHERE year = $1', [year, next]);
  return `SB-${year}-${String(next).padStart(6, '0')}`;
}

/** A paid payout as its statement names it, with its partner. */
export async function findStatementPayout(
  db: Queryable,
  id: number,
): Promise<{ number: string; paid_at: Date; currency: string; amount_minor: string; agent_id: number; agent_name: string; bank_reference: string | null }> {
  const { rows } = await db.query<{ number: string; paid_at: Date; currency: string; amount_minor: string; agent_id: number; agent_name: string; bank_reference: string | null }>(
    `SELECT p.statement_number AS number, p.paid_at, p.currency, p.amount_minor::text AS amount_minor, ra.id AS agent_id, ra.name AS agent_name, p.bank_reference
       FROM payouts p JOIN referral_agents ra ON ra.id = p.referral_agent_id WHERE p.id = $1`,
    [id],
  );
  return rows[0]!;
}

/** A payout's lines as its statement lists them, by treatment day. */
export async function findStatementLines(
  db: Queryable,
  id: number,
): Promise<{ kind: string; reference: string; facility: string; service: string | null; treatment_on: string; base_minor: string; base_currency: string; amount_minor: string }[]> {
  const lines = await db.query<{ kind: string; reference: string; facility: string; service: string | null; treatment_on: string; base_minor: string; base_currency: string; amount_minor: string }>(
    `SELECT l.kind, coalesce($2 || b.ticket_id, '-') AS reference, f.name AS facility, s.name AS service, l.treatment_on::text AS treatment_on,
            l.base_minor::text AS base_minor, l.base_currency, l.amount_minor::text AS amount_minor
       FROM commission_lines l JOIN bookings b ON b.id = l.booking_id JOIN facilities f ON f.id = l.facility_id LEFT JOIN services s ON s.id = l.service_id
      WHERE l.payout_id = $1 ORDER BY l.treatment_on, l.id`,
    [id, BOOKING_ID_PREFIX],
  );
  return lines.rows;
}

// Four eyes on batches (payout-batches.ts): the thresholds and the proposals.

/** The threshold of `currency` in minor units, or null when its batches need one operator. */
export async function thresholdOf(db: Queryable, currency: string): Promise<number | null> {
  const { rows } = await db.query<{ threshold_minor: string }>('SELECT threshold_minor::text AS threshold_minor FROM payout_approval_thresholds WHERE currency = $1', [currency]);
  return rows[0] ? Number(rows[0].threshold_minor) : null;
}

/** The draft payouts of a batch that may be sent (their payment details verified), locked, with their total. */
export async function sendableDrafts(client: Queryable, batch: PayoutBatchRequest, options: { lock: boolean }): Promise<{ ids: number[]; total: number }> {
  const { rows } = await client.query<{ id: number; amount_minor: string }>(
    `SELECT p.id::int AS id, p.amount_minor::text AS amount_minor FROM payouts p
      WHERE p.status = 'draft' AND p.scheduled_on = $1::date AND p.currency = $2
        AND EXISTS (SELECT 1 FROM payment_details d WHERE d.referral_agent_id = p.referral_agent_id AND d.status = 'verified')
      ORDER BY p.id ${options.lock ? 'FOR UPDATE OF p' : ''}`,
    [batch.scheduled_on, batch.currency],
  );
  return { ids: rows.map((row) => row.id), total: rows.reduce((sum, row) => sum + Number(row.amount_minor), 0) };
}

const PROPOSAL_COLUMNS = `b.id::int AS id, b.scheduled_on::text AS scheduled_on, b.currency, cardinality(b.payout_ids) AS payouts, b.total_minor::text AS total_minor, b.status,
  b.proposed_by_operator_id AS proposed_by_id, po.name AS proposed_by_name, b.proposed_at, b.decided_by_operator_id AS decided_by_id, dop.name AS decided_by_name, b.decided_at`;
const PROPOSAL_FROM = `payout_batch_proposals b JOIN operators po ON po.id = b.proposed_by_operator_id LEFT JOIN operators dop ON dop.id = b.decided_by_operator_id`;

interface ProposalRecord {
  id: number;
  scheduled_on: string;
  currency: string;
  payouts: number;
  total_minor: string;
  status: PayoutBatchProposal['status'];
  proposed_by_id: number;
  proposed_by_name: string;
  proposed_at: Date;
  decided_by_id: number | null;
  decided_by_name: string | null;
  decided_at: Date | null;
}

function toProposal(record: ProposalRecord): PayoutBatchProposal {
  return {
    id: record.id,
    scheduled_on: record.scheduled_on,
    currency: record.currency,
    payouts: record.payouts,
    total_minor: Number(record.total_minor),
    status: record.status,
    proposed_by: { id: record.proposed_by_id, name: record.proposed_by_name },
    proposed_at: record.proposed_at.toISOString(),
    decided_by: record.decided_by_id === null ? null : { id: record.decided_by_id, name: record.decided_by_name ?? '' },
    decided_at: record.decided_at?.toISOString() ?? null,
  };
}

/** The open proposals (oldest first), then the 20 latest decided. */
export async function batchProposals(db: Queryable): Promise<PayoutBatchProposal[]> {
  const { rows } = await db.query<ProposalRecord>(
    `(SELECT ${PROPOSAL_COLUMNS}, 0 AS rank FROM ${PROPOSAL_FROM} WHERE b.status = 'proposed')
     UNION ALL
     (SELECT ${PROPOSAL_COLUMNS}, 1 AS rank FROM ${PROPOSAL_FROM} WHERE b.status <> 'proposed' ORDER BY b.decided_at DESC, b.id DESC LIMIT 20)
     ORDER BY rank, proposed_at, id`,
  );
  return rows.map(toProposal);
}

export async function findProposal(db: Queryable, id: number): Promise<PayoutBatchProposal | undefined> {
  const { rows } = await db.query<ProposalRecord>(`SELECT ${PROPOSAL_COLUMNS} FROM ${PROPOSAL_FROM} WHERE b.id = $1`, [id]);
  return rows[0] ? toProposal(rows[0]) : undefined;
}

export async function payoutThresholds(db: Queryable): Promise<PayoutApprovalThreshold[]> {
  const { rows } = await db.query<{ currency: string; threshold_minor: string; updated_at: Date; updated_by: string | null }>(
    `SELECT t.currency, t.threshold_minor::text AS threshold_minor, t.updated_at, o.name AS updated_by
       FROM payout_approval_thresholds t LEFT JOIN operators o ON o.id = t.updated_by_operator_id ORDER BY t.currency`,
  );
  return rows.map((row) => ({ currency: row.currency, threshold_minor: Number(row.threshold_minor), updated_at: row.updated_at.toISOString(), updated_by: row.updated_by }));
}

/** The threshold of `currency` in minor units, locked for its change; null when it has none. */
export async function lockThreshold(db: Queryable, currency: string): Promise<number | null> {
  const { rows } = await db.query<{ threshold_minor: string }>('SELECT threshold_minor::text AS threshold_minor FROM payout_approval_thresholds WHERE currency = $1 FOR UPDATE', [currency]);
  return rows[0] ? Number(rows[0].threshold_minor) : null;
}

export async function saveThreshold(db: Queryable, currency: string, thresholdMinor: number, operatorId: number | null): Promise<void> {
  await db.query(
    `INSERT INTO payout_approval_thresholds (currency, threshold_minor, updated_by_operator_id) VALUES ($1, $2, $3)
     ON CONFLICT (currency) DO UPDATE SET threshold_minor = excluded.threshold_minor, updated_at = now(), updated_by_operator_id = excluded.updated_by_operator_id`,
    [currency, thresholdMinor, operatorId],
  );
}

/** Removes the threshold of `currency`: answers the one removed, null when it had none. */
export async function deleteThreshold(db: Queryable, currency: string): Promise<number | null> {
  const { rows } = await db.query<{ threshold_minor: string }>('DELETE FROM payout_approval_thresholds WHERE currency = $1 RETURNING threshold_minor::text AS threshold_minor', [currency]);
  return rows[0] ? Number(rows[0].threshold_minor) : null;
}

/** A batch proposed: answers its id, undefined when the batch is already proposed and awaiting approval. */
export async function insertProposal(db: Queryable, proposal: PayoutBatchRequest & { payoutIds: readonly number[]; totalMinor: number; proposedBy: number | null }): Promise<number | undefined> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO payout_batch_proposals (scheduled_on, currency, payout_ids, total_minor, proposed_by_operator_id) VALUES ($1::date, $2, $3::bigint[], $4, $5)
     ON CONFLICT (scheduled_on, currency) WHERE status = 'proposed' DO NOTHING RETURNING id`,
    [proposal.scheduled_on, proposal.currency, proposal.payoutIds, proposal.totalMinor, proposal.proposedBy],
  );
  return rows[0] ? Number(rows[0].id) : undefined;
}

/** A proposal locked for its decision. */
export async function lockProposal(
  db: Queryable,
  id: number,
): Promise<{ scheduled_on: string; currency: string; payout_ids: string[]; status: string; proposed_by_operator_id: number; total_minor: string } | undefined> {
  const { rows } = await db.query<{ scheduled_on: string; currency: string; payout_ids: string[]; status: string; proposed_by_operator_id: number; total_minor: string }>(
    `SELECT scheduled_on::text AS scheduled_on, currency, payout_ids::text[] AS payout_ids, status, proposed_by_operator_id, total_minor::text AS total_minor
       FROM payout_batch_proposals WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0];
}

export async function decideProposal(db: Queryable, id: number, status: 'approved' | 'withdrawn', operatorId: number | null): Promise<void> {
  await db.query(`UPDATE payout_batch_proposals SET status = $3, decided_at = now(), decided_by_operator_id = $2 WHERE id = $1`, [id, operatorId, status]);
}

// The dashboard's next payouts and failed-payout action (dashboard-card.ts).

/** The agent's payouts on their way (draft or sent), soonest first. */
export async function payoutsOnTheirWay(db: Queryable, referralAgentId: number): Promise<{ currency: string; status: 'draft' | 'sent'; amount: string; on: string }[]> {
  const { rows } = await db.query<{ currency: string; status: 'draft' | 'sent'; amount: string; on: string }>(
    `SELECT currency, status, amount_minor::text AS amount, scheduled_on::text AS on FROM payouts
      WHERE referral_agent_id = $1 AND status IN ('draft', 'sent') ORDER BY scheduled_on, id`,
    [referralAgentId],
  );
  return rows;
}

/** The agent's approved balance per currency (clawbacks netted, from the ledger's daily rollup), with the currency's schedule. */
export async function approvedBalances(db: Queryable, referralAgentId: number): Promise<{ currency: string; amount: string; minimum: string | null; day_of_month: number | null }[]> {
  const { rows } = await db.query<{ currency: string; amount: string; minimum: string | null; day_of_month: number | null }>(
    `SELECT d.currency, sum(d.amount_minor)::text AS amount, min(s.minimum_minor)::text AS minimum, min(s.day_of_month) AS day_of_month
       FROM commission_daily d LEFT JOIN payout_schedules s ON s.currency = d.currency
      WHERE d.referral_agent_id = $1 AND d.status = 'approved' AND d.lines <> 0
      GROUP BY d.currency HAVING sum(d.amount_minor) > 0`,
    [referralAgentId],
  );
  return rows;
}

/** The agent's payment details' status, undefined when it has none. */
export async function paymentDetailsStatus(db: Queryable, referralAgentId: number): Promise<'unverified' | 'verified' | 'frozen' | undefined> {
  const { rows } = await db.query<{ status: 'unverified' | 'verified' | 'frozen' }>(`SELECT status FROM payment_details WHERE referral_agent_id = $1`, [referralAgentId]);
  return rows[0]?.status;
}

/** Failed payouts of the last `days` days that no later paid payout of their currency has settled: how many, the latest's day. */
export async function unsettledFailedPayouts(db: Queryable, referralAgentId: number, days: number): Promise<{ count: number; since: string | null }> {
  const { rows } = await db.query<{ count: number; since: string | null }>(
    `SELECT count(*)::int AS count, (max(f.failed_at) AT TIME ZONE 'UTC')::date::text AS since FROM payouts f
      WHERE f.referral_agent_id = $1 AND f.status = 'failed' AND f.failed_at > now() - make_interval(days => $2)
        AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.referral_agent_id = f.referral_agent_id AND p.currency = f.currency AND p.status = 'paid' AND p.paid_at > f.failed_at)`,
    [referralAgentId, days],
  );
  return rows[0]!;
}
