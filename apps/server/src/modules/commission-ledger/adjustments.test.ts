import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRequest, createTestOperator, signInOperatorAs, type TestOperator } from '../../test/console-sign-in.ts';
import { createBooking, ensureFacility } from '../../test/booking-factories.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { decimalToMinor } from '@portal/contracts/money';
import { rateShareOf } from './adjustments.ts';

/**
 * Refunds and adjustments (issue 31, docs/earnings.md "Refunds and adjustments") on a real database: a partial refund
 * reduces a percentage commission by the percentage of what was refunded, in the currency's own minor unit; the
 * refunds never pass the amount; the refund of what is left makes the booking refunded and reverses or claws back its
 * lines; a completed booking's corrected amount adjusts the commission by the price difference; finance adjusts a
 * commission by hand with a reason; each is audited, told to the partner, and seen only by who may see the line.
 */

let context: TestContext;
let finance: TestOperator;
let support: TestOperator;
let partner: CreatedPartner;
let financeClient: TestClient;
let supportClient: TestClient;
const FACILITY = 'Adjustments Test Eye Clinic';
const FLAT_FACILITY = 'Adjustments Test Flat Fee Clinic';

beforeAll(async () => {
  context = await createTestApp();
  const pool = context.database.pool;
  finance = await createTestOperator(context, { role: 'finance' });
  support = await createTestOperator(context, { role: 'support' });
  partner = await createPartner(pool);
  financeClient = new TestClient(context.app);
  await signInOperatorAs(context, financeClient, finance.id);
  supportClient = new TestClient(context.app);
  await signInOperatorAs(context, supportClient, support.id);
});
afterAll(async () => {
  await context.close();
});

/**
 * The facility named `name` billing in `currency` (a booking is in its facility's billing currency, so each currency of
 * these tests has its own), with its rate: 10 % of the treatment at the eye clinic, a flat GBP 50.00 per treatment at
 * the other.
 */
const facilitiesWithRates = new Set<string>();
async function facilityIn(name: string, currency: string): Promise<string> {
  const named = `${name} ${currency}`;
  if (facilitiesWithRates.has(named)) return named;
  const pool = context.database.pool;
  const facilityId = await ensureFacility(pool, named, 'AE', currency);
  if (name === FLAT_FACILITY) {
    await pool.query(
      `INSERT INTO commission_rates (facility_id, kind, amount_minor, currency, base_description, base_description_ar, refund_window_days, valid_from)
       VALUES ($1, 'flat', 5000, 'GBP', 'Each treatment', 'كل علاج', 14, '2020-01-01')`,
      [facilityId],
    );
  } else {
    await pool.query(
      `INSERT INTO commission_rates (facility_id, kind, basis_points, currency, base_description, base_description_ar, refund_window_days, valid_from)
       VALUES ($1, 'percentage', 1000, 'GBP', 'The treatment price', 'سعر العلاج', 14, '2020-01-01')`,
      [facilityId],
    );
  }
  facilitiesWithRates.add(named);
  return named;
}

/** A booking completed in the console (support holds bookings.manage), its commission recorded by the job. */
async function completedBooking(options: { amount: string; currency: string; owner?: CreatedPartner; referredBy?: number; facility?: string; priced?: boolean }) {
  const owner = options.owner ?? partner;
  const facility = await facilityIn(options.facility ?? FACILITY, options.currency);
  const booking = await createBooking(context.database.pool, {
    referralAgentId: owner.referralAgentId,
    referredByUserId: options.referredBy ?? owner.userId,
    status: 'confirmed',
    facility,
    amount: options.amount,
    currency: options.currency,
    createdAt: '2026-01-10T09:00:00Z',
    dateTime: '2026-02-01T09:00:00Z',
  });
  const response = await consoleRequest(supportClient, 'POST', `/api/console/bookings/${booking.id}/status`, { status: 'completed', expected_status: 'confirmed' });
  expect(response.statusCode).toBe(200);
  // priced: false leaves the completion's job queued (the next drain or sweep prices it).
  if (options.priced !== false) await context.app.jobs.drain();
  return booking.id;
}

async function linesOf(bookingId: number) {
  const { rows } = await context.database.pool.query<{ id: string; kind: string; status: string; amount_minor: string; currency: string; adjustment_reason: string | null; adjustment_source: string | null; adjusts_line_id: string | null; payable_on: string }>(
    `SELECT id::text AS id, kind, status, amount_minor::text, currency, adjustment_reason, adjustment_source, adjusts_line_id::text AS adjusts_line_id, payable_on::text AS payable_on FROM commission_lines WHERE booking_id = $1 ORDER BY id`,
    [bookingId],
  );
  return rows;
}

async function bookingStatus(bookingId: number): Promise<string> {
  const { rows } = await context.database.pool.query<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [bookingId]);
  return rows[0]!.status;
}

function refund(bookingId: number, body: Record<string, unknown>, client = financeClient) {
  return consoleRequest(client, 'POST', `/api/console/earnings/bookings/${bookingId}/refunds`, body);
}

const today = () => new Date().toISOString().slice(0, 10);

describe('the rate share of an amount', () => {
  it('is the percentage in integers, rounded half away from zero, and nothing for a flat fee', () => {
    expect(rateShareOf({ kind: 'percentage', basis_points: 1000 }, 12345)).toBe(1235);
    expect(rateShareOf({ kind: 'percentage', basis_points: 1000 }, -12345)).toBe(-1235);
    expect(rateShareOf({ kind: 'flat' }, 12345)).toBe(0);
  });

  it("reads a booking's amount in its currency's minor unit", () => {
    expect(decimalToMinor('150000.00', 'JPY')).toBe(150000);
    expect(decimalToMinor('320.00', 'GBP')).toBe(32000);
    expect(decimalToMinor('12.35', 'KWD')).toBe(12350);
    expect(decimalToMinor('10.50', 'JPY')).toBeNull();
  });
});

describe("the booking's Commission panel", () => {
  it('says an amount its currency cannot hold is unknown (null), never 0, and a refund of it is refused (422)', async () => {
    const pool = context.database.pool;
    const facility = await facilityIn(FACILITY, 'JPY');
    // A row written before the rule: half a yen.
    // (The factory prices the facility's service at the booking's amount: its price of half a yen is as old.)
    await pool.query('ALTER TABLE bookings DISABLE TRIGGER bookings_amount_in_currency');
    await pool.query('ALTER TABLE facility_service_details DISABLE TRIGGER facility_service_price_in_currency');
    const booking = await createBooking(pool, { referralAgentId: partner.referralAgentId, status: 'completed', facility, amount: '1500.50', currency: 'JPY', createdAt: '2026-01-10T09:00:00Z', dateTime: '2026-02-01T09:00:00Z' });
    await pool.query('ALTER TABLE facility_service_details ENABLE TRIGGER facility_service_price_in_currency');
    await pool.query('ALTER TABLE bookings ENABLE TRIGGER bookings_amount_in_currency');
    const view = await consoleRequest(financeClient, 'GET', `/api/console/earnings/bookings/${booking.id}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ amount_minor: null, currency: 'JPY', refunded_minor: 0 });
    const refused = await refund(booking.id, { scope: 'full', reason: 'The treatment was cancelled.' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.amount).toBeDefined();
  });
});

describe('a partial refund', () => {
  it.each([
    // [currency, amount, refunds, the commission's adjustments]: 10 %, on the refunds' running total
    ['JPY', '150000.00', ['33333'], [-3333]],
    // 10 % of 100.05 is 10.005 → 10.01; of 100.20, 10.02: the second refund takes the penny the first rounded away
    ['GBP', '320.00', ['100.05', '0.15'], [-1001, -1]],
    ['KWD', '100.00', ['12.345', '0.005'], [-1235]],
  ] as const)('in %s reduces the commission by 10 %% of the refunded amount, in its minor unit', async (currency, amount, refunds, adjustments) => {
    const bookingId = await completedBooking({ amount, currency });
    const [commission] = await linesOf(bookingId);
    for (const value of refunds) {
      const response = await refund(bookingId, { scope: 'partial', amount: value, reason: 'The patient cancelled one of the sessions.' });
      expect(response.statusCode).toBe(200);
    }
    const lines = await linesOf(bookingId);
    expect(lines.slice(1).map((line) => Number(line.amount_minor))).toEqual(adjustments);
    for (const line of lines.slice(1)) {
      expect(line).toMatchObject({ kind: 'adjustment', status: 'pending', currency, adjustment_source: 'partial_refund', adjusts_line_id: commission!.id, adjustment_reason: 'The patient cancelled one of the sessions.', payable_on: commission!.payable_on });
    }
    // The booking stays completed and says what was refunded.
    expect(await bookingStatus(bookingId)).toBe('completed');
    const view = (await consoleRequest(financeClient, 'GET', `/api/console/earnings/bookings/${bookingId}`)).json();
    const refunded = refunds.reduce((sum, value) => sum + decimalToMinor(value.includes('.') ? value : `${value}`, currency)!, 0);
    expect(view).toMatchObject({ status: 'completed', currency, refunded_minor: refunded, refunds: refunds.map(() => expect.objectContaining({ full: false, recorded_by: expect.any(String) })) });
  });

  it.each([
    ['JPY', '150000.00', ['33333'], [-3333]],
    ['GBP', '320.00', ['100.05', '0.15'], [-1001, -1]],
    ['KWD', '100.00', ['12.345', '0.005'], [-1235]],
  ] as const)('in %s recorded before the booking was priced is counted when it is: the same adjustments as after', async (currency, amount, refunds, adjustments) => {
    const bookingId = await completedBooking({ amount, currency, priced: false });
    for (const value of refunds) expect((await refund(bookingId, { scope: 'partial', amount: value, reason: 'Refunded before the commission was recorded.' })).statusCode).toBe(200);
    expect(await linesOf(bookingId)).toEqual([]);
    await context.app.jobs.drain();
    await context.app.ledger.sweep(context.database.pool);
    const [commission, ...rest] = await linesOf(bookingId);
    expect(commission).toMatchObject({ kind: 'commission', amount_minor: String(rateShareOf({ kind: 'percentage', basis_points: 1000 }, decimalToMinor(amount, currency)!)) });
    expect(rest.map((line) => [line.kind, Number(line.amount_minor), line.adjustment_source, line.adjusts_line_id])).toEqual(adjustments.map((value) => ['adjustment', value, 'partial_refund', commission!.id]));
  });

  it('leaves a flat fee whole, and the partner is still told', async () => {
    const bookingId = await completedBooking({ amount: '800.00', currency: 'GBP', facility: FLAT_FACILITY });
    expect((await refund(bookingId, { scope: 'partial', amount: '200', reason: 'One implant was not placed.' })).statusCode).toBe(200);
    expect((await linesOf(bookingId)).map((line) => [line.kind, line.amount_minor])).toEqual([['commission', '5000']]);
    const { rows } = await context.database.pool.query("SELECT title FROM notifications WHERE user_id = $1 AND type = 'commission' AND body LIKE $2", [partner.userId, '%GBP\u00a0200.00%']);
    expect(rows).toEqual([{ title: 'Treatment partly refunded' }]);
  });

  it('never adds up to more than the amount (422), nor takes more decimals than the currency has (422)', async () => {
    const bookingId = await completedBooking({ amount: '320.00', currency: 'GBP' });
    expect((await refund(bookingId, { scope: 'partial', amount: '300', reason: 'Most of the course was refunded.' })).statusCode).toBe(200);
    const over = await refund(bookingId, { scope: 'partial', amount: '20.01', reason: 'A little more than was left.' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.amount).toBeDefined();
    const decimals = await refund(bookingId, { scope: 'partial', amount: '1.005', reason: 'A tenth of a penny.' });
    expect(decimals.statusCode).toBe(422);
    expect(decimals.json().errors.amount).toBeDefined();
    const yen = await completedBooking({ amount: '15000.00', currency: 'JPY' });
    expect((await refund(yen, { scope: 'partial', amount: '10.5', reason: 'Half a yen.' })).json().errors.amount).toBeDefined();
    expect((await linesOf(bookingId)).filter((line) => line.kind === 'adjustment')).toHaveLength(1);
  });

  it('that refunds what is left is a full refund: the lines are reversed and the booking is refunded, in its history', async () => {
    const bookingId = await completedBooking({ amount: '320.00', currency: 'GBP' });
    await refund(bookingId, { scope: 'partial', amount: '120', reason: 'The second session was cancelled.' });
    const response = await refund(bookingId, { scope: 'partial', amount: '200.00', reason: 'The rest was refunded too.' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'refunded', refunded_minor: 32000 });
    expect((await linesOf(bookingId)).map((line) => [line.kind, line.status])).toEqual([
      ['commission', 'reversed'],
      ['adjustment', 'reversed'],
    ]);
    const history = await context.database.pool.query('SELECT from_status, to_status, reason FROM booking_status_history WHERE booking_id = $1 ORDER BY id DESC LIMIT 1', [bookingId]);
    expect(history.rows[0]).toEqual({ from_status: 'completed', to_status: 'refunded', reason: 'The rest was refunded too.' });
    expect((await refund(bookingId, { scope: 'full', reason: 'Again.' })).statusCode).toBe(422);
  });
});

describe('a full refund', () => {
  it('reverses the lines not yet paid, claws back a paid one, and makes the booking refunded; audited; the partner is told', async () => {
    const pool = context.database.pool;
    const bookingId = await completedBooking({ amount: '320.00', currency: 'GBP' });
    const [commission] = await linesOf(bookingId);
    const { rows } = await pool.query<{ id: string }>(`INSERT INTO payouts (referral_agent_id, currency, amount_minor, lines, status, scheduled_on) VALUES ($1, 'GBP', 3200, 1, 'paid', '2003-03-05') RETURNING id`, [partner.referralAgentId]);
    await pool.query(`UPDATE commission_lines SET status = 'paid', payout_id = $2, paid_on = current_date WHERE id = $1`, [commission!.id, rows[0]!.id]);
    await refund(bookingId, { scope: 'partial', amount: '20', reason: 'A night of the stay was refunded.' });

    const response = await refund(bookingId, { scope: 'full', reason: 'The patient was refunded in full.' });
    expect(response.statusCode).toBe(200);
    const lines = await linesOf(bookingId);
    // The paid commission is clawed back; the partial refund's adjustment, not yet paid, is reversed.
    expect(lines.map((line) => [line.kind, line.status, line.amount_minor])).toEqual([
      ['commission', 'paid', '3200'],
      ['adjustment', 'reversed', '-200'],
      ['clawback', 'approved', '-3200'],
    ]);
    expect(await bookingStatus(bookingId)).toBe('refunded');
    const audit = await pool.query<{ action: string; actor_id: string; reason: string }>(
      `SELECT action, actor_id, reason FROM audit_events WHERE (target_type = 'booking' AND target_id = $1) OR (target_type = 'commission_line' AND target_id = ANY($2::text[])) ORDER BY id`,
      [String(bookingId), lines.map((line) => line.id)],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(
      expect.arrayContaining(['booking.refund_recorded', 'commission.adjusted', 'commission.clawed_back', 'commission.reversed', 'booking.status_changed']),
    );
    const refundSteps = audit.rows.filter((row) => row.action !== 'booking.status_changed' || row.reason !== null);
    expect(refundSteps.every((row) => row.actor_id === String(finance.id))).toBe(true);
    const told = await pool.query("SELECT body FROM notifications WHERE user_id = $1 AND type = 'commission' AND title = 'Commission clawed back'", [partner.userId]);
    expect(told.rows).toEqual([{ body: expect.stringContaining('was refunded in full') }]);
  });

  it('waits while a line is in a payout being sent (409), and the booking stays completed', async () => {
    const pool = context.database.pool;
    const bookingId = await completedBooking({ amount: '320.00', currency: 'GBP' });
    const [commission] = await linesOf(bookingId);
    const { rows } = await pool.query<{ id: string }>(`INSERT INTO payouts (referral_agent_id, currency, amount_minor, lines, status, scheduled_on) VALUES ($1, 'GBP', 3200, 1, 'sent', '2003-04-05') RETURNING id`, [partner.referralAgentId]);
    await pool.query(`UPDATE commission_lines SET status = 'in_payout', payout_id = $2 WHERE id = $1`, [commission!.id, rows[0]!.id]);
    expect((await refund(bookingId, { scope: 'full', reason: 'Refunded while the transfer left.' })).statusCode).toBe(409);
    expect(await bookingStatus(bookingId)).toBe('completed');
    const refunds = await pool.query('SELECT 1 FROM booking_refunds WHERE booking_id = $1', [bookingId]);
    expect(refunds.rows).toEqual([]);
  });

  it('through the line (the ledger page) refunds the booking too', async () => {
    const bookingId = await completedBooking({ amount: '320.00', currency: 'GBP' });
    const [commission] = await linesOf(bookingId);
    const response = await consoleRequest(financeClient, 'POST', `/api/console/earnings/lines/${commission!.id}/refund`, { reason: 'The patient was refunded in full.' });
    expect(response.statusCode).toBe(200);
    expect(await bookingStatus(bookingId)).toBe('refunded');
  });

  it('is the only way to refunded: the status endpoint refuses it (422)', async () => {
    const bookingId = await completedBooking({ amount: '320.00', currency: 'GBP' });
    const response = await consoleRequest(supportClient, 'POST', `/api/console/bookings/${bookingId}/status`, { status: 'refunded', expected_status: 'completed' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.status).toBeDefined();
  });
});

describe('a refund or an adjustment is refused', () => {
  it('without earnings.manage (403), without a session (401), without a reason (422), on no booking (404)', async () => {
    const bookingId = await completedBooking({ amount: '320.00', currency: 'GBP' });
    const [commission] = await linesOf(bookingId);
    expect((await refund(bookingId, { scope: 'full', reason: 'Support may not do this.' }, supportClient)).statusCode).toBe(403);
    expect((await consoleRequest(supportClient, 'POST', `/api/console/earnings/lines/${commission!.id}/adjustments`, { amount: '10', reason: 'Support may not do this.' })).statusCode).toBe(403);
    const anonymous = new TestClient(context.app);
    expect((await refund(bookingId, { scope: 'full', reason: 'Nobody signed in.' }, anonymous)).statusCode).toBe(401);
    const blank = await refund(bookingId, { scope: 'partial', amount: '10', reason: ' ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.reason).toBeDefined();
    const noAmount = await refund(bookingId, { scope: 'partial', reason: 'How much, though?' });
    expect(noAmount.json().errors.amount).toBeDefined();
    const adjustmentBlank = await consoleRequest(financeClient, 'POST', `/api/console/earnings/lines/${commission!.id}/adjustments`, { amount: '10', reason: '' });
    expect(adjustmentBlank.json().errors.reason).toBeDefined();
    expect((await refund(999_999_999, { scope: 'full', reason: 'No such booking.' })).statusCode).toBe(404);
    expect(await linesOf(bookingId)).toHaveLength(1);
    expect(await bookingStatus(bookingId)).toBe('completed');
  });
});

describe("a completed booking's corrected amount", () => {
  function changeAmount(bookingId: number, body: Record<string, unknown>) {
    return consoleRequest(financeClient, 'POST', `/api/console/bookings/${bookingId}/amount`, body);
  }

  it('writes an adjustment equal to the price difference, with the reason, audited, told to the partner', async () => {
    const bookingId = await completedBooking({ amount: '320.00', currency: 'GBP' });
    const response = await changeAmount(bookingId, { amount: '999', currency: 'GBP', expected_amount: '320.00', reason: 'The clinic invoiced the full implant course, not the consultation.' });
    expect(response.statusCode).toBe(200);
    const [commission, adjustment] = await linesOf(bookingId);
    // 10 % of GBP 999.00 less 10 % of GBP 320.00 = GBP 67.90.
    expect(adjustment).toMatchObject({ kind: 'adjustment', amount_minor: '6790', adjustment_source: 'amount_change', adjusts_line_id: commission!.id, adjustment_reason: 'The clinic invoiced the full implant course, not the consultation.' });
    const audit = await context.database.pool.query("SELECT actor_id, reason FROM audit_events WHERE action = 'commission.adjusted' AND target_id = $1", [adjustment!.id]);
    expect(audit.rows).toEqual([{ actor_id: String(finance.id), reason: 'The clinic invoiced the full implant course, not the consultation.' }]);
    const told = await context.database.pool.query("SELECT body FROM notifications WHERE user_id = $1 AND title = 'Commission adjusted' AND body LIKE $2", [partner.userId, '%+GBP\u00a067.90%']);
    expect(told.rows).toHaveLength(1);
  });

  it('needs a reason, keeps its currency, and never falls below what was refunded (422, nothing written)', async () => {
    const bookingId = await completedBooking({ amount: '320.00', currency: 'GBP' });
    expect((await changeAmount(bookingId, { amount: '999', currency: 'GBP', expected_amount: '320.00' })).json().errors.reason).toBeDefined();
    expect((await changeAmount(bookingId, { amount: '999', currency: 'EUR', expected_amount: '320.00', reason: 'Billed in euros.' })).json().errors.currency).toBeDefined();
    await refund(bookingId, { scope: 'partial', amount: '100', reason: 'One session refunded.' });
    const below = await changeAmount(bookingId, { amount: '50', currency: 'GBP', expected_amount: '320.00', reason: 'Invoice corrected.' });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors.amount).toBeDefined();
    expect((await linesOf(bookingId)).map((line) => line.adjustment_source)).toEqual([null, 'partial_refund']);
    const { rows } = await context.database.pool.query<{ amount: string }>('SELECT amount::text FROM bookings WHERE id = $1', [bookingId]);
    expect(Number(rows[0]!.amount)).toBe(320);
  });

  it('on a paid commission is approved at once and nets in the next payout', async () => {
    const pool = context.database.pool;
    const owner = await createPartner(pool);
    await pool.query(
      `INSERT INTO payment_details (referral_agent_id, scheme, holder_name, bank_country, account_sealed, account_last4, account_fingerprint, status, verified_at)
       VALUES ($1, 'iban', 'Harbor Test', 'GB', 'sealed', '0000', lpad($2::text, 64, 'f'), 'verified', now())`,
      [owner.referralAgentId, String(owner.referralAgentId)],
    );
    const paidBooking = await completedBooking({ amount: '320.00', currency: 'GBP', owner });
    const [paid] = await linesOf(paidBooking);
    const { rows } = await pool.query<{ id: string }>(`INSERT INTO payouts (referral_agent_id, currency, amount_minor, lines, status, scheduled_on) VALUES ($1, 'GBP', 3200, 1, 'paid', '2003-05-05') RETURNING id`, [owner.referralAgentId]);
    // Paid once its refund window had passed.
    await pool.query(`UPDATE commission_lines SET status = 'paid', payout_id = $2, paid_on = current_date, payable_on = current_date - 1 WHERE id = $1`, [paid!.id, rows[0]!.id]);

    expect((await changeAmount(paidBooking, { amount: '200', currency: 'GBP', expected_amount: '320.00', reason: 'The clinic credited two sessions on its invoice.' })).statusCode).toBe(200);
    const [, adjustment] = await linesOf(paidBooking);
    expect(adjustment).toMatchObject({ amount_minor: '-1200', status: 'approved', payable_on: today() });

    // The next commission, approved: the payout run nets the adjustment against it.
    const nextBooking = await completedBooking({ amount: '1000.00', currency: 'GBP', owner });
    await pool.query("UPDATE commission_lines SET status = 'approved' WHERE booking_id = $1", [nextBooking]);
    expect((await consoleRequest(financeClient, 'POST', '/api/console/earnings/payout-run')).statusCode).toBe(200);
    const payout = await pool.query<{ amount_minor: string; lines: number }>("SELECT amount_minor::text, lines FROM payouts WHERE referral_agent_id = $1 AND status = 'draft'", [owner.referralAgentId]);
    expect(payout.rows).toEqual([{ amount_minor: String(10000 - 1200), lines: 2 }]);
    expect((await linesOf(paidBooking))[1]!.status).toBe('in_payout');
  });

  it('of a refunded booking is refused (422)', async () => {
    const bookingId = await completedBooking({ amount: '320.00', currency: 'GBP' });
    await refund(bookingId, { scope: 'full', reason: 'Refunded in full.' });
    const response = await changeAmount(bookingId, { amount: '400', currency: 'GBP', expected_amount: '320.00', reason: 'Late invoice correction.' });
    expect(response.statusCode).toBe(422);
  });
});

describe("an operator's adjustment", () => {
  function adjust(lineId: string, body: Record<string, unknown>) {
    return consoleRequest(financeClient, 'POST', `/api/console/earnings/lines/${lineId}/adjustments`, body);
  }

  it('writes a signed line with its reason; never zero, never more decimals than the currency, never below zero', async () => {
    const bookingId = await completedBooking({ amount: '320.00', currency: 'GBP' });
    const [commission] = await linesOf(bookingId);
    const goodwill = await adjust(commission!.id, { amount: '+25.50', reason: 'Goodwill for the delayed first appointment.' });
    expect(goodwill.statusCode).toBe(200);
    expect(goodwill.json().adjustment).toMatchObject({ kind: 'adjustment', amount_minor: 2550, status: 'pending', adjustment: { reason: 'Goodwill for the delayed first appointment.', source: 'manual', adjusts_line_id: Number(commission!.id) } });
    expect((await adjust(commission!.id, { amount: '0.00', reason: 'Nothing at all.' })).json().errors.amount).toBeDefined();
    expect((await adjust(commission!.id, { amount: '1.001', reason: 'A tenth of a penny.' })).json().errors.amount).toBeDefined();
    // 32.00 + 25.50 = 57.50 on the booking: taking 57.51 would leave it below zero.
    expect((await adjust(commission!.id, { amount: '-57.51', reason: 'Too much.' })).json().errors.amount).toBeDefined();
    expect((await adjust(commission!.id, { amount: '-57.50', reason: 'The clinic disputes the referral.' })).statusCode).toBe(200);
    expect((await linesOf(bookingId)).map((line) => line.amount_minor)).toEqual(['3200', '2550', '-5750']);
  });

  it('is seen by the partner with its reason and its booking; not by another agent, nor by a member who did not refer it', async () => {
    const pool = context.database.pool;
    const agentMember = await createPartner(pool, { referralAgentId: partner.referralAgentId, role: 'agent' });
    const bookingId = await completedBooking({ amount: '410.00', currency: 'GBP' });
    const [commission] = await linesOf(bookingId);
    const { id } = (await adjust(commission!.id, { amount: '15', reason: 'Bonus for the complex case referral.' })).json().adjustment as { id: number };

    const owner = new TestClient(context.app);
    await signInAs(context, owner, partner.userId);
    const lines = (await owner.get('/api/earnings/lines?per_page=100')).json().data as { id: number; booking_id: number; adjustment: { reason: string } | null }[];
    expect(lines.find((line) => line.id === id)).toMatchObject({ booking_id: bookingId, adjustment: { reason: 'Bonus for the complex case referral.' } });

    const stranger = await createPartner(pool);
    const other = new TestClient(context.app);
    await signInAs(context, other, stranger.userId);
    expect(((await other.get('/api/earnings/lines?per_page=100')).json().data as { id: number }[]).map((line) => line.id)).not.toContain(id);

    const member = new TestClient(context.app);
    await signInAs(context, member, agentMember.userId);
    expect(((await member.get('/api/earnings/lines?per_page=100')).json().data as { id: number }[]).map((line) => line.id)).not.toContain(id);
  });
});
