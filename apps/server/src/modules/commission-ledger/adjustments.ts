import type pg from 'pg';
import { BOOKING_ID_PREFIX } from '@portal/contracts/constants';
import type { AdjustmentSource } from '@portal/contracts/earnings';
import type { BookingCommission, RefundScope } from '@portal/contracts/console-earnings';
import { decimalToMinor } from '@portal/contracts/money';
import { COMMISSION_NOTIFICATION } from '@portal/contracts/profile';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { recordAudit, type AuditActor } from '../../lib/audit/audit-log.ts';
import { AppError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { utcDay } from '../../lib/calendar-days.ts';
import type { AfterCommit, BookingLifecycle, BookingWriteChange } from '../bookings/public.ts';
import { money, type Notice, type NoticeValues, type NotificationService } from '../notifications/public.ts';
import { COMMISSION_ADJUSTED_NOTICE, COMMISSION_REVERSED_NOTICE, TREATMENT_REFUNDED_NOTICE } from './notices.ts';
import { LEDGER_MESSAGES as M } from './messages.ts';
import {
  findBookingLines,
  findBookingMoney,
  findBookingRefunds,
  findLine,
  findStandingCommission,
  insertAdjustment,
  insertBookingRefund,
  insertClawback,
  lockBookingForRefund,
  lockLine,
  lockRefundableLines,
  membersSeeingLine,
  netCommission,
  refundedTotal,
  reverseLine,
  type RateSnapshot,
} from './repository.ts';

/**
 * Refunds and adjustments (issue 31, docs/earnings.md "Refunds and adjustments"): one service for every change of a
 * booking's commission after it was earned.
 *
 * - `recordAdjustment` writes an adjustment line (signed, with its reason), linked to the booking and the line it
 *   adjusts, audited: the one function every caller uses (a partial refund, a corrected amount, an operator's goodwill
 *   or correction, reconciliation's disputes).
 * - `recordBookingRefund`: a partial refund reduces the commission by the rate's rule; a full refund reverses the
 *   booking's lines not yet paid, claws back the paid ones, and makes the booking `refunded`.
 * - `adjustForAmountChange`: a completed booking's corrected amount adjusts its commission by the price difference.
 *
 * The rule behind them all: a booking's net commission (its lines not reversed, clawbacks included) is what its rate
 * snapshot pays on its current amount less what was refunded, plus the operators' adjustments; it never goes below
 * zero, and it is zero once the booking is refunded.
 */

export interface AdjustmentDeps {
  notifications: Pick<NotificationService, 'notify'>;
  bookings: Pick<BookingLifecycle, 'markRefunded'>;
}

export interface AdjustmentInput {
  /** the line adjusted: the booking's commission, or one of its adjustments */
  adjustsLineId: number;
  /** signed minor units of the adjusted line's currency, never zero */
  amountMinor: number;
  /** shown to the partner as written */
  reason: string;
  source: AdjustmentSource;
  actor: AuditActor;
  /** what the adjustment applied to (a refunded amount, a corrected amount); the adjusted line's base when left out */
  baseMinor?: number | undefined;
  /** the refund behind a partial refund's adjustment */
  refundId?: number | undefined;
  now?: Date | undefined;
}

/**
 * What a rate snapshot pays on an amount: a percentage of it, rounded half away from zero in integers, or nothing
 * that depends on it (a flat fee pays per treatment, whatever it cost: only a full refund takes it back).
 */
export function rateShareOf(rate: RateSnapshot, amountMinor: number): number {
  if (rate.kind !== 'percentage') return 0;
  const product = BigInt(amountMinor) * BigInt(rate.basis_points ?? 0);
  const rounded = (product < 0n ? product - 5_000n : product + 5_000n) / 10_000n;
  return Number(rounded);
}

/** A signed decimal ('-25.00', '+40', '12.345') in minor units of `currency`; null when it has too many decimals. */
export function signedDecimalToMinor(value: string, currency: string): number | null {
  const trimmed = value.trim();
  const negative = trimmed.startsWith('-');
  const magnitude = decimalToMinor(trimmed.replace(/^[-+]/, ''), currency);
  if (magnitude === null) return null;
  return negative ? -magnitude : magnitude;
}

export function createAdjustments(deps: AdjustmentDeps) {
  /**
   * Who is told, read now on the transaction's client; the notice itself, sent after the commit (never of a change
   * that rolled back).
   */
  async function noticeOf<Values extends NoticeValues>(db: Queryable, line: { referral_agent_id: number; referred_by_user_id: number | null }, notice: Notice<Values>, values: Values, data: Record<string, unknown>): Promise<AfterCommit> {
    const members = await membersSeeingLine(db, line.referral_agent_id, line.referred_by_user_id);
    return async () => {
      if (members.length > 0) await deps.notifications.notify(members, { type: COMMISSION_NOTIFICATION, notice, values, link: '/my-earnings', data });
    };
  }

  /**
   * Writes an adjustment line on the transaction's client: signed, with its reason, linked to the booking and the line
   * it adjusts, audited (`commission.adjusted`, the operator as actor). Its status and payable day follow the adjusted
   * line's: on a line not yet paid it is payable with it (pending with a pending line, approved with an approved
   * one), so it never becomes payable before the treatment's refund window; on a line in a payout or paid it is
   * approved at once, payable today, and the next payout nets it (as a clawback). The booking's net commission never
   * goes below zero (422 on `amount`). Answers the line and what tells the partner after the commit.
   */
  async function recordAdjustment(db: Queryable, input: AdjustmentInput): Promise<{ lineId: number; notify: AfterCommit }> {
    const now = input.now ?? new Date();
    const reason = input.reason.trim();
    if (!reason) throw ValidationError.field('reason', M.adjustmentNeedsReason);
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor === 0) throw ValidationError.field('amount', M.adjustmentNotZero);
    const line = await lockLine(db, input.adjustsLineId);
    if (!line) throw new NotFoundError();
    if (line.kind === 'clawback') throw ValidationError.field('amount', M.clawbackNotAdjustable);
    if (line.status === 'reversed' || line.clawed_back) throw ValidationError.field('amount', M.reversedNotAdjustable);
    if ((await netCommission(db, line.booking_id)) + input.amountMinor < 0) throw ValidationError.field('amount', M.belowZero);
    const today = utcDay(now);
    const settled = line.status === 'in_payout' || line.status === 'paid';
    const status = settled || line.status === 'approved' ? 'approved' : 'pending';
    const payableOn = settled && line.payable_on < today ? today : line.payable_on;
    const lineId = await insertAdjustment(db, {
      adjustsLineId: line.id,
      earnedOn: today,
      baseMinor: input.baseMinor ?? null,
      amountMinor: input.amountMinor,
      status,
      payableOn,
      at: now,
      reason,
      source: input.source,
      refundId: input.refundId ?? null,
    });
    await recordAudit(db, input.actor, {
      action: 'commission.adjusted',
      target: { type: 'commission_line', id: lineId },
      after: { adjusts_line_id: Number(line.id), booking_id: line.booking_id, amount_minor: input.amountMinor, currency: line.currency, source: input.source, status, payable_on: payableOn },
      reason,
    });
    const notify = await noticeOf(db, line, COMMISSION_ADJUSTED_NOTICE, { amount: money(input.amountMinor, line.currency, { signed: true }), ticket: line.ticket_id, reason }, { line_id: lineId, status });
    return { lineId, notify };
  }

  /**
   * A full refund's effect on the lines, on the transaction's client: each line of the booking not reversed nor
   * clawed back is reversed when not yet in a payout (with the reason the partner reads), clawed back when paid (a line
   * of the opposite amount, approved at once); a line in a payout being sent refuses the whole refund (409).
   */
  async function reverseBookingLines(db: Queryable, actor: AuditActor, bookingId: number, reason: string, now: Date): Promise<{ reversed: number[]; clawbacks: number[] }> {
    const rows = await lockRefundableLines(db, bookingId);
    if (rows.some((row) => row.status === 'in_payout')) throw new AppError(409, M.inPayout, 'commission_in_payout');
    const reversed: number[] = [];
    const clawbacks: number[] = [];
    for (const row of rows) {
      const lineId = Number(row.id);
      if (row.status === 'paid') {
        const clawbackId = await insertClawback(db, lineId, utcDay(now), now);
        await recordAudit(db, actor, { action: 'commission.clawed_back', target: { type: 'commission_line', id: lineId }, after: { clawback_id: clawbackId, amount_minor: -Number(row.amount_minor), currency: row.currency }, reason });
        clawbacks.push(clawbackId);
      } else {
        await reverseLine(db, lineId, reason, now);
        await recordAudit(db, actor, { action: 'commission.reversed', target: { type: 'commission_line', id: lineId }, before: { status: row.status }, after: { status: 'reversed' }, reason });
        reversed.push(lineId);
      }
    }
    return { reversed, clawbacks };
  }

  /**
   * The patient was refunded, in full or in part (`amount`, a decimal in the booking's currency). The refunds of a
   * booking never add up to more than its amount (422); only a completed booking is refunded (422). A partial refund
   * reduces a percentage commission by the percentage of the refunded amount, written as an adjustment line (counted
   * on the refunds' running total, so that rounding never drifts: after refunds totalling R the reductions add up to
   * exactly the rate's share of R); a flat fee is left whole. The refund that leaves nothing of the amount is a full
   * refund: the booking's lines are reversed or clawed back and the booking becomes `refunded`. Audited
   * (`booking.refund_recorded`, and each line's own action); the partner is told.
   */
  async function recordBookingRefund(
    pool: pg.Pool,
    actor: AuditActor,
    bookingId: number,
    request: { scope: RefundScope; amount?: string | null | undefined; reason: string },
    now = new Date(),
  ): Promise<{ refundId: number; full: boolean; adjustmentId: number | null; reversed: number[]; clawbacks: number[] }> {
    const done = await inTransaction(pool, async (client) => {
      const booking = await lockBookingForRefund(client, bookingId);
      if (!booking) throw new NotFoundError();
      if (booking.status === 'refunded') throw ValidationError.field('scope', M.alreadyRefunded);
      if (booking.status !== 'completed') throw ValidationError.field('scope', M.refundNeedsCompleted);
      const amountMinor = decimalToMinor(booking.amount, booking.currency);
      if (amountMinor === null) throw ValidationError.field('amount', M.amountNotInCurrency);
      const refundedBefore = await refundedTotal(client, bookingId);
      const left = amountMinor - refundedBefore;
      const refund = request.scope === 'full' ? left : decimalToMinor(request.amount ?? '', booking.currency);
      if (refund === null) throw ValidationError.field('amount', M.refundDecimals);
      if (refund > left) throw ValidationError.field('amount', M.refundExceedsAmount);
      if (refund <= 0) throw ValidationError.field('amount', M.nothingToRefund);
      const full = refund === left;
      const reason = request.reason.trim();
      const refundId = await insertBookingRefund(client, {
        bookingId,
        amountMinor: refund,
        currency: booking.currency,
        full,
        reason,
        actorType: actor.type,
        actorId: actor.id === undefined || actor.id === null ? null : String(actor.id),
        at: now,
      });
      await recordAudit(client, actor, {
        action: 'booking.refund_recorded',
        target: { type: 'booking', id: bookingId },
        before: { refunded_minor: refundedBefore },
        after: { refund_id: refundId, amount_minor: refund, currency: booking.currency, full, refunded_minor: refundedBefore + refund, ticket_id: booking.ticket_id },
        reason,
      });
      const notices: AfterCommit[] = [];
      if (full) {
        const lines = await reverseBookingLines(client, actor, bookingId, reason, now);
        notices.push(await deps.bookings.markRefunded(client, actor, bookingId, reason));
        if (lines.reversed.length + lines.clawbacks.length > 0) notices.push(await reversalNotice(client, booking, reason, lines));
        return { refundId, full, adjustmentId: null, ...lines, notices };
      }
      const line = await findStandingCommission(client, bookingId);
      let adjustmentId: number | null = null;
      if (line) {
        const share = rateShareOf(line.rate, refundedBefore + refund) - rateShareOf(line.rate, refundedBefore);
        // A reduction never takes the booking below zero (an operator's negative adjustment may already have).
        const reduction = Math.min(share, await netCommission(client, bookingId));
        if (reduction > 0) {
          const adjustment = await recordAdjustment(client, { adjustsLineId: Number(line.id), amountMinor: -reduction, reason, source: 'partial_refund', actor, baseMinor: refund, refundId, now });
          adjustmentId = adjustment.lineId;
          notices.push(adjustment.notify);
        }
      }
      // No adjustment (a flat fee, no commission yet): the partner still hears of the refund.
      if (adjustmentId === null) {
        notices.push(await noticeOf(client, booking, TREATMENT_REFUNDED_NOTICE, { amount: money(refund, booking.currency), ticket: booking.ticket_id, reason }, { booking_id: bookingId }));
      }
      return { refundId, full, adjustmentId, reversed: [], clawbacks: [], notices };
    });
    const { notices, ...answer } = done;
    for (const notice of notices) await notice();
    return answer;
  }

  function reversalNotice(db: Queryable, booking: { referral_agent_id: number; referred_by_user_id: number | null; ticket_id: string | null }, reason: string, lines: { reversed: number[]; clawbacks: number[] }): Promise<AfterCommit> {
    const clawedBack = lines.clawbacks.length > 0;
    return noticeOf(
      db,
      booking,
      COMMISSION_REVERSED_NOTICE,
      { ticket: booking.ticket_id, reason, clawedBack },
      { line_id: lines.clawbacks[0] ?? lines.reversed[0], status: clawedBack ? 'approved' : 'reversed' },
    );
  }

  /**
   * A completed booking's amount was corrected (console, in the booking write's transaction): the commission is
   * adjusted by the price difference, priced by the rate snapshot its commission line kept (what the snapshot pays on
   * the new amount less what it pays on the old). The amount never falls below what was refunded (422). A flat fee,
   * or a booking without a line yet (its job prices the new amount), writes nothing.
   */
  async function adjustForAmountChange(db: Queryable, bookingId: number, change: NonNullable<BookingWriteChange['amountChange']>): Promise<AfterCommit | undefined> {
    const [from, to] = [decimalToMinor(change.from, change.currency), decimalToMinor(change.to, change.currency)];
    if (from === null || to === null) throw ValidationError.field('amount', M.amountNotInCurrency);
    if (to < (await refundedTotal(db, bookingId))) throw ValidationError.field('amount', M.amountBelowRefunded);
    const line = await findStandingCommission(db, bookingId);
    if (!line) return undefined;
    const difference = rateShareOf(line.rate, to) - rateShareOf(line.rate, from);
    if (difference === 0) return undefined;
    const reason = change.reason ?? '';
    const adjustment = await recordAdjustment(db, { adjustsLineId: Number(line.id), amountMinor: difference, reason, source: 'amount_change', actor: change.actor, baseMinor: to });
    return adjustment.notify;
  }

  /** A booking's money as the ledger sees it: amount, refunds, lines (the console's booking page). */
  async function bookingCommission(db: Queryable, bookingId: number): Promise<BookingCommission | undefined> {
    const booking = await findBookingMoney(db, bookingId);
    if (!booking) return undefined;
    const refunds = await findBookingRefunds(db, bookingId);
    const refundRows = refunds.map((row) => ({ id: Number(row.id), amount_minor: Number(row.amount_minor), currency: row.currency, full: row.full_refund, reason: row.reason, recorded_by: row.recorded_by, at: row.at }));
    return {
      booking_id: booking.id,
      booking_reference: booking.ticket_id === null ? '-' : `${BOOKING_ID_PREFIX}${booking.ticket_id}`,
      status: booking.status,
      // An amount its currency cannot hold (written before the rule) is said to be so, never read as 0.
      amount_minor: decimalToMinor(booking.amount, booking.currency),
      currency: booking.currency,
      refunded_minor: refundRows.reduce((sum, row) => sum + row.amount_minor, 0),
      refunds: refundRows,
      lines: await findBookingLines(db, bookingId),
    };
  }

  /**
   * The line endpoint's refund (the ledger page's "Record refund" before issue 31, kept for its callers): the full
   * refund of the line's booking.
   */
  async function refundLine(pool: pg.Pool, actor: AuditActor, lineId: number, reason: string, now = new Date()): Promise<{ lineId: number; clawbackId: number | null }> {
    const line = await findLine(pool, lineId);
    if (!line) throw new NotFoundError();
    if (line.kind === 'clawback') throw ValidationError.field('reason', M.clawbackNotRefundable);
    if (line.kind === 'adjustment') throw ValidationError.field('reason', M.adjustmentNotRefundable);
    if (line.status === 'reversed') throw ValidationError.field('reason', M.alreadyReversed);
    if (line.clawed_back_by !== null) throw ValidationError.field('reason', M.alreadyClawedBack);
    if (line.status === 'in_payout') throw new AppError(409, M.inPayout, 'commission_in_payout');
    try {
      await recordBookingRefund(pool, actor, line.booking_id, { scope: 'full', reason }, now);
    } catch (error) {
      // Two refunds of one line at once: the second finds the booking refunded, as the line's own checks would have.
      if (error instanceof ValidationError && error.errors.scope) throw ValidationError.field('reason', line.status === 'paid' ? M.alreadyClawedBack : M.alreadyReversed);
      throw error;
    }
    const after = await findLine(pool, lineId);
    return { lineId, clawbackId: after?.clawed_back_by ?? null };
  }

  return { recordAdjustment, recordBookingRefund, adjustForAmountChange, bookingCommission, refundLine };
}

export type Adjustments = ReturnType<typeof createAdjustments>;
