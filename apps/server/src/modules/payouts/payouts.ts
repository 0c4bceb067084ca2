import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { decimalToMinor } from '@portal/contracts/money';
import type { PayoutBankFileQuery } from '@portal/contracts/console-earnings';
import { COMMISSION_NOTIFICATION } from '@portal/contracts/profile';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { operatorIdOf, recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { utcDay } from '../../lib/calendar-days.ts';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { dayText } from '../../lib/locale.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { FileStore, StoredFile } from '../../lib/storage/file-store.ts';
import { money, type Notice, type NoticeValues, type NotificationService } from '../notifications/public.ts';
import { PAYOUT_FAILED_NOTICE, PAYOUT_PAID_NOTICE, PAYOUT_SENT_NOTICE } from './notices.ts';
import { PAYOUT_MESSAGES as M } from './messages.ts';
import {
  agentsWithApprovedLines,
  findDraftBatch,
  findKeptStatement,
  findPayoutsByIds,
  findStatementLines,
  findStatementOf,
  findStatementPayout,
  hasVerifiedDetails,
  insertDraftPayout,
  keepStatementFile,
  lockPayout as lockPayoutRow,
  lockSchedule,
  markExported,
  markPayoutFailed,
  markPayoutPaid,
  markPayoutSent,
  nextStatementNumber,
  payoutRules,
  saveSchedule,
  type LockedPayout,
} from './repository.ts';
import { assertSendableAlone, createPayoutBatches } from './payout-batches.ts';
import { lockApprovedLines, membersSeeingLine, payPayoutLines, putLinesInPayout, releasePayoutLines } from '../commission-ledger/public.ts';
import { payeesOf } from '../payment-details/public.ts';
import { taxProfileOf } from '../tax-profile/public.ts';
import { hasSepaName, payoutsCsv, sepaCreditTransfer, type BankFilePayout } from './bank-files.ts';
import { buildStatementPdf, type StatementIssuer } from './statement-pdf.ts';

/**
 * Payouts (docs/earnings.md): the run that gathers approved lines into draft payouts, and the finance operator's
 * steps (sent, paid, failed), each audited and told to those of the agent who read its payouts. One place whoever
 * acts: the daily job, the console's "Run now", the routes.
 */

/** The storage kind of self-billing statements. */
export const PAYOUT_STATEMENT_KIND = 'payout-statement';

/** Writes a paid payout's statement right after the payment, from the facts of that day. */
export const PAYOUT_STATEMENT_JOB = 'earnings.payout-statement';

export interface PayoutsDeps {
  /** unseals the payees' accounts for bank files */
  appKey: string;
  jobs: Pick<JobQueue, 'send'>;
  notifications: Pick<NotificationService, 'notify'>;
  storage: Pick<FileStore, 'save' | 'read' | 'delete'>;
  /** the business on statements, and the euro account SEPA files pay from */
  issuer: StatementIssuer & { debtorIban: string; debtorBic: string };
}

/** The day of the month of a 'YYYY-MM-DD'. */
function dayOfMonth(day: string): number {
  return Number(day.slice(8, 10));
}

export function createPayouts(deps: PayoutsDeps) {
  async function lockPayout(client: Queryable, id: number): Promise<LockedPayout> {
    const payout = await lockPayoutRow(client, id);
    if (!payout) throw new NotFoundError();
    return payout;
  }

  function refuse(payout: LockedPayout, allowed: readonly LockedPayout['status'][], message: string): void {
    if (!allowed.includes(payout.status)) throw new AppError(409, message, 'payout_state');
  }

  async function tell<Values extends NoticeValues>(pool: pg.Pool, payout: LockedPayout, notice: Notice<Values>, values: Values) {
    // Payouts are the whole agent's: those who read the agent's earnings (owners, managers, finance) hear of them.
    const members = await membersSeeingLine(pool, payout.referral_agent_id, null);
    if (members.length === 0) return;
    await deps.notifications.notify(members, { type: COMMISSION_NOTIFICATION, notice, values, link: '/my-earnings#payouts', data: { payout_id: payout.id } });
  }

  /**
   * draft → sent, inside the caller's transaction: refused unless the agent's details are verified (they may have
   * changed since the run built it). `who`: the operator who sent it and, for a batch under four eyes, who approved.
   */
  async function sendDraft(client: Queryable, actor: AuditActor, id: number, who: { sentBy: number | null; approvedBy: number | null }, now = new Date()): Promise<LockedPayout> {
    const payout = await lockPayout(client, id);
    refuse(payout, ['draft'], M.onlyDraftSent);
    if (!(await hasVerifiedDetails(client, payout.referral_agent_id))) throw new AppError(409, M.detailsNotVerified, 'payment_details_not_verified');
    await markPayoutSent(client, id, now, who);
    await recordAudit(client, actor, {
      action: 'payout.sent',
      target: { type: 'payout', id },
      before: { status: 'draft' },
      after: { status: 'sent', ...(who.approvedBy === null ? {} : { sent_by_operator_id: who.sentBy, approved_by_operator_id: who.approvedBy }) },
    });
    return payout;
  }

  async function tellSent(pool: pg.Pool, payout: LockedPayout) {
    await tell(pool, payout, PAYOUT_SENT_NOTICE, { amount: money(payout.amount_minor, payout.currency) });
  }

  const batches = createPayoutBatches({
    sendDraft: async (client, actor, id, who) => {
      await sendDraft(client, actor, id, who);
    },
    afterSent: async (pool, ids) => {
      for (const payout of await findPayoutsByIds(pool, ids)) await tellSent(pool, payout);
    },
  });

  return {
    /** Four eyes on batches (payout-batches.ts): propose, approve, and the thresholds. */
    batches,

    /**
     * The payout run of `today`: for each currency due today (its schedule's day; every currency when `everyCurrency`,
     * the console's "Run now"), each agent's approved lines (clawbacks netted) become one draft payout when they add up
     * to the currency's minimum and more than nothing; a smaller balance is carried to the next run, and an agent
     * without verified payment details is held. One payout per
     * agent, currency and day: a second run the same day adds nothing (a failed payout's lines may be gathered again).
     */
    async run(pool: pg.Pool, today: string, options: { everyCurrency?: boolean } = {}): Promise<{ payouts: number; carriedForward: number; held: number }> {
      const rules = (await payoutRules(pool)).filter((rule) => options.everyCurrency || rule.dayOfMonth === dayOfMonth(today));
      let payouts = 0;
      let carriedForward = 0;
      let held = 0;
      for (const rule of rules) {
        // An agent whose payment details are missing, changed and not yet verified, or frozen is held: its balance
        // waits for the first run after an operator verifies them (docs/payment-details.md).
        const agents = await agentsWithApprovedLines(pool, rule.currency);
        for (const { referral_agent_id: agentId, payable } of agents) {
          if (!payable) {
            held += 1;
            continue;
          }
          const built = await inTransaction(pool, async (client) => {
            const lines = await lockApprovedLines(client, agentId, rule.currency);
            const amount = lines.reduce((sum, line) => sum + Number(line.amount_minor), 0);
            if (lines.length === 0 || amount <= 0 || amount < rule.minimumMinor) return 'carried' as const;
            const payoutId = await insertDraftPayout(client, { referralAgentId: agentId, currency: rule.currency, amountMinor: amount, lines: lines.length, scheduledOn: today });
            if (payoutId === undefined) return 'already' as const;
            await putLinesInPayout(client, payoutId, lines.map((line) => line.id));
            return 'built' as const;
          });
          if (built === 'built') payouts += 1;
          else if (built === 'carried') carriedForward += 1;
        }
      }
      return { payouts, carriedForward, held };
    },

    /** A currency's minimum (a decimal in it) and day of the month; audited. */
    async setSchedule(pool: pg.Pool, actor: AuditActor, currency: string, request: { minimum: string; day_of_month: number }): Promise<void> {
      const minimumMinor = decimalToMinor(request.minimum, currency);
      if (minimumMinor === null) throw ValidationError.field('minimum', M.minimumDecimals);
      await inTransaction(pool, async (client) => {
        const old = await lockSchedule(client, currency);
        await saveSchedule(client, { currency, minimumMinor, dayOfMonth: request.day_of_month, operatorId: operatorIdOf(actor) });
        await recordAudit(client, actor, {
          action: 'payout_schedule.updated',
          target: { type: 'payout_schedule', id: currency },
          before: old ? { minimum_minor: Number(old.minimum_minor), day_of_month: old.day_of_month } : null,
          after: { minimum_minor: minimumMinor, day_of_month: request.day_of_month },
        });
      });
    },

    /**
     * draft → sent by one operator: the bank transfer is on its way. A payout whose batch is above its currency's
     * four-eyes threshold is refused (409 four_eyes_required): its batch is proposed and approved instead.
     */
    async markSent(pool: pg.Pool, actor: AuditActor, id: number, now = new Date()): Promise<void> {
      const payout = await inTransaction(pool, async (client) => {
        const locked = await lockPayout(client, id);
        refuse(locked, ['draft'], M.onlyDraftSent);
        await assertSendableAlone(client, locked);
        return sendDraft(client, actor, id, { sentBy: operatorIdOf(actor), approvedBy: null }, now);
      });
      await tellSent(pool, payout);
    },

    /**
     * sent → paid: its lines are paid (and can never change again), and its self-billing statement gets the next
     * number of the year, without gaps (numbers are given under a lock, inside the transaction that pays).
     */
    async markPaid(pool: pg.Pool, actor: AuditActor, id: number, bankReference: string | undefined, now = new Date()): Promise<void> {
      const { payout, number } = await inTransaction(pool, async (client) => {
        const payout = await lockPayout(client, id);
        refuse(payout, ['sent'], M.onlySentPaid);
        const number = await nextStatementNumber(client, now.getUTCFullYear());
        await markPayoutPaid(client, id, now, number, bankReference || null);
        await payPayoutLines(client, id, utcDay(now));
        // The statement is written by a job queued with the payment (it exists when the payment commits), from the
        // partner's and the business's details of that day; a first download before it runs writes it the same way.
        await deps.jobs.send(PAYOUT_STATEMENT_JOB, { payoutId: id }, { key: `payout-statement-${id}`, db: client });
        await recordAudit(client, actor, { action: 'payout.paid', target: { type: 'payout', id }, before: { status: 'sent' }, after: { status: 'paid', statement_number: number, bank_reference: bankReference || null } });
        return { payout, number };
      });
      await tell(pool, payout, PAYOUT_PAID_NOTICE, { amount: money(payout.amount_minor, payout.currency), number });
    },

    /** draft or sent → failed, with the reason the partner reads: the lines are approved again for the next run. */
    async markFailed(pool: pg.Pool, actor: AuditActor, id: number, reason: string, now = new Date()): Promise<void> {
      const payout = await inTransaction(pool, async (client) => {
        const payout = await lockPayout(client, id);
        refuse(payout, ['draft', 'sent'], M.alreadyClosed);
        // A draft already put in a bank file may have been paid by the bank: failing it would pay its lines twice.
        if (payout.status === 'draft' && payout.exported_at !== null) throw new AppError(409, M.exportedDraft, 'payout_exported');
        await markPayoutFailed(client, id, now, reason);
        await releasePayoutLines(client, id);
        await recordAudit(client, actor, { action: 'payout.failed', target: { type: 'payout', id }, before: { status: payout.status }, after: { status: 'failed' }, reason });
        return payout;
      });
      await tell(pool, payout, PAYOUT_FAILED_NOTICE, { amount: money(payout.amount_minor, payout.currency), reason: reason.endsWith('.') ? reason : `${reason}.` });
    },

    /**
     * A batch's bank file (the draft payouts of a run day and currency): CSV, or a SEPA credit transfer for euros. Only
     * verified accounts (and for SEPA, IBANs with a name in SEPA letters) go in; the others are counted as left out. The
     * drafts are marked exported with the audit row, in one transaction: from then on they cannot be failed as drafts.
     */
    async bankFile(pool: pg.Pool, actor: AuditActor, query: PayoutBankFileQuery, now = new Date()): Promise<{ body: Buffer | string; name: string; contentType: string; leftOut: number }> {
      const { format, scheduled_on: day, currency } = query;
      if (format === 'sepa' && currency !== 'EUR') throw ValidationError.field('currency', M.sepaEurosOnly);
      const rows = await findDraftBatch(pool, day, currency);
      const payees = await payeesOf(pool, deps.appKey, rows.map((row) => row.referral_agent_id));
      // Only verified accounts, and for SEPA only IBANs: a payout to details changed since the run waits for verification.
      const batch: BankFilePayout[] = rows.flatMap((row) => {
        const payee = payees.get(row.referral_agent_id);
        if (!payee || payee.status !== 'verified' || (format === 'sepa' && (payee.scheme !== 'iban' || !hasSepaName(payee.holderName, row.agent_name)))) return [];
        return [{ id: Number(row.id), agentName: row.agent_name, amountMinor: Number(row.amount_minor), currency, scheduledOn: day, payee }];
      });
      if (batch.length === 0) throw ValidationError.field('scheduled_on', M.noPayableDrafts);
      const leftOut = rows.length - batch.length;
      await inTransaction(pool, async (client) => {
        await markExported(client, batch.map((payout) => payout.id));
        await recordAudit(client, actor, {
          action: 'payouts.bank_file_exported',
          target: { type: 'payout_batch', id: `${day}-${currency}` },
          after: { format, payouts: batch.map((payout) => payout.id), left_out: leftOut },
        });
      });
      const name = `payouts-${day}-${currency}`;
      if (format === 'csv') return { body: await payoutsCsv(batch), name: `${name}.csv`, contentType: 'text/csv; charset=utf-8', leftOut };
      const today = utcDay(now);
      const body = sepaCreditTransfer(
        batch,
        { name: deps.issuer.name, iban: deps.issuer.debtorIban, bic: deps.issuer.debtorBic },
        { messageId: `PP-${day.replaceAll('-', '')}-${currency}-${now.getTime().toString(36).toUpperCase()}`, createdAt: now, executionDate: day >= today ? day : today },
      );
      return { body, name: `${name}.xml`, contentType: 'application/xml; charset=utf-8', leftOut };
    },

    /**
     * The self-billing statement of paid payout `id`: written once (by the job queued with the payment, or a first
     * download before it) and kept (storage, SHA-256), so every download is the same bytes. Two writers at once write
     * twice; one is kept, the other deleted.
     */
    async statement(pool: pg.Pool, id: number): Promise<{ file: StoredFile; sha256: string; number: string }> {
      const stored = await findStatementOf(pool, id);
      if (!stored || stored.status !== 'paid' || !stored.statement_number) throw new NotFoundError();
      if (stored.statement_file && stored.statement_sha256) return { file: stored.statement_file, sha256: stored.statement_sha256, number: stored.statement_number };
      const pdf = await buildStatementPdf(await statementFacts(pool, id), deps.issuer);
      const sha256 = createHash('sha256').update(pdf).digest('hex');
      const file = await deps.storage.save(PAYOUT_STATEMENT_KIND, Readable.from([pdf]), { filename: `${stored.statement_number}.pdf` });
      if (await keepStatementFile(pool, id, file, sha256)) return { file, sha256, number: stored.statement_number };
      await deps.storage.delete(file.key);
      const winner = await findKeptStatement(pool, id);
      return { file: winner.statement_file, sha256: winner.statement_sha256, number: stored.statement_number };
    },
  };
}

export type Payouts = ReturnType<typeof createPayouts>;

/**
 * What a statement says: the payout, the partner (its name in the programme and its tax profile as it is when the
 * statement is written: null when its members have not entered one) and its lines.
 */
async function statementFacts(db: Queryable, id: number) {
  const payout = await findStatementPayout(db, id);
  const lines = await findStatementLines(db, id);
  return {
    number: payout.number,
    paidOn: dayText(utcDay(payout.paid_at), 'en'),
    currency: payout.currency,
    amountMinor: Number(payout.amount_minor),
    partner: { name: payout.agent_name, taxProfile: await taxProfileOf(db, payout.agent_id) },
    bankReference: payout.bank_reference,
    lines: lines.map((line) => ({ ...line, base_minor: Number(line.base_minor), amount_minor: Number(line.amount_minor) })),
  };
}

export type StatementFacts = Awaited<ReturnType<typeof statementFacts>>;
