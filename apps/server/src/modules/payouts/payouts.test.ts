import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRequest, createTestOperator, signInOperatorAs, type TestOperator } from '../../test/console-sign-in.ts';
import { createBooking, ensureFacility } from '../../test/booking-factories.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { addDays, utcDay } from '../../lib/calendar-days.ts';
import { createPayouts, type Payouts } from './payouts.ts';

/**
 * Payouts on a real database (docs/earnings.md): the run gathers each agent's approved lines of a currency into one
 * draft (a balance under the minimum waits; clawbacks are netted), finance operators send it and mark it paid (lines
 * paid, the statement numbered without gaps) or failed (lines approved again); every step is audited and told to the
 * partner; a partner sees only their agent's payouts and statements, and only with payouts.read.
 */

let context: TestContext;
let finance: TestOperator;
let support: TestOperator;
let financeClient: TestClient;
let supportClient: TestClient;
/** Four eyes: a second finance operator approves what `finance` proposed */
let controllerClient: TestClient;
let bookingsClient: TestClient;
let payouts: Payouts;
const FACILITY = 'Payout Test Eye Hospital';

beforeAll(async () => {
  context = await createTestApp();
  const pool = context.database.pool;
  finance = await createTestOperator(context, { role: 'finance' });
  support = await createTestOperator(context, { role: 'support' });
  const facilityId = await ensureFacility(pool, FACILITY);
  // 10 % of the treatment price, no refund window: a line is approved by the next approval run.
  await pool.query(
    `INSERT INTO commission_rates (facility_id, kind, basis_points, currency, base_description, base_description_ar, refund_window_days, valid_from)
     VALUES ($1, 'percentage', 1000, 'AED', 'The treatment price', 'سعر العلاج', 0, '2020-01-01')`,
    [facilityId],
  );
  financeClient = new TestClient(context.app);
  await signInOperatorAs(context, financeClient, finance.id);
  supportClient = new TestClient(context.app);
  await signInOperatorAs(context, supportClient, support.id);
  controllerClient = new TestClient(context.app);
  await signInOperatorAs(context, controllerClient, (await createTestOperator(context, { role: 'finance' })).id);
  bookingsClient = supportClient;
  payouts = createPayouts({ appKey: context.config.appKey, jobs: context.app.jobs, notifications: context.app.notifications, storage: context.app.storage, issuer: context.config.issuer });
});
afterAll(async () => {
  await context.close();
});

/** The payout test facility billing in `currency` (a booking is in its facility's billing currency), with its 10 % rate. */
async function facilityIn(currency: string): Promise<string> {
  if (currency === 'AED') return FACILITY;
  const name = `${FACILITY} (${currency})`;
  const pool = context.database.pool;
  const facilityId = await ensureFacility(pool, name, 'AE', currency);
  await pool.query(
    `INSERT INTO commission_rates (facility_id, kind, basis_points, currency, base_description, base_description_ar, refund_window_days, valid_from)
     SELECT $1, 'percentage', 1000, $2, 'The treatment price', 'سعر العلاج', 0, '2020-01-01' WHERE NOT EXISTS (SELECT 1 FROM commission_rates WHERE facility_id = $1)`,
    [facilityId, currency],
  );
  return name;
}

/** A booking of `amount` AED completed in the console and approved: 10 % of it waits for a payout. */
async function approvedCommission(owner: CreatedPartner, amount: string, currency = 'AED'): Promise<number> {
  const facility = await facilityIn(currency);
  const booking = await createBooking(context.database.pool, { referralAgentId: owner.referralAgentId, referredByUserId: owner.userId, status: 'confirmed', facility, amount, currency, createdAt: '2026-01-10T09:00:00Z', dateTime: '2026-02-01T09:00:00Z' });
  const response = await consoleRequest(bookingsClient, 'POST', `/api/console/bookings/${booking.id}/status`, { status: 'completed', expected_status: 'confirmed' });
  expect(response.statusCode).toBe(200);
  await context.app.jobs.drain();
  await context.app.ledger.approveDue(context.database.pool, addDays(utcDay(new Date()), 1));
  const { rows } = await context.database.pool.query<{ id: string }>(`SELECT id FROM commission_lines WHERE booking_id = $1`, [booking.id]);
  return Number(rows[0]!.id);
}

let accounts = 0;
/** A partner whose payment details an operator verified: payouts may go to it. */
async function payee(): Promise<CreatedPartner> {
  const owner = await createPartner(context.database.pool);
  await setDetailsStatus(owner, 'verified');
  return owner;
}

async function setDetailsStatus(owner: CreatedPartner, status: 'verified' | 'unverified' | 'frozen') {
  accounts += 1;
  await context.database.pool.query(
    `INSERT INTO payment_details (referral_agent_id, scheme, holder_name, bank_country, account_sealed, account_last4, account_fingerprint, status, verified_at, frozen_at)
     VALUES ($1, 'iban', 'Test Holder', 'AE', 'sealed', '0000', lpad($2::text, 64, '0'), $3, CASE WHEN $3 = 'verified' THEN now() END, CASE WHEN $3 = 'frozen' THEN now() END)
     ON CONFLICT (referral_agent_id) DO UPDATE SET status = excluded.status, verified_at = excluded.verified_at, frozen_at = excluded.frozen_at`,
    [owner.referralAgentId, accounts, status],
  );
}

async function payoutsOf(owner: CreatedPartner) {
  const { rows } = await context.database.pool.query<{ id: string; amount_minor: string; lines: number; status: string; statement_number: string | null; scheduled_on: string }>(
    `SELECT id, amount_minor::text, lines, status, statement_number, scheduled_on::text FROM payouts WHERE referral_agent_id = $1 ORDER BY id`,
    [owner.referralAgentId],
  );
  return rows;
}

async function lineStatuses(owner: CreatedPartner) {
  const { rows } = await context.database.pool.query<{ status: string; payout_id: string | null }>(`SELECT status, payout_id FROM commission_lines WHERE referral_agent_id = $1 ORDER BY id`, [owner.referralAgentId]);
  return rows;
}

async function setSchedule(minimum: string, day: number) {
  return consoleRequest(financeClient, 'PUT', '/api/console/earnings/payout-schedules/AED', { minimum, day_of_month: day });
}

async function partnerClient(owner: CreatedPartner) {
  const client = new TestClient(context.app);
  await signInAs(context, client, owner.userId);
  return client;
}

describe('the payout run', () => {
  it('carries a balance under the minimum forward, and pays it once it reaches the minimum', async () => {
    const owner = await payee();
    await approvedCommission(owner, '1000.00'); // AED 100.00
    expect((await setSchedule('150.00', 12)).statusCode).toBe(200);

    expect(await payouts.run(context.database.pool, '2026-12-12')).toMatchObject({ payouts: 0 });
    expect(await payoutsOf(owner)).toEqual([]);
    // Not its day: nothing is looked at.
    await approvedCommission(owner, '600.00'); // AED 160.00 in all
    expect(await payouts.run(context.database.pool, '2026-12-11')).toEqual({ payouts: 0, carriedForward: 0, held: 0 });

    const run = await payouts.run(context.database.pool, '2027-01-12');
    expect(run.payouts).toBeGreaterThanOrEqual(1);
    expect(await payoutsOf(owner)).toEqual([expect.objectContaining({ amount_minor: '16000', lines: 2, status: 'draft', scheduled_on: '2027-01-12' })]);
    expect((await lineStatuses(owner)).map((line) => line.status)).toEqual(['in_payout', 'in_payout']);
    // The same day again builds nothing more.
    await payouts.run(context.database.pool, '2027-01-12');
    expect(await payoutsOf(owner)).toHaveLength(1);
  });

  it('nets a clawback against the next payout', async () => {
    const owner = await payee();
    const first = await approvedCommission(owner, '2000.00'); // AED 200.00
    await setSchedule('50.00', 12);
    await payouts.run(context.database.pool, '2027-02-12');
    const [payout] = await payoutsOf(owner);
    expect((await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${payout!.id}/sent`, {})).statusCode).toBe(200);
    expect((await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${payout!.id}/paid`, { bank_reference: 'FT2602129981' })).statusCode).toBe(200);

    const refund = await consoleRequest(financeClient, 'POST', `/api/console/earnings/lines/${first}/refund`, { reason: 'The patient was refunded in full.' });
    expect(refund.statusCode).toBe(200);
    await approvedCommission(owner, '3000.00'); // AED 300.00
    await payouts.run(context.database.pool, '2027-03-12');
    // AED 300.00 less the AED 200.00 clawed back (the whole of the refunded line).
    expect((await payoutsOf(owner))[1]).toMatchObject({ amount_minor: '10000', lines: 2, status: 'draft' });
  });

  it('builds nothing while clawbacks outweigh what was earned', async () => {
    const owner = await payee();
    const line = await approvedCommission(owner, '5000.00');
    await setSchedule('0', 12);
    await payouts.run(context.database.pool, '2027-04-12');
    const [payout] = await payoutsOf(owner);
    await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${payout!.id}/sent`, {});
    await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${payout!.id}/paid`, {});
    await consoleRequest(financeClient, 'POST', `/api/console/earnings/lines/${line}/refund`, { reason: 'Refunded after treatment was abandoned.' });
    await payouts.run(context.database.pool, '2027-05-12');
    expect(await payoutsOf(owner)).toHaveLength(1);
  });

  it('holds an agent without verified payment details, and pays it on the first run after they are verified', async () => {
    const owner = await createPartner(context.database.pool);
    await approvedCommission(owner, '1000.00');
    await setSchedule('10.00', 12);
    expect((await payouts.run(context.database.pool, '2027-10-12')).held).toBeGreaterThanOrEqual(1);
    await setDetailsStatus(owner, 'unverified');
    await payouts.run(context.database.pool, '2027-11-12');
    expect(await payoutsOf(owner)).toEqual([]);
    await setDetailsStatus(owner, 'verified');
    await payouts.run(context.database.pool, '2027-12-12');
    expect(await payoutsOf(owner)).toEqual([expect.objectContaining({ amount_minor: '10000', status: 'draft' })]);

    // Frozen after the run built the payout: it is not sent.
    await setDetailsStatus(owner, 'frozen');
    const [payout] = await payoutsOf(owner);
    const refused = await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${payout!.id}/sent`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('payment details changed or were frozen');
  });
});

describe('sending and paying', () => {
  it('pays the lines, numbers the statement in sequence, audits each step and tells the partner', async () => {
    const owner = await payee();
    const other = await payee();
    await approvedCommission(owner, '1500.00');
    await approvedCommission(other, '2500.00');
    await setSchedule('10.00', 12);
    await payouts.run(context.database.pool, '2027-06-12');
    const [mine] = await payoutsOf(owner);
    const [theirs] = await payoutsOf(other);

    // Paid before it is sent: refused, nothing changes.
    const early = await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${mine!.id}/paid`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Only a payout marked sent can be marked paid.');

    // Without a body, as the console sends it.
    for (const payout of [mine!, theirs!]) {
      expect((await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${payout.id}/sent`)).json().payout).toMatchObject({ status: 'sent', sent_by: 'Test finance' });
    }
    const again = await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${mine!.id}/sent`, {});
    expect(again.statusCode).toBe(409);

    const paid = await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${mine!.id}/paid`, { bank_reference: 'FT27061200417' });
    expect(paid.statusCode).toBe(200);
    const number = paid.json().payout.statement_number as string;
    expect(number).toMatch(/^SB-\d{4}-\d{6}$/);
    const next = (await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${theirs!.id}/paid`, {})).json().payout.statement_number as string;
    expect(Number(next.slice(8))).toBe(Number(number.slice(8)) + 1);

    expect(await lineStatuses(owner)).toEqual([expect.objectContaining({ status: 'paid' })]);
    const audit = await context.database.pool.query<{ action: string }>(`SELECT action FROM audit_events WHERE target_type = 'payout' AND target_id = $1 ORDER BY id`, [mine!.id]);
    expect(audit.rows.map((row) => row.action)).toEqual(['payout.sent', 'payout.paid']);
    const told = await context.database.pool.query<{ title: string; body: string }>(`SELECT title, body FROM notifications WHERE user_id = $1 AND type = 'commission' AND title LIKE 'Payout%' ORDER BY id`, [owner.userId]);
    expect(told.rows.map((row) => row.title).sort()).toEqual(['Payout paid', 'Payout sent']);
    expect(told.rows.find((row) => row.title === 'Payout paid')!.body).toContain(number);
  });

  it('returns a failed payout\'s lines to approved, with the reason told to the partner', async () => {
    const owner = await payee();
    await approvedCommission(owner, '1800.00');
    await setSchedule('10.00', 12);
    await payouts.run(context.database.pool, '2027-07-12');
    const [payout] = await payoutsOf(owner);
    await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${payout!.id}/sent`, {});

    const blank = await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${payout!.id}/failed`, { reason: ' ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.reason[0]).toBe('Say why: the reason is shown to the partner.');

    const failed = await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${payout!.id}/failed`, { reason: 'Returned by the bank: account closed (AC04)' });
    expect(failed.json().payout).toMatchObject({ status: 'failed', failure_reason: 'Returned by the bank: account closed (AC04)' });
    expect(await lineStatuses(owner)).toEqual([{ status: 'approved', payout_id: null }]);
    const told = await context.database.pool.query<{ body: string }>(`SELECT body FROM notifications WHERE user_id = $1 AND title = 'Payout failed'`, [owner.userId]);
    expect(told.rows[0]!.body).toContain('account closed (AC04).');
    // The next run gathers them again, the same day included.
    await payouts.run(context.database.pool, '2027-07-12');
    expect((await payoutsOf(owner)).map((row) => row.status)).toEqual(['failed', 'draft']);
  });

  it('is for finance: support reads payouts but cannot act, and a partner cannot reach the console', async () => {
    const owner = await payee();
    await approvedCommission(owner, '1200.00');
    await setSchedule('10.00', 12);
    await payouts.run(context.database.pool, '2027-08-12');
    const [payout] = await payoutsOf(owner);
    expect((await consoleRequest(supportClient, 'GET', `/api/console/earnings/payouts?referral_agent_id=${owner.referralAgentId}`)).json().data).toHaveLength(1);
    expect((await consoleRequest(supportClient, 'POST', `/api/console/earnings/payouts/${payout!.id}/sent`, {})).statusCode).toBe(403);
    expect((await consoleRequest(supportClient, 'PUT', '/api/console/earnings/payout-schedules/AED', { minimum: '1.00', day_of_month: 3 })).statusCode).toBe(403);
    const client = await partnerClient(owner);
    expect((await client.post(`/api/console/earnings/payouts/${payout!.id}/sent`, {})).statusCode).toBeGreaterThanOrEqual(401);
    expect((await payoutsOf(owner))[0]!.status).toBe('draft');
  });
});

describe('bank files', () => {
  it("puts a batch's drafts to verified accounts in a CSV and, for euros, a SEPA file; audited; others wait", async () => {
    // Details entered by the partner (re-authenticated) and verified in the console, as in real life.
    const owner = await createPartner(context.database.pool);
    const client = await partnerClient(owner);
    await client.post('/api/account-security/reauthenticate', { password: owner.password });
    expect((await client.put('/api/payment-details', { scheme: 'iban', holder_name: 'Cedar Clinics GmbH', bank_country: 'DE', iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001' })).statusCode).toBe(200);
    expect((await consoleRequest(financeClient, 'POST', `/api/console/payment-details/${owner.referralAgentId}/verify`, {})).json().status).toBe('awaiting_second_approval');
    expect((await consoleRequest(controllerClient, 'POST', `/api/console/payment-details/${owner.referralAgentId}/verify`, {})).json().status).toBe('verified');
    const waiting = await payee();
    await approvedCommission(owner, '2500.00', 'EUR');
    await approvedCommission(waiting, '900.00', 'EUR');
    await consoleRequest(financeClient, 'PUT', '/api/console/earnings/payout-schedules/EUR', { minimum: '10.00', day_of_month: 15 });
    await payouts.run(context.database.pool, '2028-01-15');
    // The second payee's details change after the run: its payout stays out of the file.
    await setDetailsStatus(waiting, 'unverified');

    const csv = await consoleRequest(financeClient, 'GET', '/api/console/earnings/payouts/bank-file?format=csv&scheduled_on=2028-01-15&currency=EUR');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="payouts-2028-01-15-EUR.csv"');
    expect(csv.headers['x-payouts-left-out']).toBe('1');
    expect(csv.body).toContain('Cedar Clinics GmbH,iban,DE,DE02120300000000202051,BYLADEM1001');
    expect(csv.body).toContain(',250.00,EUR,');

    const sepa = await consoleRequest(financeClient, 'GET', '/api/console/earnings/payouts/bank-file?format=sepa&scheduled_on=2028-01-15&currency=EUR');
    expect(sepa.headers['content-type']).toContain('application/xml');
    expect(sepa.body).toContain('<IBAN>DE02120300000000202051</IBAN>');
    expect(sepa.body).toContain('<CtrlSum>250.00</CtrlSum>');

    const aed = await consoleRequest(financeClient, 'GET', '/api/console/earnings/payouts/bank-file?format=sepa&scheduled_on=2028-01-15&currency=AED');
    expect(aed.statusCode).toBe(422);
    expect(aed.json().errors.currency).toEqual(['A SEPA file pays euros: choose EUR, or download the CSV file.']);
    expect((await consoleRequest(financeClient, 'GET', '/api/console/earnings/payouts/bank-file?format=csv&scheduled_on=2028-01-16&currency=EUR')).statusCode).toBe(422);
    expect((await consoleRequest(supportClient, 'GET', '/api/console/earnings/payouts/bank-file?format=csv&scheduled_on=2028-01-15&currency=EUR')).statusCode).toBe(403);

    const audit = await context.database.pool.query<{ after: { format: string; left_out: number } }>(`SELECT after FROM audit_events WHERE action = 'payouts.bank_file_exported' ORDER BY id`);
    expect(audit.rows.map((row) => [row.after.format, row.after.left_out])).toEqual([['csv', 1], ['sepa', 1]]);
    expect((await consoleRequest(financeClient, 'GET', '/api/console/earnings/payouts/bank-file?format=csv&scheduled_on=2028-02-30&currency=EUR')).statusCode).toBe(422);

    // Put in a bank file, the draft may have been paid: it cannot be failed as a draft (its lines would be paid twice).
    const [exported] = await payoutsOf(owner);
    const failed = await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${exported!.id}/failed`, { reason: 'Changed our minds about this one.' });
    expect(failed.statusCode).toBe(409);
    expect(failed.json().message).toBe('This payout was put in a bank file: mark it sent, then paid or failed as the bank answers.');
  });
});

describe('schedules', () => {
  it('refuses a day outside 1–28 and a minimum finer than its currency, and audits a change', async () => {
    const bad = await setSchedule('50.00', 31);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.day_of_month).toEqual(['The day must be a number from 1 to 28.']);
    const jpy = await consoleRequest(financeClient, 'PUT', '/api/console/earnings/payout-schedules/JPY', { minimum: '5000.5', day_of_month: 5 });
    expect(jpy.statusCode).toBe(422);
    expect(jpy.json().errors.minimum).toEqual(['The minimum has more decimals than its currency has.']);

    const set = await setSchedule('250.00', 20);
    expect(set.json().schedules).toContainEqual(expect.objectContaining({ currency: 'AED', minimum_minor: 25000, day_of_month: 20, is_default: false }));
    const audit = await context.database.pool.query<{ after: { minimum_minor: number } }>(`SELECT after FROM audit_events WHERE action = 'payout_schedule.updated' ORDER BY id DESC LIMIT 1`);
    expect(audit.rows[0]!.after).toEqual({ minimum_minor: 25000, day_of_month: 20 });
  });
});

describe("the partner's payouts", () => {
  it('lists only their agent\'s payouts, and gives a paid one\'s statement, the same bytes each time', async () => {
    const owner = await payee();
    const stranger = await payee();
    await approvedCommission(owner, '4200.00');
    await approvedCommission(stranger, '4200.00');
    await setSchedule('10.00', 12);
    await payouts.run(context.database.pool, '2027-09-12');
    const [mine] = await payoutsOf(owner);
    const [theirs] = await payoutsOf(stranger);
    for (const id of [mine!.id, theirs!.id]) {
      await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${id}/sent`, {});
      await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${id}/paid`, {});
    }

    const client = await partnerClient(owner);
    const list = await client.get('/api/earnings/payouts');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ id: Number(mine!.id), amount_minor: 42000, status: 'paid' })]);

    const first = await client.get(`/api/earnings/payouts/${mine!.id}/statement`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['x-content-sha256']).toBe(createHash('sha256').update(first.rawBody).digest('hex'));
    const second = await client.get(`/api/earnings/payouts/${mine!.id}/statement`);
    expect(second.rawBody.equals(first.rawBody)).toBe(true);

    expect((await client.get(`/api/earnings/payouts/${theirs!.id}/statement`)).statusCode).toBe(404);
  });

  it('is not for a member who sees only their own referrals', async () => {
    const owner = await payee();
    const member = await createPartner(context.database.pool, { referralAgentId: owner.referralAgentId, role: 'agent' });
    const client = await partnerClient(member);
    expect((await client.get('/api/earnings/payouts')).statusCode).toBe(403);
  });
});

describe('four eyes on payout batches (issue 31)', () => {
  it('lets an admin set a currency’s threshold, and refuses finance, a bad amount and too many decimals', async () => {
    const admin = new TestClient(context.app);
    await signInOperatorAs(context, admin, (await createTestOperator(context, { role: 'admin' })).id);
    expect((await consoleRequest(financeClient, 'PUT', '/api/console/earnings/payout-approval-thresholds/JPY', { threshold: '1000000' })).statusCode).toBe(403);
    expect((await consoleRequest(admin, 'PUT', '/api/console/earnings/payout-approval-thresholds/JPY', { threshold: 'lots' })).json().errors.threshold).toHaveLength(1);
    expect((await consoleRequest(admin, 'PUT', '/api/console/earnings/payout-approval-thresholds/JPY', { threshold: '10.50' })).json().errors.threshold).toEqual(['The threshold has more decimals than its currency has.']);
    const set = await consoleRequest(admin, 'PUT', '/api/console/earnings/payout-approval-thresholds/JPY', { threshold: '1500000' });
    expect(set.statusCode).toBe(200);
    expect(set.json().thresholds).toContainEqual(expect.objectContaining({ currency: 'JPY', threshold_minor: 1_500_000 }));
    // The demo default: every EUR batch above 10,000.00 needs two.
    expect(set.json().thresholds).toContainEqual(expect.objectContaining({ currency: 'EUR', threshold_minor: 1_000_000 }));
    const audit = await context.database.pool.query(`SELECT 1 FROM audit_events WHERE action = 'payout_threshold.updated' AND target_id = 'JPY'`);
    expect(audit.rowCount).toBe(1);
  });

  it('sends a batch above the threshold only when a second operator approves what the first proposed, audited with both names', async () => {
    const first = await payee();
    const second = await payee();
    await approvedCommission(first, '80000.00', 'EUR'); // EUR 8,000.00
    await approvedCommission(second, '40000.00', 'EUR'); // EUR 4,000.00: the batch is 12,000.00
    await consoleRequest(financeClient, 'PUT', '/api/console/earnings/payout-schedules/EUR', { minimum: '10.00', day_of_month: 20 });
    await payouts.run(context.database.pool, '2028-03-20');
    const [payout] = await payoutsOf(first);

    // One payout alone cannot slip past the rule.
    const alone = await consoleRequest(financeClient, 'POST', `/api/console/earnings/payouts/${payout!.id}/sent`, {});
    expect(alone.statusCode).toBe(409);
    expect(alone.json().code).toBe('four_eyes_required');

    const batch = { scheduled_on: '2028-03-20', currency: 'EUR' };
    const proposed = await consoleRequest(financeClient, 'POST', '/api/console/earnings/payout-batches', batch);
    expect(proposed.statusCode).toBe(200);
    expect(proposed.json()).toMatchObject({ status: 'awaiting_second_approval', payouts: 2, total_minor: 1_200_000, proposal: { status: 'proposed', proposed_by: { id: finance.id } } });
    expect((await payoutsOf(first))[0]!.status).toBe('draft');
    expect((await consoleRequest(controllerClient, 'POST', '/api/console/earnings/payout-batches', batch)).statusCode).toBe(409);

    const id = proposed.json().proposal.id;
    const listed = await consoleRequest(supportClient, 'GET', '/api/console/earnings/payout-batches');
    expect(listed.json().proposals[0]).toMatchObject({ id, status: 'proposed' });
    expect((await consoleRequest(supportClient, 'POST', `/api/console/earnings/payout-batches/${id}/approve`, {})).statusCode).toBe(403);
    const same = await consoleRequest(financeClient, 'POST', `/api/console/earnings/payout-batches/${id}/approve`, {});
    expect(same.statusCode).toBe(403);
    expect(same.json()).toMatchObject({ code: 'second_operator_required', message: 'You proposed this batch: it awaits a second approval by someone other than you.' });
    expect((await payoutsOf(first))[0]!.status).toBe('draft');

    const approved = await consoleRequest(controllerClient, 'POST', `/api/console/earnings/payout-batches/${id}/approve`, {});
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', proposed_by: { id: finance.id } });
    expect(approved.json().decided_by.id).not.toBe(finance.id);
    for (const owner of [first, second]) expect((await payoutsOf(owner))[0]!.status).toBe('sent');
    expect((await consoleRequest(controllerClient, 'POST', `/api/console/earnings/payout-batches/${id}/approve`, {})).statusCode).toBe(409);

    const audit = await context.database.pool.query<{ after: { proposed_by: { name: string }; approved_by: { name: string } } }>(`SELECT after FROM audit_events WHERE action = 'payout_batch.approved' AND target_id = '2028-03-20-EUR'`);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.after.proposed_by.name).toBe(approved.json().proposed_by.name);
    expect(audit.rows[0]!.after.approved_by.name).toBe(approved.json().decided_by.name);
    // The database refuses an approval by the proposer, whoever writes it.
    await expect(context.database.pool.query(`UPDATE payout_batch_proposals SET decided_by_operator_id = proposed_by_operator_id WHERE id = $1`, [id])).rejects.toThrow();
  });

  it('withdraws a proposal whose batch changed before the approval, and sends a batch within the threshold at once', async () => {
    const owner = await payee();
    await approvedCommission(owner, '150000.00', 'EUR'); // EUR 15,000.00
    await consoleRequest(financeClient, 'PUT', '/api/console/earnings/payout-schedules/EUR', { minimum: '10.00', day_of_month: 21 });
    await payouts.run(context.database.pool, '2028-03-21');
    const proposed = await consoleRequest(financeClient, 'POST', '/api/console/earnings/payout-batches', { scheduled_on: '2028-03-21', currency: 'EUR' });
    await setDetailsStatus(owner, 'unverified');
    const changed = await consoleRequest(controllerClient, 'POST', `/api/console/earnings/payout-batches/${proposed.json().proposal.id}/approve`, {});
    expect(changed.statusCode).toBe(409);
    expect((await consoleRequest(supportClient, 'GET', '/api/console/earnings/payout-batches')).json().proposals).toContainEqual(expect.objectContaining({ id: proposed.json().proposal.id, status: 'withdrawn' }));
    expect((await payoutsOf(owner))[0]!.status).toBe('draft');

    // AED's threshold is 40,000.00: a batch of AED 100.00 is sent by one operator.
    const small = await payee();
    await approvedCommission(small, '1000.00');
    await setSchedule('10.00', 22);
    await payouts.run(context.database.pool, '2028-03-22');
    const sent = await consoleRequest(financeClient, 'POST', '/api/console/earnings/payout-batches', { scheduled_on: '2028-03-22', currency: 'AED' });
    expect(sent.json()).toMatchObject({ status: 'sent', proposal: null });
    expect((await payoutsOf(small))[0]!.status).toBe('sent');
    expect((await consoleRequest(financeClient, 'POST', '/api/console/earnings/payout-batches', { scheduled_on: '2028-03-22', currency: 'AED' })).statusCode).toBe(422);
  });
});
