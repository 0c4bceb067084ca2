import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRequest, createTestOperator, signInOperatorAs, type TestOperator } from '../../test/console-sign-in.ts';
import { createBooking, ensureFacility } from '../../test/booking-factories.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { percentageOf } from './ledger.ts';

/**
 * The commission ledger's lifecycle (docs/earnings.md) on a real database: a booking completed in the console earns
 * one line (whatever runs twice), priced by the rate card row of its facility; the daily run approves it once the
 * refund window has passed unless a mandatory agreement is unsigned; a refund reverses it before payout and claws it
 * back after; a paid line never changes; the balances always equal the lines.
 */

let context: TestContext;
let finance: TestOperator;
let support: TestOperator;
let partner: CreatedPartner;
let facilityId: number;
let operatorClient: TestClient;
/** Completes bookings: a support operator (bookings.manage), as in the console. */
let bookingsClient: TestClient;
const WINDOW_DAYS = 14;
/** The appointment of the file's bookings: their lines are earned on it and payable WINDOW_DAYS after it. */
const TREATED_ON = '2026-02-01';

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
/** One payout per agent, currency and run day: each payout this file writes by hand gets a day of its own. */
let runDays = 0;
const nextRunDay = () => addDays('2001-01-01', (runDays += 1));

beforeAll(async () => {
  context = await createTestApp();
  const pool = context.database.pool;
  finance = await createTestOperator(context, { role: 'finance' });
  support = await createTestOperator(context, { role: 'support' });
  partner = await createPartner(pool);
  facilityId = await ensureFacility(pool, 'Ledger Test Dental Centre');
  // 10 % of the treatment price at this facility, a 14-day refund window, for every agent, since 2020.
  await pool.query(
    `INSERT INTO commission_rates (facility_id, kind, basis_points, currency, base_description, base_description_ar, refund_window_days, valid_from)
     VALUES ($1, 'percentage', 1000, 'AED', 'The treatment price', 'سعر العلاج', $2, '2020-01-01')`,
    [facilityId, WINDOW_DAYS],
  );
  operatorClient = new TestClient(context.app);
  await signInOperatorAs(context, operatorClient, finance.id);
  bookingsClient = new TestClient(context.app);
  await signInOperatorAs(context, bookingsClient, support.id);
});
afterAll(async () => {
  await context.close();
});

async function confirmedBooking(owner = partner, amount = '1234.50') {
  return createBooking(context.database.pool, { referralAgentId: owner.referralAgentId, referredByUserId: owner.userId, status: 'confirmed', facility: 'Ledger Test Dental Centre', amount, currency: 'AED', createdAt: '2026-01-10T09:00:00Z', dateTime: `${TREATED_ON}T09:00:00Z` });
}

async function complete(bookingId: number) {
  const response = await consoleRequest(bookingsClient, 'POST', `/api/console/bookings/${bookingId}/status`, { status: 'completed', expected_status: 'confirmed' });
  expect(response.statusCode).toBe(200);
  await context.app.jobs.drain();
}

async function linesOf(bookingId: number) {
  const { rows } = await context.database.pool.query<{ id: string; kind: string; status: string; amount_minor: string; currency: string; payable_on: string; held_reason: string | null; rate: { basis_points: number } }>(
    `SELECT id, kind, status, amount_minor::text, currency, payable_on::text, held_reason, rate FROM commission_lines WHERE booking_id = $1 ORDER BY id`,
    [bookingId],
  );
  return rows;
}

async function partnerSummary(owner = partner) {
  const client = new TestClient(context.app);
  await signInAs(context, client, owner.userId);
  return (await client.get('/api/earnings/summary')).json() as { balances: { currency: string; pending_minor: number; approved_minor: number }[]; held_by_agreement: boolean };
}

describe('a completed booking earns one commission line', () => {
  it('priced by the rate card row, pending until the end of its refund window, and told to the partner', async () => {
    const booking = await confirmedBooking();
    await complete(booking.id);
    const [line] = await linesOf(booking.id);
    // 10 % of AED 1,234.50 = AED 123.45, in fils.
    expect(line).toMatchObject({ kind: 'commission', status: 'pending', amount_minor: '12345', currency: 'AED', payable_on: addDays(TREATED_ON, WINDOW_DAYS), held_reason: null });
    expect(line!.rate.basis_points).toBe(1000);
    const { rows } = await context.database.pool.query<{ title: string; body: string }>("SELECT title, body FROM notifications WHERE user_id = $1 AND type = 'commission'", [partner.userId]);
    expect(rows[0]).toMatchObject({ title: 'Commission earned' });
    // the amount as the reader's language writes it: the code, a no-break space, the separators
    expect(rows[0]!.body).toContain('AED\u00a0123.45');
    expect((await partnerSummary()).balances).toEqual([expect.objectContaining({ currency: 'AED', pending_minor: 12345, approved_minor: 0 })]);
  });

  it('once, however often it is recorded (the job twice, the sweep, at the same time)', async () => {
    const booking = await confirmedBooking();
    await complete(booking.id);
    const ledger = context.app.ledger;
    const again = await Promise.all([ledger.recordCompletedBooking(context.database.pool, booking.id), ledger.recordCompletedBooking(context.database.pool, booking.id)]);
    expect(again).toEqual([{ recorded: false, why: 'already_recorded' }, { recorded: false, why: 'already_recorded' }]);
    await ledger.sweep(context.database.pool);
    expect(await linesOf(booking.id)).toHaveLength(1);
  });

  it('not for a booking that is not completed, nor where no rate applies', async () => {
    const booking = await confirmedBooking();
    expect(await context.app.ledger.recordCompletedBooking(context.database.pool, booking.id)).toEqual({ recorded: false, why: 'not_completed' });
    const elsewhere = await createBooking(context.database.pool, { referralAgentId: partner.referralAgentId, status: 'confirmed', facility: 'A Clinic Without Rates' });
    await complete(elsewhere.id);
    expect(await linesOf(elsewhere.id)).toEqual([]);
  });

  it('keeps the rate it was priced with when the card changes', async () => {
    const booking = await confirmedBooking();
    await complete(booking.id);
    await context.database.pool.query('UPDATE commission_rates SET basis_points = 500 WHERE facility_id = $1', [facilityId]);
    try {
      expect((await linesOf(booking.id))[0]).toMatchObject({ amount_minor: '12345', rate: expect.objectContaining({ basis_points: 1000 }) });
    } finally {
      await context.database.pool.query('UPDATE commission_rates SET basis_points = 1000 WHERE facility_id = $1', [facilityId]);
    }
  });
});

describe('approval', () => {
  it('waits for the end of the refund window, and is held while a mandatory agreement is unsigned', async () => {
    const owner = await createPartner(context.database.pool);
    const booking = await confirmedBooking(owner);
    await complete(booking.id);
    const ledger = context.app.ledger;
    const payable = addDays(TREATED_ON, WINDOW_DAYS);

    await ledger.approveDue(context.database.pool, addDays(payable, -1));
    expect((await linesOf(booking.id))[0]!.status).toBe('pending');

    // A mandatory agreement for every agent, published and unsigned: the line stays pending, marked held.
    const { rows } = await context.database.pool.query<{ id: number }>(
      `INSERT INTO agreements (kind, key, version, title, body_markdown, status, mandatory, effective_at, published_at)
       VALUES ('template', 'ledger-test-terms', 1, 'Partner terms', 'Terms.', 'published', true, now() - interval '1 day', now() - interval '1 day') RETURNING id`,
    );
    try {
      await ledger.approveDue(context.database.pool, payable);
      expect((await linesOf(booking.id))[0]).toMatchObject({ status: 'pending', held_reason: 'agreement_unsigned' });
      expect((await partnerSummary(owner)).held_by_agreement).toBe(true);

      await context.database.pool.query(
        `INSERT INTO agreement_acceptances (agreement_id, referral_agent_id, user_id, signer_name, consent_text, text_sha256, ip, user_agent)
         VALUES ($1, $2, $3, 'Test Owner', 'I agree', repeat('a', 64), '127.0.0.1', 'test')`,
        [rows[0]!.id, owner.referralAgentId, owner.userId],
      );
      await ledger.approveDue(context.database.pool, payable);
      expect((await linesOf(booking.id))[0]).toMatchObject({ status: 'approved', held_reason: null });
      expect((await partnerSummary(owner)).balances[0]).toMatchObject({ pending_minor: 0, approved_minor: 12345 });
    } finally {
      // Other agents' lines must not stay held by this test's agreement.
      await context.database.pool.query("UPDATE agreements SET status = 'withdrawn' WHERE id = $1", [rows[0]!.id]);
    }
  });
});

describe('a refund', () => {
  async function paidLine() {
    const booking = await confirmedBooking();
    await complete(booking.id);
    const [line] = await linesOf(booking.id);
    const pool = context.database.pool;
    const { rows } = await pool.query<{ id: string }>(`INSERT INTO payouts (referral_agent_id, currency, amount_minor, lines, status, scheduled_on) VALUES ($1, 'AED', 12345, 1, 'sent', $2::date) RETURNING id`, [partner.referralAgentId, nextRunDay()]);
    await pool.query(`UPDATE commission_lines SET status = 'in_payout', payout_id = $2 WHERE id = $1`, [line!.id, rows[0]!.id]);
    return { booking, lineId: Number(line!.id), payoutId: Number(rows[0]!.id) };
  }

  it('before payout reverses the line with the reason the partner reads, audited', async () => {
    const booking = await confirmedBooking();
    await complete(booking.id);
    const [line] = await linesOf(booking.id);
    const response = await consoleRequest(operatorClient, 'POST', `/api/console/earnings/lines/${line!.id}/refund`, { reason: 'The patient was refunded in full.' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ line: { status: 'reversed', reversal_reason: 'The patient was refunded in full.' }, clawback: null });
    const audit = await context.database.pool.query("SELECT actor_id, reason FROM audit_events WHERE action = 'commission.reversed' AND target_id = $1", [line!.id]);
    expect(audit.rows).toEqual([{ actor_id: String(finance.id), reason: 'The patient was refunded in full.' }]);
    // Reversed is final.
    const again = await consoleRequest(operatorClient, 'POST', `/api/console/earnings/lines/${line!.id}/refund`, { reason: 'Twice' });
    expect(again.statusCode).toBe(422);
  });

  it('while in a payout being sent waits (409); after payout claws the line back with a negative line', async () => {
    const { lineId, payoutId } = await paidLine();
    const waiting = await consoleRequest(operatorClient, 'POST', `/api/console/earnings/lines/${lineId}/refund`, { reason: 'Refunded after the transfer left.' });
    expect(waiting.statusCode).toBe(409);

    await context.database.pool.query(`UPDATE commission_lines SET status = 'paid', paid_on = current_date WHERE id = $1`, [lineId]);
    await context.database.pool.query(`UPDATE payouts SET status = 'paid', paid_at = now() WHERE id = $1`, [payoutId]);
    const response = await consoleRequest(operatorClient, 'POST', `/api/console/earnings/lines/${lineId}/refund`, { reason: 'Refunded after the transfer left.' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ line: { status: 'paid', clawed_back_by: expect.any(Number) }, clawback: { kind: 'clawback', amount_minor: -12345, status: 'approved', clawback_of: { id: lineId } } });
    const twice = await consoleRequest(operatorClient, 'POST', `/api/console/earnings/lines/${lineId}/refund`, { reason: 'Again' });
    expect(twice.statusCode).toBe(422);
  });

  it('is refused to an operator without earnings.manage, and asks for a reason', async () => {
    const booking = await confirmedBooking();
    await complete(booking.id);
    const [line] = await linesOf(booking.id);
    expect((await consoleRequest(bookingsClient, 'POST', `/api/console/earnings/lines/${line!.id}/refund`, { reason: 'No right to do this' })).statusCode).toBe(403);
    const blank = await consoleRequest(operatorClient, 'POST', `/api/console/earnings/lines/${line!.id}/refund`, { reason: ' ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.reason).toBeDefined();
    expect((await consoleRequest(operatorClient, 'POST', '/api/console/earnings/lines/999999999/refund', { reason: 'Nobody' })).statusCode).toBe(404);
  });
});

describe('a paid line', () => {
  it('never changes and is never deleted: the database refuses it', async () => {
    const booking = await confirmedBooking();
    await complete(booking.id);
    const [line] = await linesOf(booking.id);
    const pool = context.database.pool;
    const { rows } = await pool.query<{ id: string }>(`INSERT INTO payouts (referral_agent_id, currency, amount_minor, lines, status, scheduled_on) VALUES ($1, 'AED', 12345, 1, 'paid', $2::date) RETURNING id`, [partner.referralAgentId, nextRunDay()]);
    await pool.query(`UPDATE commission_lines SET status = 'paid', payout_id = $2, paid_on = current_date WHERE id = $1`, [line!.id, rows[0]!.id]);
    await expect(pool.query('UPDATE commission_lines SET amount_minor = 1 WHERE id = $1', [line!.id])).rejects.toThrow(/paid and cannot change/);
    await expect(pool.query("UPDATE commission_lines SET status = 'approved', payout_id = NULL, paid_on = NULL WHERE id = $1", [line!.id])).rejects.toThrow(/paid and cannot change/);
    await expect(pool.query('DELETE FROM commission_lines WHERE id = $1', [line!.id])).rejects.toThrow(/paid and cannot change/);
  });
});

describe('percentages in integers', () => {
  it('round half away from zero, exactly, for amounts past 2^53 when multiplied', () => {
    expect(percentageOf(12345, 1000)).toBe(1235);
    expect(percentageOf(5, 1000)).toBe(1);
    expect(percentageOf(4, 1000)).toBe(0);
    expect(percentageOf(9_000_000_000_000, 1234)).toBe(1_110_600_000_000);
  });
});

describe('the balances equal the lines', () => {
  it('after any sequence of completions, approvals, refunds and payments (property)', async () => {
    const pool = context.database.pool;
    const owner = await createPartner(pool);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ amount: fc.integer({ min: 0, max: 5_000_000 }), approve: fc.boolean(), pay: fc.boolean(), refund: fc.boolean() }), { minLength: 1, maxLength: 6 }),
        async (steps) => {
          for (const step of steps) {
            const booking = await confirmedBooking(owner, (step.amount / 100).toFixed(2));
            await complete(booking.id);
            const [line] = await linesOf(booking.id);
            if (step.approve) await pool.query("UPDATE commission_lines SET status = 'approved' WHERE id = $1", [line!.id]);
            if (step.approve && step.pay) {
              const { rows } = await pool.query<{ id: string }>(`INSERT INTO payouts (referral_agent_id, currency, amount_minor, lines, status, scheduled_on) VALUES ($1, 'AED', 1, 1, 'paid', $2::date) RETURNING id`, [owner.referralAgentId, nextRunDay()]);
              await pool.query("UPDATE commission_lines SET status = 'paid', payout_id = $2, paid_on = current_date WHERE id = $1", [line!.id, rows[0]!.id]);
            }
            if (step.refund) {
              const refund = context.app.ledger.recordRefund(pool, { type: 'operator', id: finance.id, role: 'finance' }, Number(line!.id), 'Refunded');
              // A booking of amount 0 has nothing to refund: the ledger refuses it, writing nothing.
              if (step.amount === 0) await expect(refund).rejects.toMatchObject({ statusCode: 422, message: 'Nothing of this booking’s amount is left to refund.' });
              else await refund;
            }
          }
          const lines = await pool.query<{ status: string; total: string }>(
            'SELECT status, sum(amount_minor)::text AS total FROM commission_lines WHERE referral_agent_id = $1 GROUP BY status',
            [owner.referralAgentId],
          );
          const rolled = await pool.query<{ status: string; total: string }>(
            "SELECT status, sum(amount_minor)::text AS total FROM commission_daily WHERE referral_agent_id = $1 GROUP BY status HAVING sum(lines) <> 0",
            [owner.referralAgentId],
          );
          const asMap = (rows: { status: string; total: string }[]) => Object.fromEntries(rows.map((row) => [row.status, BigInt(row.total)]));
          expect(asMap(rolled.rows)).toEqual(asMap(lines.rows));
        },
      ),
      // Besides the random histories, always the edge the generator found: a refund of a booking of amount 0.
      { numRuns: 8, examples: [[[{ amount: 0, approve: false, pay: false, refund: true }, { amount: 1, approve: false, pay: false, refund: true }]]] },
    );
  });
});
