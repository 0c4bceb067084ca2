import type pg from 'pg';
import { COMMISSION_NOTIFICATION } from '@portal/contracts/profile';
import type { Agreements } from '../agreements/public.ts';
import type { BookingLifecycle } from '../bookings/public.ts';
import type { CommissionRates } from '../commission-rates/public.ts';
import type { NotificationService } from '../notifications/public.ts';
import { COMMISSIONS_APPROVED_NOTICE } from './notices.ts';
import { createAdjustments } from './adjustments.ts';
import { createPricing, PRICING_BATCH } from './pricing.ts';
import {
  agentsWithDueLines,
  approveDueLines,
  findBookingStatus,
  findLine,
  holdDueLinesForAgreement,
  holdDueLinesOfUnpaidInvoices,
  membersSeeingLine,
  membersSeeingLines,
  type PricingFailure,
} from './repository.ts';

/**
 * The ledger's rules (docs/earnings.md), one place whoever acts: the booking's completion (a job queued in the console
 * write's transaction, and the hourly sweep), the daily approval run, and the finance operator's refund.
 */

export interface LedgerDeps {
  rates: Pick<CommissionRates, 'resolveMany'>;
  agreements: Pick<Agreements, 'pendingMandatory' | 'inForce'>;
  notifications: Pick<NotificationService, 'notify'>;
  bookings: Pick<BookingLifecycle, 'markRefunded'>;
}

export { percentageOf, priceCommission, type CommissionPrice } from './pricing.ts';

export type RecordOutcome = { recorded: true; lineId: number } | { recorded: false; why: 'not_completed' | 'already_recorded' | 'no_booking' | PricingFailure };

export function createLedger(deps: LedgerDeps) {
  const adjustments = createAdjustments(deps);
  const pricing = createPricing(deps, adjustments);

  return {
    /**
     * Records the commission of a completed booking (its job): the set-based pricing of `pricing.ts` for one booking,
     * answering what became of it. Once, whoever calls it how many times.
     */
    async recordCompletedBooking(pool: pg.Pool, bookingId: number, now = new Date()): Promise<RecordOutcome> {
      const run = await pricing.priceCompletions(pool, { bookingIds: [bookingId] }, now);
      if (run.recorded[0]) return { recorded: true, lineId: run.recorded[0].lineId };
      if (run.failed[0]) return { recorded: false, why: run.failed[0].reason };
      const status = await findBookingStatus(pool, bookingId);
      if (status === undefined) return { recorded: false, why: 'no_booking' };
      return { recorded: false, why: status === 'completed' ? 'already_recorded' : 'not_completed' };
    },

    priceCompletions: pricing.priceCompletions,

    /**
     * The daily run: pending lines whose refund window has ended by `today` become approved, agent by agent, unless
     * held: every line of an agent with a mandatory agreement unsigned (`agreement_unsigned`), else a line whose
     * facility has not paid the booking's invoice (`invoice_unpaid`, the programme's rule: docs/earnings.md). A held
     * line stays pending with its reason, which the partner reads, and is approved by the first run after the cause
     * is gone. Answers how many lines were approved and held.
     */
    async approveDue(pool: pg.Pool, today: string, now = new Date()): Promise<{ approved: number; held: number }> {
      const agents = await agentsWithDueLines(pool, today);
      let approved = 0;
      let held = 0;
      for (const agentId of agents) {
        if (await deps.agreements.pendingMandatory(pool, agentId, now)) {
          held += await holdDueLinesForAgreement(pool, agentId, today);
          continue;
        }
        held += await holdDueLinesOfUnpaidInvoices(pool, agentId, today);
        const rows = await approveDueLines(pool, agentId, today, now);
        if (rows.length === 0) continue;
        approved += rows.length;
        // Those who read the agent's earnings hear of every line; a member who sees only their own, of theirs.
        const agentWide = await membersSeeingLine(pool, agentId, null);
        const referrers = [...new Set(rows.flatMap((row) => (row.referred_by_user_id === null ? [] : [row.referred_by_user_id])))];
        for (const id of await membersSeeingLines(pool, agentId, referrers)) {
          const count = agentWide.includes(id) ? rows.length : rows.filter((row) => row.referred_by_user_id === id).length;
          await deps.notifications.notify([id], { type: COMMISSION_NOTIFICATION, notice: COMMISSIONS_APPROVED_NOTICE, values: { count }, link: '/my-earnings?status=approved', data: { status: 'approved', lines: count } });
        }
      }
      return { approved, held };
    },

    /**
     * A refund of the patient's treatment recorded on its commission line: the full refund of the line's booking
     * (adjustments.ts `recordBookingRefund`): its lines not yet paid are reversed, the paid ones clawed back, and the
     * booking becomes refunded; a line in a payout waits for it (409). Audited; the partner is told.
     */
    recordRefund: adjustments.refundLine,

    ...adjustments,

    /**
     * Every completed booking without its commission (the CLI's, a lost job, one that failed before a rate was added
     * or its amount corrected): priced now, in batches of `PRICING_BATCH`, each failure tried once per sweep.
     * Answers how many lines were recorded.
     */
    async sweep(pool: pg.Pool, now = new Date()): Promise<number> {
      let recorded = 0;
      for (;;) {
        const run = await pricing.priceCompletions(pool, { limit: PRICING_BATCH, notTriedSince: now }, now);
        recorded += run.recorded.length;
        if (run.recorded.length + run.failed.length === 0) return recorded;
      }
    },

    findLine,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
