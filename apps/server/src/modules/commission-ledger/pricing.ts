import type pg from 'pg';
import type { RateValue } from '@portal/contracts/commission-rates';
import { COMMISSION_NOTIFICATION } from '@portal/contracts/profile';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { addDays, utcDay } from '../../lib/calendar-days.ts';
import type { Agreements } from '../agreements/public.ts';
import type { CommissionRates, ResolvedRate } from '../commission-rates/public.ts';
import { day, money, type NotificationService } from '../notifications/public.ts';
import { COMMISSION_EARNED_NOTICE, COMMISSIONS_EARNED_NOTICE } from './notices.ts';
import { rateShareOf, type Adjustments } from './adjustments.ts';
import { insertCommissionLines, lockCompletions, membersSeeingLine, membersSeeingLines, recordPricingOutcomes, refundsOfBookings, type Completion, type PricingFailure, type PricingSelection } from './repository.ts';

/**
 * Pricing completed bookings into commission lines (docs/earnings.md, issue 31), set-based: a batch of completions is
 * read in one query, its rates resolved in one query (each booking on its own pricing day), its lines written in one
 * INSERT and its failures in one upsert. The job of one completion, the hourly sweep and the bench all run this.
 */

/** How many completions one pricing transaction takes. */
export const PRICING_BATCH = 1000;

export interface PricingDeps {
  rates: Pick<CommissionRates, 'resolveMany'>;
  agreements: Pick<Agreements, 'inForce'>;
  notifications: Pick<NotificationService, 'notify'>;
}

/** What a rate card row pays on a booking, and what the line keeps of the row (its snapshot). */
export interface CommissionPrice {
  baseMinor: number;
  amountMinor: number;
  currency: string;
  payableOn: string;
  snapshot: Record<string, unknown>;
}

/**
 * A percentage of an amount in minor units, rounded half away from zero, in integers only (1 % = 100 basis points).
 * BigInt: base × basis points can pass 2^53 for a large base.
 */
export function percentageOf(baseMinor: number, basisPoints: number): number {
  const product = BigInt(baseMinor) * BigInt(basisPoints);
  return Number((product + 5_000n) / 10_000n);
}

/**
 * Prices a booking of `baseMinor` minor units of `currency` (its own exponent: yen have none, dinars three), treated
 * on `treatedOn`, with `rate` (a row that pays something): a percentage of the base in the booking's currency, or the
 * row's flat amount in its own; payable once the row's refund window after the treatment has passed. The ledger and
 * the demo ledger both price through here.
 */
export function priceCommission(rate: ResolvedRate & { rate: RateValue }, booking: { baseMinor: number; currency: string }, treatedOn: string): CommissionPrice {
  const [amountMinor, currency] =
    rate.rate.kind === 'percentage' ? [percentageOf(booking.baseMinor, rate.rate.basis_points ?? 0), booking.currency] : [rate.rate.amount_minor ?? 0, rate.rate.currency];
  return {
    baseMinor: booking.baseMinor,
    amountMinor,
    currency,
    payableOn: addDays(treatedOn, rate.refund_window_days),
    snapshot: { ...rate.rate, refund_window_days: rate.refund_window_days, base_description: rate.base_description, base_description_ar: rate.base_description_ar, scope: rate.scope, valid_from: rate.valid_from, valid_to: rate.valid_to, individual: rate.individual },
  };
}

export interface RecordedLine {
  bookingId: number;
  lineId: number;
  referralAgentId: number;
  referredByUserId: number | null;
  ticketId: string | null;
  amountMinor: number;
  currency: string;
  payableOn: string;
}

export interface PricingRun {
  recorded: RecordedLine[];
  failed: { bookingId: number; reason: PricingFailure }[];
}

/** Who writes the adjustment of a refund the pricing counts: the job, not an operator (the refund's own row names them). */
const PRICING_ACTOR = { type: 'system', id: 'earnings.pricing' } as const;

export function createPricing(deps: PricingDeps, adjustments: Pick<Adjustments, 'recordAdjustment'>) {
  /** Tells the members who read the lines: one notice per member, the line's own when it is their only one. */
  async function tell(pool: pg.Pool, lines: readonly RecordedLine[]) {
    const byAgent = new Map<number, RecordedLine[]>();
    for (const line of lines) byAgent.set(line.referralAgentId, [...(byAgent.get(line.referralAgentId) ?? []), line]);
    for (const [agentId, agentLines] of byAgent) {
      const agentWide = new Set(await membersSeeingLine(pool, agentId, null));
      const referrers = [...new Set(agentLines.flatMap((line) => (line.referredByUserId === null ? [] : [line.referredByUserId])))];
      for (const member of await membersSeeingLines(pool, agentId, referrers)) {
        const seen = agentWide.has(member) ? agentLines : agentLines.filter((line) => line.referredByUserId === member);
        if (seen.length === 0) continue;
        const only = seen.length === 1 ? seen[0]! : null;
        const link = '/my-earnings';
        await deps.notifications.notify(
          [member],
          only
            ? { type: COMMISSION_NOTIFICATION, notice: COMMISSION_EARNED_NOTICE, values: { amount: money(only.amountMinor, only.currency), ticket: only.ticketId, payableOn: day(only.payableOn) }, link, data: { line_id: only.lineId, status: 'pending' } }
            : { type: COMMISSION_NOTIFICATION, notice: COMMISSIONS_EARNED_NOTICE, values: { count: seen.length }, link, data: { status: 'pending', lines: seen.length } },
        );
      }
    }
  }

  /**
   * The partial refunds recorded on a completed booking before its line existed (its job had not run yet): each is
   * counted now as it would have been on the line, one adjustment per refund on the refunds' running total (adjustments.ts
   * `recordBookingRefund`), so a booking's commission is the same whether it was refunded before or after pricing. One
   * query finds them for the whole batch; a batch without such refunds writes nothing more. Answers the notices.
   */
  async function countEarlierRefunds(client: Queryable, priced: readonly { bookingId: number; lineId: number; rate: Record<string, unknown> }[], now: Date) {
    const notices: (() => Promise<void>)[] = [];
    if (priced.length === 0) return notices;
    const rows = await refundsOfBookings(client, priced.map((line) => line.bookingId));
    const lineOfBooking = new Map(priced.map((line) => [line.bookingId, line]));
    const refundedBefore = new Map<number, number>();
    for (const refund of rows) {
      const line = lineOfBooking.get(refund.booking_id)!;
      const before = refundedBefore.get(refund.booking_id) ?? 0;
      const amount = Number(refund.amount_minor);
      refundedBefore.set(refund.booking_id, before + amount);
      const rate = line.rate as { kind: 'percentage' | 'flat'; basis_points?: number | null };
      const reduction = rateShareOf(rate, before + amount) - rateShareOf(rate, before);
      if (reduction <= 0) continue;
      const adjustment = await adjustments.recordAdjustment(client, { adjustsLineId: line.lineId, amountMinor: -reduction, reason: refund.reason, source: 'partial_refund', actor: PRICING_ACTOR, baseMinor: amount, refundId: Number(refund.id), now });
      notices.push(adjustment.notify);
    }
    return notices;
  }

  return {
    /**
     * Prices the selected completions in one transaction: each by the rate card row, tier and individual contract in
     * force on its pricing day (the UTC day it was created), its amount in its currency's minor units, earned on the
     * treatment day and payable after the row's refund window from it. A booking already priced is left alone (the
     * unique index decides, whoever runs at the same time); one that cannot be priced gets no line and its reason is
     * kept for finance. The partners are told after the commit.
     */
    async priceCompletions(pool: pg.Pool, selection: PricingSelection, now = new Date()): Promise<PricingRun> {
      const run = await inTransaction(pool, async (client): Promise<PricingRun & { notices: (() => Promise<void>)[] }> => {
        const completions = await lockCompletions(client, selection);
        if (completions.length === 0) return { recorded: [], failed: [], notices: [] };
        const failed: PricingRun['failed'] = [];
        const priceable = completions.filter((booking) => {
          const reason: PricingFailure | null = booking.amount_minor === null ? 'amount_not_in_currency' : booking.currency !== booking.billing_currency ? 'currency_not_billing' : null;
          if (reason) failed.push({ bookingId: booking.id, reason });
          return reason === null;
        });
        const rates = await deps.rates.resolveMany(
          client,
          priceable.map((booking) => ({ referralAgentId: booking.referral_agent_id, facilityId: booking.facility_id, serviceId: booking.service_id, day: utcDay(booking.created_at) })),
        );
        const lines: { booking: Completion; price: CommissionPrice; rateId: number; agreement: { id: number; key: string; version: number } | null }[] = [];
        const agreements = new Map<string, Promise<{ id: number; key: string; version: number } | null>>();
        for (const [index, booking] of priceable.entries()) {
          const rate = rates[index];
          if (!rate?.rate) {
            failed.push({ bookingId: booking.id, reason: 'no_rate' });
            continue;
          }
          const completedAt = booking.completed_at ?? now;
          // The agreement the agent had signed when the booking completed; asked once per agent and instant.
          const key = `${booking.referral_agent_id}@${completedAt.toISOString()}`;
          if (!agreements.has(key)) agreements.set(key, deps.agreements.inForce(client, booking.referral_agent_id, completedAt));
          const agreement = await agreements.get(key)!;
          lines.push({ booking, price: priceCommission({ ...rate, rate: rate.rate }, { baseMinor: Number(booking.amount_minor), currency: booking.currency }, utcDay(booking.treatment_at)), rateId: rate.rate_id, agreement });
        }
        const inserted = await insertCommissionLines(
          client,
          lines.map(({ booking, price, rateId, agreement }) => ({
            referralAgentId: booking.referral_agent_id,
            referredByUserId: booking.referred_by_user_id,
            bookingId: booking.id,
            facilityId: booking.facility_id,
            serviceId: booking.service_id,
            treatedOn: utcDay(booking.treatment_at),
            baseMinor: price.baseMinor,
            baseCurrency: booking.currency,
            rateId,
            rate: price.snapshot,
            agreement,
            amountMinor: price.amountMinor,
            currency: price.currency,
            payableOn: price.payableOn,
          })),
        );
        const lineOf = new Map(inserted.map((row) => [row.bookingId, row.lineId]));
        await recordPricingOutcomes(client, [...lineOf.keys()], failed, now);
        const notices = await countEarlierRefunds(client, lines.flatMap(({ booking, price }) => (lineOf.has(booking.id) ? [{ bookingId: booking.id, lineId: lineOf.get(booking.id)!, rate: price.snapshot }] : [])), now);
        const recorded = lines.flatMap(({ booking, price }) => {
          const lineId = lineOf.get(booking.id);
          return lineId === undefined
            ? []
            : [{ bookingId: booking.id, lineId, referralAgentId: booking.referral_agent_id, referredByUserId: booking.referred_by_user_id, ticketId: booking.ticket_id, amountMinor: price.amountMinor, currency: price.currency, payableOn: price.payableOn }];
        });
        return { recorded, failed, notices };
      });
      await tell(pool, run.recorded);
      for (const notice of run.notices) await notice();
      return { recorded: run.recorded, failed: run.failed };
    },
  };
}

export type Pricing = ReturnType<typeof createPricing>;

