import type pg from 'pg';
import { minorToDecimal } from '@portal/contracts/money';
import type { RateValue } from '@portal/contracts/commission-rates';
import { BOOKING_ID_PREFIX } from '@portal/contracts/constants';
import type { Locale } from '@portal/contracts/preferences';
import { COMMISSION_NOTIFICATION } from '@portal/contracts/profile';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { addDays, utcDay } from '../../lib/calendar-days.ts';
import { dayText } from '../../lib/locale.ts';
import type { Agreements } from '../agreements/public.ts';
import type { BookingLifecycle } from '../bookings/public.ts';
import type { CommissionRates, ResolvedRate } from '../commission-rates/public.ts';
import type { NotificationService } from '../notifications/public.ts';
import { bookingAmountMinor, createAdjustments } from './adjustments.ts';
import { findLine, membersSeeingLine, membersSeeingLines } from './repository.ts';

/**
 * The ledger's rules (docs/earnings.md), one place whoever acts: the booking's completion (a job queued in the console
 * write's transaction, and the hourly sweep), the daily approval run, and the finance operator's refund.
 */

export interface LedgerDeps {
  rates: Pick<CommissionRates, 'resolve'>;
  agreements: Pick<Agreements, 'pendingMandatory' | 'inForce'>;
  notifications: Pick<NotificationService, 'notify'>;
  bookings: Pick<BookingLifecycle, 'markRefunded'>;
}

/** What a rate card row pays on a completed booking, and what the line keeps of the row (its snapshot). */
export interface CommissionPrice {
  baseMinor: number;
  amountMinor: number;
  currency: string;
  payableOn: string;
  snapshot: Record<string, unknown>;
}

/**
 * Prices a booking of `amount` in `currency`, earned on `earnedOn`, with `rate` (a row that pays something): a
 * percentage of the base in the booking's currency, or the row's flat amount in its own; payable once the row's refund
 * window has passed. The ledger and the demo ledger both price through here.
 */
export function priceCommission(rate: ResolvedRate & { rate: RateValue }, booking: { amount: string; currency: string }, earnedOn: string): CommissionPrice {
  const baseMinor = bookingAmountMinor(booking.amount, booking.currency) ?? 0;
  const [amountMinor, currency] =
    rate.rate.kind === 'percentage' ? [percentageOf(baseMinor, rate.rate.basis_points ?? 0), booking.currency] : [rate.rate.amount_minor ?? 0, rate.rate.currency];
  return {
    baseMinor,
    amountMinor,
    currency,
    payableOn: addDays(earnedOn, rate.refund_window_days),
    snapshot: { ...rate.rate, refund_window_days: rate.refund_window_days, base_description: rate.base_description, base_description_ar: rate.base_description_ar, scope: rate.scope, valid_from: rate.valid_from, valid_to: rate.valid_to, individual: rate.individual },
  };
}

/**
 * A percentage of an amount in minor units, rounded half away from zero, in integers only (1 % = 100 basis points).
 * BigInt: base × basis points can pass 2^53 for a large base.
 */
export function percentageOf(baseMinor: number, basisPoints: number): number {
  const product = BigInt(baseMinor) * BigInt(basisPoints);
  return Number((product + 5_000n) / 10_000n);
}

interface CompletedBooking {
  id: number;
  ticket_id: string | null;
  status: string;
  referral_agent_id: number;
  referred_by_user_id: number | null;
  facility_id: number;
  service_id: number;
  treatment_at: Date;
  created_at: Date;
  completed_at: Date | null;
  amount: string;
  currency: string;
}

export type RecordOutcome = { recorded: true; lineId: number } | { recorded: false; why: 'not_completed' | 'already_recorded' | 'no_rate' | 'no_booking' };

const WORDS: Record<Locale, { pending: (amount: string, ticket: string, day: string) => string; pendingTitle: string; approvedTitle: string; approved: (count: number) => string}> = {
  en: {
    pendingTitle: 'Commission earned',
    pending: (amount, ticket, day) => `${amount} on ${ticket}, payable from ${day} once the refund window has passed.`,
    approvedTitle: 'Commissions approved',
    approved: (count) => (count === 1 ? 'One commission passed its refund window and is approved for the next payout.' : `${count} commissions passed their refund window and are approved for the next payout.`),
  },
  ar: {
    pendingTitle: 'عمولة مستحقة',
    pending: (amount, ticket, day) => `${amount} على ${ticket}، تُدفع ابتداءً من ${day} بعد انتهاء فترة الاسترداد.`,
    approvedTitle: 'عمولات معتمدة',
    approved: (count) => (count === 1 ? 'انتهت فترة الاسترداد لعمولة واحدة واعتُمدت للدفعة القادمة.' : `انتهت فترة الاسترداد لـ ${count} عمولات واعتُمدت للدفعة القادمة.`),
  },
};

/** 'AED 123.45': an amount as the ledger's notices write it. */
export function money(minor: number, currency: string): string {
  return `${currency} ${minorToDecimal(minor, currency)}`;
}

function ticketOf(ticketId: string | null): string {
  return ticketId === null ? 'a booking' : `${BOOKING_ID_PREFIX}${ticketId}`;
}

export function createLedger(deps: LedgerDeps) {
  const adjustments = createAdjustments(deps);
  async function tell(db: Queryable, line: { referral_agent_id: number; referred_by_user_id: number | null }, content: (locale: Locale) => { title: string; body: string; data: Record<string, unknown> }) {
    const members = await membersSeeingLine(db, line.referral_agent_id, line.referred_by_user_id);
    if (members.length === 0) return;
    await deps.notifications.notify(members, (locale) => {
      const words = content(locale);
      return { type: COMMISSION_NOTIFICATION, title: words.title, body: words.body, link: '/my-earnings', data: words.data };
    });
  }

  return {
    /**
     * Records the commission of a completed booking: once, whoever calls it how many times (the unique index on the
     * booking decides, under a lock of the booking). Priced by the rate card row for the booking's facility × service
     * on the day it was created, the agreement the agent had signed when it completed, and the refund window of the row.
     */
    async recordCompletedBooking(pool: pg.Pool, bookingId: number): Promise<RecordOutcome> {
      const outcome = await inTransaction(pool, async (client): Promise<RecordOutcome & { notify?: () => Promise<void> }> => {
        const { rows } = await client.query<CompletedBooking>(
          `SELECT b.id, b.ticket_id, b.status, b.referral_agent_id, b.referred_by_user_id, b.facility_id, d.service_id,
                  b.date_time AS treatment_at, b.created_at, b.amount::text AS amount, b.currency,
                  (SELECT max(h.created_at) FROM booking_status_history h WHERE h.booking_id = b.id AND h.to_status = 'completed') AS completed_at
             FROM bookings b JOIN facility_service_details d ON d.id = b.facility_service_detail_id
            WHERE b.id = $1 FOR UPDATE OF b`,
          [bookingId],
        );
        const booking = rows[0];
        if (!booking) return { recorded: false, why: 'no_booking' };
        if (booking.status !== 'completed') return { recorded: false, why: 'not_completed' };
        const existing = await client.query('SELECT 1 FROM commission_lines WHERE booking_id = $1 AND kind = $2', [bookingId, 'commission']);
        if (existing.rowCount) return { recorded: false, why: 'already_recorded' };
        const rate = await deps.rates.resolve(client, { referralAgentId: booking.referral_agent_id, facilityId: booking.facility_id, serviceId: booking.service_id, on: booking.created_at });
        if (!rate?.rate) return { recorded: false, why: 'no_rate' };
        const completedAt = booking.completed_at ?? new Date();
        const earnedOn = utcDay(completedAt);
        const { baseMinor, amountMinor, currency, payableOn, snapshot } = priceCommission({ ...rate, rate: rate.rate }, booking, earnedOn);
        const agreement = await deps.agreements.inForce(client, booking.referral_agent_id, completedAt);
        const inserted = await client.query<{ id: string }>(
          `INSERT INTO commission_lines (kind, referral_agent_id, referred_by_user_id, booking_id, facility_id, service_id, treatment_on, earned_on,
                                         base_minor, base_currency, rate_id, rate, agreement_id, agreement_key, agreement_version, amount_minor, currency, payable_on)
           VALUES ('commission', $1, $2, $3, $4, $5, $6::date, $7::date, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::date)
           RETURNING id`,
          [
            booking.referral_agent_id, booking.referred_by_user_id, booking.id, booking.facility_id, booking.service_id, utcDay(booking.treatment_at), earnedOn,
            baseMinor, booking.currency, rate.rate_id, JSON.stringify(snapshot), agreement?.id ?? null, agreement?.key ?? null, agreement?.version ?? null, amountMinor, currency, payableOn,
          ],
        );
        const lineId = Number(inserted.rows[0]!.id);
        return {
          recorded: true,
          lineId,
          notify: () =>
            tell(pool, booking, (locale) => ({
              title: WORDS[locale].pendingTitle,
              body: WORDS[locale].pending(money(amountMinor, currency), ticketOf(booking.ticket_id), dayText(payableOn, locale)),
              data: { line_id: lineId, status: 'pending' },
            })),
        };
      });
      const { notify, ...answer } = outcome as RecordOutcome & { notify?: () => Promise<void> };
      await notify?.();
      return answer;
    },

    /**
     * The daily run: pending lines whose refund window has ended by `today` become approved, agent by agent, unless
     * the agent has a mandatory agreement unsigned (then they stay pending, marked held, and are approved on the first
     * run after the signature). Answers how many lines were approved and held.
     */
    async approveDue(pool: pg.Pool, today: string, now = new Date()): Promise<{ approved: number; held: number }> {
      const { rows: agents } = await pool.query<{ referral_agent_id: number }>(
        `SELECT DISTINCT referral_agent_id FROM commission_lines WHERE status = 'pending' AND payable_on <= $1::date`,
        [today],
      );
      let approved = 0;
      let held = 0;
      for (const { referral_agent_id: agentId } of agents) {
        if (await deps.agreements.pendingMandatory(pool, agentId, now)) {
          const marked = await pool.query(
            `UPDATE commission_lines SET held_reason = 'agreement_unsigned' WHERE referral_agent_id = $1 AND status = 'pending' AND payable_on <= $2::date`,
            [agentId, today],
          );
          held += marked.rowCount ?? 0;
          continue;
        }
        const { rows } = await pool.query<{ referred_by_user_id: number | null }>(
          `UPDATE commission_lines SET status = 'approved', held_reason = NULL, approved_at = $3
            WHERE referral_agent_id = $1 AND status = 'pending' AND payable_on <= $2::date
            RETURNING referred_by_user_id`,
          [agentId, today, now],
        );
        approved += rows.length;
        // Those who read the agent's earnings hear of every line; a member who sees only their own, of theirs.
        const agentWide = await membersSeeingLine(pool, agentId, null);
        const referrers = [...new Set(rows.flatMap((row) => (row.referred_by_user_id === null ? [] : [row.referred_by_user_id])))];
        for (const id of await membersSeeingLines(pool, agentId, referrers)) {
          const count = agentWide.includes(id) ? rows.length : rows.filter((row) => row.referred_by_user_id === id).length;
          await deps.notifications.notify([id], (locale) => ({ type: COMMISSION_NOTIFICATION, title: WORDS[locale].approvedTitle, body: WORDS[locale].approved(count), link: '/my-earnings?status=approved', data: { status: 'approved', lines: count } }));
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

    /** Completed bookings of the last `days` days without their commission (the CLI's, or a lost job): recorded now. */
    async sweep(pool: pg.Pool, days: number): Promise<number> {
      const { rows } = await pool.query<{ booking_id: number }>(
        `SELECT DISTINCT h.booking_id FROM booking_status_history h
          WHERE h.to_status = 'completed' AND h.created_at > now() - make_interval(days => $1)
            AND NOT EXISTS (SELECT 1 FROM commission_lines l WHERE l.booking_id = h.booking_id AND l.kind = 'commission')`,
        [days],
      );
      let recorded = 0;
      for (const row of rows) if ((await this.recordCompletedBooking(pool, row.booking_id)).recorded) recorded += 1;
      return recorded;
    },

    findLine,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
