import type pg from 'pg';
import { createRandom, seedFromText } from '../../db/seeds/booking-catalog.ts';
import { DEMO_AGENTS, DEMO_OPERATORS } from '../../db/seeds/demo-identities.ts';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { utcDay } from '../../lib/calendar-days.ts';
import { createCommissionRates } from '../commission-rates/public.ts';
import { decimalToMinor, minorToDecimal } from '@portal/contracts/money';
import { payoutMinimum } from '../payouts/public.ts';
import { createAdjustments } from './adjustments.ts';
import { priceCommission } from './ledger.ts';
import { insertClawback } from './repository.ts';

/**
 * The demo ledger (issue 16): a commission line for every completed demo booking, three years of them in each agent's
 * currencies, with what a lived-in programme has: lines paid in monthly payouts on the 5th (amounts under the
 * minimum carried to the next month), the last weeks pending in their refund window, the ones since Harbor's unsigned
 * mandatory agreement held, a few reversed with the facility's reason, one clawback after payout, and one failed
 * payout whose lines wait for the next run.
 *
 * The demo rate card starts this year, so every line is priced by the agent's rates in force today (each line keeps
 * that snapshot, as a real one keeps the row of its day). Demo bookings have no status history: a line is earned on
 * its treatment day. The history's payouts are written here with the lines they paid (a paid line names its payout);
 * payouts' own demo (modules/payouts/demo-seed.ts) adds the batch awaiting approval, finance reports theirs.
 */

const DAY_MS = 86_400_000;

const REVERSAL_REASONS = [
  'The facility refunded the patient: the second stage of treatment was cancelled on medical advice.',
  'Refunded in full: the patient was found unfit for surgery at the pre-operative assessment.',
  'The facility credited the invoice after a billing dispute; no commission is due on a credited invoice.',
  'Duplicate booking: the patient was referred twice and treated once.',
];

interface DemoLine {
  bookingId: number;
  agentId: number;
  memberId: number | null;
  facilityId: number;
  serviceId: number;
  treatmentOn: string;
  baseMinor: number;
  baseCurrency: string;
  rateId: number;
  rate: object;
  amountMinor: number;
  currency: string;
  payableOn: string;
  status: 'pending' | 'approved' | 'paid' | 'reversed';
  heldReason: string | null;
  reversalReason: string | null;
  payoutKey: string | null;
}

/** The 5th of the month after the one `day` falls in: the payout a line payable that month goes into. */
function payoutDayAfter(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  return utcDay(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 5)));
}

async function agreementInForce(db: Queryable, agentId: number): Promise<{ id: number; key: string; version: number } | null> {
  const { rows } = await db.query<{ id: number; key: string; version: number }>(
    `SELECT a.id, a.key, a.version FROM agreement_acceptances s JOIN agreements a ON a.id = s.agreement_id
      WHERE s.referral_agent_id = $1 AND a.kind IN ('individual', 'template') ORDER BY (a.kind = 'individual') DESC, a.effective_at DESC LIMIT 1`,
    [agentId],
  );
  return rows[0] ?? null;
}

/** When the agent's unsigned mandatory agreement was published (its new commissions are held since), or null. */
async function heldSince(db: Queryable, agentId: number): Promise<string | null> {
  const { rows } = await db.query<{ since: string }>(
    `SELECT min(a.published_at)::date::text AS since FROM agreements a
      WHERE a.kind = 'template' AND a.mandatory AND a.status = 'published' AND a.effective_at <= now()
        AND NOT EXISTS (SELECT 1 FROM agreement_acceptances s WHERE s.agreement_id = a.id AND s.referral_agent_id = $1)`,
    [agentId],
  );
  return rows[0]?.since ?? null;
}

export async function seedDemoLedger(pool: pg.Pool): Promise<void> {
  const existing = await pool.query('SELECT 1 FROM commission_lines LIMIT 1');
  if (existing.rowCount) return;
  const rates = createCommissionRates();
  const now = Date.now();
  const today = utcDay(new Date(now));
  const { rows: agents } = await pool.query<{ referral_agent_id: number; name: string }>(
    `SELECT DISTINCT b.referral_agent_id, ra.name FROM bookings b JOIN referral_agents ra ON ra.id = b.referral_agent_id WHERE b.status = 'completed' ORDER BY 1`,
  );
  // Statement numbers start again at 1 each year, without gaps, as the payment does it (payouts.ts).
  const statementNumbers = new Map<string, number>();
  const payoutRows: { agentId: number; currency: string; day: string; amount: number; lines: number; key: string; failed: boolean }[] = [];
  const lines: DemoLine[] = [];
  for (const agent of agents) {
    const random = createRandom(seedFromText(`earnings-${agent.name}`));
    const effective = await rates.effectiveRates(pool, { referralAgentId: agent.referral_agent_id, on: new Date(now) });
    const byKey = new Map(effective.filter((rate) => rate.rate !== null).map((rate) => [`${rate.facility_id}-${rate.service_id}`, rate]));
    const held = await heldSince(pool, agent.referral_agent_id);
    const { rows: bookings } = await pool.query<{ id: number; referred_by_user_id: number | null; facility_id: number; service_id: number; day: string; amount_minor: string | null; currency: string; invoice_status: string }>(
      `SELECT b.id, b.referred_by_user_id, b.facility_id, d.service_id, (b.date_time AT TIME ZONE 'UTC')::date::text AS day, b.amount_minor::text AS amount_minor, b.currency, b.invoice_status
         FROM bookings b JOIN facility_service_details d ON d.id = b.facility_service_detail_id
        WHERE b.referral_agent_id = $1 AND b.status = 'completed' ORDER BY b.date_time, b.id`,
      [agent.referral_agent_id],
    );
    const agentLines: DemoLine[] = [];
    for (const booking of bookings) {
      const rate = byKey.get(`${booking.facility_id}-${booking.service_id}`);
      if (!rate?.rate || booking.amount_minor === null) continue;
      const { baseMinor, amountMinor, currency, payableOn, snapshot } = priceCommission({ ...rate, rate: rate.rate }, { baseMinor: Number(booking.amount_minor), currency: booking.currency }, booking.day);
      const reversed = random() < 0.03;
      // Due lines wait while the agent's mandatory agreement is unsigned, or the facility's invoice is unpaid.
      const due = payableOn <= today;
      const heldByAgreement = held !== null && payableOn >= held;
      const status = reversed ? 'reversed' : !due || heldByAgreement || booking.invoice_status === 'unpaid' ? 'pending' : 'approved';
      agentLines.push({
        bookingId: booking.id,
        agentId: agent.referral_agent_id,
        memberId: booking.referred_by_user_id,
        facilityId: booking.facility_id,
        serviceId: booking.service_id,
        treatmentOn: booking.day,
        baseMinor,
        baseCurrency: booking.currency,
        rateId: rate.rate_id,
        rate: snapshot,
        amountMinor,
        currency,
        payableOn,
        status,
        heldReason: status === 'pending' && due ? (heldByAgreement ? 'agreement_unsigned' : 'invoice_unpaid') : null,
        reversalReason: reversed ? REVERSAL_REASONS[Math.floor(random() * REVERSAL_REASONS.length)]! : null,
        payoutKey: null,
      });
    }
    // Monthly payouts on the 5th, per currency, of the lines approved before the month began; under the minimum the
    // amount waits for the next month. Up to last month's 5th (or this month's, once passed).
    const byCurrency = new Map<string, DemoLine[]>();
    for (const line of agentLines) if (line.status === 'approved') (byCurrency.get(line.currency) ?? byCurrency.set(line.currency, []).get(line.currency)!).push(line);
    for (const [currency, approved] of byCurrency) {
      let waiting: DemoLine[] = [];
      const days = [...new Set(approved.map((line) => payoutDayAfter(line.payableOn)))].sort();
      for (const day of days) {
        if (day > today) break;
        waiting = [...waiting, ...approved.filter((line) => payoutDayAfter(line.payableOn) === day)];
        const amount = waiting.reduce((sum, line) => sum + line.amountMinor, 0);
        if (amount < payoutMinimum(currency)) continue;
        const key = `${agent.referral_agent_id}-${currency}-${day}`;
        payoutRows.push({ agentId: agent.referral_agent_id, currency, day, amount, lines: waiting.length, key, failed: false });
        for (const line of waiting) {
          line.status = 'paid';
          line.payoutKey = key;
        }
        waiting = [];
      }
    }
    lines.push(...agentLines);
  }
  // One failed payout: the second agent's latest, returned by the bank; its lines are approved again for the next run.
  const secondAgent = agents[1]?.referral_agent_id;
  const failed = [...payoutRows].reverse().find((payout) => payout.agentId === secondAgent);
  if (failed) {
    failed.failed = true;
    for (const line of lines) if (line.payoutKey === failed.key) Object.assign(line, { status: 'approved', payoutKey: null });
  }

  await inTransaction(pool, async (client) => {
    const payoutIds = new Map<string, number>();
    for (const payout of payoutRows.sort((a, b) => a.day.localeCompare(b.day) || a.agentId - b.agentId || a.currency.localeCompare(b.currency))) {
      const paidAt = new Date(Date.parse(`${payout.day}T00:00:00Z`) + 1.4 * DAY_MS);
      const year = payout.day.slice(0, 4);
      if (!payout.failed) statementNumbers.set(year, (statementNumbers.get(year) ?? 0) + 1);
      const number = payout.failed ? null : `SB-${year}-${String(statementNumbers.get(year)).padStart(6, '0')}`;
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO payouts (referral_agent_id, currency, amount_minor, lines, status, statement_number, failure_reason, created_at, sent_at, paid_at, failed_at, scheduled_on, bank_reference)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11::date, $12) RETURNING id`,
        [
          payout.agentId, payout.currency, payout.amount, payout.lines, payout.failed ? 'failed' : 'paid', number,
          payout.failed ? "Returned by the beneficiary's bank: account closed (AC04). Ask the partner to confirm their payment details." : null,
          new Date(`${payout.day}T06:00:00Z`), payout.failed ? null : paidAt, payout.failed ? paidAt : null, payout.day,
          payout.failed ? null : `TRF${payout.day.replaceAll('-', '')}${String(payout.agentId).padStart(4, '0')}${payout.currency}`,
        ],
      );
      payoutIds.set(payout.key, Number(rows[0]!.id));
    }
    // The per-year counters the next payment continues from.
    for (const [year, last] of statementNumbers) {
      await client.query(`INSERT INTO statement_number_counters (year, last_number) VALUES ($1, $2) ON CONFLICT (year) DO UPDATE SET last_number = excluded.last_number`, [Number(year), last]);
    }
    const agreements = new Map<number, { id: number; key: string; version: number } | null>();
    for (const agent of agents) agreements.set(agent.referral_agent_id, await agreementInForce(client, agent.referral_agent_id));
    // In slices: one INSERT of a few hundred rows at a time keeps the statement small on the embedded database.
    for (let start = 0; start < lines.length; start += 500) {
      const slice = lines.slice(start, start + 500);
      const column = <T>(pick: (line: DemoLine) => T) => slice.map(pick);
      await client.query(
        `INSERT INTO commission_lines (kind, referral_agent_id, referred_by_user_id, booking_id, facility_id, service_id, treatment_on, earned_on, base_minor, base_currency,
                                       rate_id, rate, agreement_id, agreement_key, agreement_version, amount_minor, currency, status, payable_on, held_reason, reversal_reason,
                                       payout_id, approved_at, reversed_at, paid_on)
         SELECT 'commission', t.agent, t.member, t.booking, t.facility, t.service, t.treatment, t.treatment, t.base, t.base_currency,
                t.rate_id, t.rate, t.agreement_id, t.agreement_key, t.agreement_version, t.amount, t.currency, t.status, t.payable, t.held, t.reason,
                t.payout, CASE WHEN t.status IN ('approved', 'paid') THEN t.payable::timestamptz + interval '30 minutes' END,
                CASE WHEN t.status = 'reversed' THEN t.treatment::timestamptz + interval '9 days' END,
                CASE WHEN t.status = 'paid' THEN (SELECT p.paid_at::date FROM payouts p WHERE p.id = t.payout) END
           FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::date[], $7::bigint[], $8::text[], $9::int[], $10::jsonb[], $11::int[], $12::text[],
                       $13::int[], $14::bigint[], $15::text[], $16::text[], $17::date[], $18::text[], $19::text[], $20::bigint[])
             AS t(agent, member, booking, facility, service, treatment, base, base_currency, rate_id, rate, agreement_id, agreement_key, agreement_version, amount, currency,
                  status, payable, held, reason, payout)`,
        [
          column((line) => line.agentId), column((line) => line.memberId), column((line) => line.bookingId), column((line) => line.facilityId), column((line) => line.serviceId),
          column((line) => line.treatmentOn), column((line) => line.baseMinor), column((line) => line.baseCurrency), column((line) => line.rateId), column((line) => JSON.stringify(line.rate)),
          column((line) => agreements.get(line.agentId)?.id ?? null), column((line) => agreements.get(line.agentId)?.key ?? null), column((line) => agreements.get(line.agentId)?.version ?? null),
          column((line) => line.amountMinor), column((line) => line.currency), column((line) => line.status), column((line) => line.payableOn), column((line) => line.heldReason),
          column((line) => line.reversalReason), column((line) => (line.payoutKey === null ? null : payoutIds.get(line.payoutKey)!)),
        ],
      );
    }
    // One clawback: a paid line of the first agent refunded after payout, taken back by the next payout.
    const firstAgent = agents[0]?.referral_agent_id;
    if (firstAgent !== undefined) {
      const { rows: paid } = await client.query<{ id: string }>(
        `SELECT id FROM commission_lines WHERE referral_agent_id = $1 AND status = 'paid' ORDER BY paid_on DESC, id DESC OFFSET 4 LIMIT 1`,
        [firstAgent],
      );
      if (paid[0]) await insertClawback(client, Number(paid[0].id), utcDay(new Date(now - 3 * DAY_MS)), new Date(now));
    }
  });
  await seedDemoRefundsAndAdjustments(pool);
}

/** Partial refunds and adjustments, as finance would have recorded them on Harbor's recent treatments (issue 31). */
const DEMO_PARTIAL_REFUNDS = [
  { share: 0.25, reason: 'The patient cancelled the last of four physiotherapy sessions; the clinic refunded it.' },
  { share: 0.1, reason: 'The clinic refunded the pre-operative scan it repeated at its own cost.' },
];
const DEMO_ADJUSTMENT = { reason: 'Goodwill: the clinic moved the surgery twice at its own request and the patient stayed with us.' };

/**
 * The demo's refunds, told as the ledger tells them: every booking whose commission was reversed was refunded in full
 * (the booking `refunded`, its refund recorded); two of Harbor's pending percentage commissions partly refunded (an
 * adjustment each), and one given a goodwill adjustment by finance. Recorded through the ledger's own service, by the
 * demo finance operator; nobody is told (they are history).
 */
async function seedDemoRefundsAndAdjustments(pool: pg.Pool): Promise<void> {
  const { rows: operators } = await pool.query<{ id: number }>('SELECT id FROM operators WHERE email = $1', [DEMO_OPERATORS.find((each) => each.role === 'finance')!.email]);
  const actor = operators[0] ? { type: 'operator' as const, id: operators[0].id, role: 'finance' } : { type: 'system' as const };
  const { rows: reversed } = await pool.query<{ booking_id: number; amount: string; currency: string; reversal_reason: string; reversed_at: Date }>(
    `SELECT l.booking_id, b.amount::text AS amount, b.currency, l.reversal_reason, l.reversed_at FROM commission_lines l JOIN bookings b ON b.id = l.booking_id
      WHERE l.kind = 'commission' AND l.status = 'reversed' AND b.status = 'completed'`,
  );
  for (const line of reversed) {
    const minor = decimalToMinor(line.amount, line.currency);
    if (!minor) continue;
    await pool.query(
      'INSERT INTO booking_refunds (booking_id, amount_minor, currency, full_refund, reason, actor_type, actor_id, created_at) VALUES ($1, $2, $3, true, $4, $5, $6, $7)',
      [line.booking_id, minor, line.currency, line.reversal_reason, actor.type, 'id' in actor ? String(actor.id) : null, line.reversed_at],
    );
    await pool.query("UPDATE bookings SET status = 'refunded' WHERE id = $1", [line.booking_id]);
  }

  const adjustments = createAdjustments({ notifications: { notify: async () => [] }, bookings: { markRefunded: async () => async () => undefined } });
  const { rows: candidates } = await pool.query<{ booking_id: number; line_id: string; amount: string; currency: string; amount_minor: string }>(
    `SELECT l.booking_id, l.id AS line_id, b.amount::text AS amount, b.currency, l.amount_minor::text AS amount_minor
       FROM commission_lines l JOIN bookings b ON b.id = l.booking_id JOIN referral_agents ra ON ra.id = l.referral_agent_id
      WHERE ra.name = $1 AND l.kind = 'commission' AND l.status = 'pending' AND l.rate->>'kind' = 'percentage' AND l.amount_minor > 0
      ORDER BY l.treatment_on DESC, l.id DESC LIMIT 3`,
    [DEMO_AGENTS.main],
  );
  for (const [index, refund] of DEMO_PARTIAL_REFUNDS.entries()) {
    const booking = candidates[index];
    const minor = booking ? decimalToMinor(booking.amount, booking.currency) : null;
    if (!booking || !minor) continue;
    const amount = minorToDecimal(Math.max(1, Math.floor(minor * refund.share)), booking.currency);
    await adjustments.recordBookingRefund(pool, actor, booking.booking_id, { scope: 'partial', amount, reason: refund.reason });
  }
  const goodwill = candidates[2];
  if (goodwill) {
    // A tenth of the commission on top.
    const amountMinor = Math.max(1, Math.round(Number(goodwill.amount_minor) / 10));
    await inTransaction(pool, (client) => adjustments.recordAdjustment(client, { adjustsLineId: Number(goodwill.line_id), amountMinor, reason: DEMO_ADJUSTMENT.reason, source: 'manual', actor }));
  }
}
