import { minorDigits, CURRENCY_CODES, ISO_4217_EXPONENTS_NOT_TWO } from '@portal/contracts/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRequest, createTestOperator, signInOperatorAs } from '../../test/console-sign-in.ts';
import { createBooking, ensureFacility, ensureServiceDetail } from '../../test/booking-factories.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { findUnpricedCompletions } from './repository.ts';

/**
 * The ledger's money rules of issue 31 (docs/earnings.md "Invariants"), as tables on a real database: no completion
 * before the appointment; a line earned on the treatment day and payable after the refund window from it; held while
 * the facility's invoice is unpaid; every currency in its own minor unit, a value it cannot hold refused at input and
 * a completion that cannot be priced kept, with its reason, for finance.
 */

let context: TestContext;
let partner: CreatedPartner;
let support: TestClient;
let finance: TestClient;
const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/** Facilities billing in a 2-, a 0- and a 3-decimal currency, each with a 10 % rate and a 14-day refund window. */
const FACILITIES = [
  { name: 'Pricing Rules Dubai Clinic', country: 'AE', currency: 'AED' },
  { name: 'Pricing Rules Tokyo Clinic', country: 'JP', currency: 'JPY' },
  { name: 'Pricing Rules Kuwait Clinic', country: 'KW', currency: 'KWD' },
] as const;
const facilityIds: Record<string, number> = {};

beforeAll(async () => {
  context = await createTestApp();
  const pool = context.database.pool;
  partner = await createPartner(pool);
  for (const facility of FACILITIES) {
    facilityIds[facility.currency] = await ensureFacility(pool, facility.name, facility.country, facility.currency);
    await pool.query(
      `INSERT INTO commission_rates (facility_id, kind, basis_points, currency, base_description, base_description_ar, refund_window_days, valid_from)
       VALUES ($1, 'percentage', 1000, $2, 'The treatment price', 'سعر العلاج', 14, '2020-01-01')`,
      [facilityIds[facility.currency], facility.currency],
    );
  }
  support = new TestClient(context.app);
  await signInOperatorAs(context, support, (await createTestOperator(context, { role: 'support' })).id);
  finance = new TestClient(context.app);
  await signInOperatorAs(context, finance, (await createTestOperator(context, { role: 'finance' })).id);
});
afterAll(async () => {
  await context.close();
});

function facilityOf(currency: string) {
  return FACILITIES.find((facility) => facility.currency === currency)!;
}

async function confirmed(currency: string, amount: string, options: { treatedOn?: string; invoice?: 'paid' | 'unpaid' } = {}) {
  const facility = facilityOf(currency);
  return createBooking(context.database.pool, {
    referralAgentId: partner.referralAgentId,
    referredByUserId: partner.userId,
    status: 'confirmed',
    facility: facility.name,
    facilityCountry: facility.country,
    service: `Consultation in ${currency}`,
    amount,
    currency,
    invoiceStatus: options.invoice ?? 'paid',
    createdAt: `${day(-40)}T08:00:00Z`,
    dateTime: `${options.treatedOn ?? day(-3)}T09:00:00Z`,
  });
}

async function complete(bookingId: number) {
  const response = await consoleRequest(support, 'POST', `/api/console/bookings/${bookingId}/status`, { status: 'completed', expected_status: 'confirmed' });
  await context.app.jobs.drain();
  return response;
}

async function lineOf(bookingId: number) {
  const { rows } = await context.database.pool.query<{ id: string; status: string; base_minor: string; amount_minor: string; currency: string; earned_on: string; payable_on: string; held_reason: string | null }>(
    `SELECT id, status, base_minor::text, amount_minor::text, currency, earned_on::text, payable_on::text, held_reason FROM commission_lines WHERE booking_id = $1 AND kind = 'commission'`,
    [bookingId],
  );
  return rows[0];
}

describe('no commission before the treatment', () => {
  it('the console refuses to complete a booking whose appointment is still to come (422 on status), and nothing is earned', async () => {
    const booking = await confirmed('AED', '1000.00', { treatedOn: day(4) });
    const response = await complete(booking.id);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.status).toEqual(['A booking can be completed only once its appointment has taken place.']);
    const { rows } = await context.database.pool.query('SELECT status FROM bookings WHERE id = $1', [booking.id]);
    expect(rows[0]).toEqual({ status: 'confirmed' });
    expect(await lineOf(booking.id)).toBeUndefined();
  });

  it('a line is earned on the treatment day and payable once the refund window after the treatment has passed, whenever it is completed', async () => {
    const booking = await confirmed('AED', '1000.00', { treatedOn: day(-10) });
    expect((await complete(booking.id)).statusCode).toBe(200);
    expect(await lineOf(booking.id)).toMatchObject({ earned_on: day(-10), payable_on: day(4), status: 'pending' });
    await context.app.ledger.approveDue(context.database.pool, day(3));
    expect((await lineOf(booking.id))!.status).toBe('pending');
    await context.app.ledger.approveDue(context.database.pool, day(4));
    expect((await lineOf(booking.id))!.status).toBe('approved');
  });

  it('holds a due line while the facility’s invoice is unpaid, tells the partner why, and approves it once paid', async () => {
    const booking = await confirmed('AED', '2000.00', { treatedOn: day(-20), invoice: 'unpaid' });
    await complete(booking.id);
    await context.app.ledger.approveDue(context.database.pool, day(0));
    expect(await lineOf(booking.id)).toMatchObject({ status: 'pending', held_reason: 'invoice_unpaid' });
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    const lines = (await client.get('/api/earnings/lines?per_page=100')).json() as { data: { booking_id: number; held_reason: string | null; status: string }[] };
    expect(lines.data.find((line) => line.booking_id === booking.id)).toMatchObject({ status: 'pending', held_reason: 'invoice_unpaid' });

    const paid = await consoleRequest(finance, 'POST', `/api/console/bookings/${booking.id}/invoice-status`, { invoice_status: 'paid', expected_invoice_status: 'unpaid' });
    expect(paid.statusCode).toBe(200);
    await context.app.ledger.approveDue(context.database.pool, day(0));
    expect(await lineOf(booking.id)).toMatchObject({ status: 'approved', held_reason: null });
  });
});

describe('every currency in its own minor unit', () => {
  it.each([
    // currency, amount typed, the booking's amount as the API writes it, its minor units, 10 % of it
    ['JPY', '150000', '150000', '150000', '15000'],
    ['JPY', '150000.00', '150000', '150000', '15000'],
    ['KWD', '12.345', '12.345', '12345', '1235'],
    ['KWD', '250.5', '250.500', '250500', '25050'],
    ['AED', '1234.5', '1234.50', '123450', '12345'],
  ])('a booking of %s %s is kept as %s and earns its commission in the same unit', async (currency, typed, written, baseMinor, commissionMinor) => {
    const booking = await confirmed(currency, '100');
    // The amount the operator saw, as typed: '100' is the stored '100.00' (compared as money).
    const amount = await consoleRequest(finance, 'POST', `/api/console/bookings/${booking.id}/amount`, { amount: typed, currency, expected_amount: '100', reason: 'Price list' });
    expect(amount.statusCode).toBe(200);
    expect(amount.json()).toMatchObject({ amount: written, currency });
    expect((await complete(booking.id)).statusCode).toBe(200);
    expect(await lineOf(booking.id)).toMatchObject({ base_minor: baseMinor, amount_minor: commissionMinor, currency });
  });

  it.each([
    ['JPY', '150000.5', 'The amount field must be a whole number in JPY.'],
    ['KWD', '12.3456', 'The amount field must have at most 3 decimals in KWD.'],
    ['AED', '10.125', 'The amount field must have at most 2 decimals in AED.'],
  ])('refuses %s %s at input (422 on amount)', async (currency, typed, message) => {
    const booking = await confirmed(currency, '100');
    const response = await consoleRequest(finance, 'POST', `/api/console/bookings/${booking.id}/amount`, { amount: typed, currency, expected_amount: '100' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.amount).toEqual([message]);
  });

  it('keeps a booking in its facility’s billing currency: another is refused at input (422 on currency), at creation and on change', async () => {
    const booking = await confirmed('JPY', '9000');
    const changed = await consoleRequest(finance, 'POST', `/api/console/bookings/${booking.id}/amount`, { amount: '60.00', currency: 'USD', expected_amount: '9000' });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors.currency).toEqual(['The facility bills in JPY: a booking is kept in its facility’s billing currency.']);
    const { detailId } = await ensureServiceDetail(context.database.pool, facilityIds.JPY!, 'Consultation in JPY', null, '9000', 'JPY');
    const admin = new TestClient(context.app);
    await signInOperatorAs(context, admin, (await createTestOperator(context, { role: 'admin' })).id);
    const created = await consoleRequest(admin, 'POST', '/api/console/bookings', {
      referral_agent_id: partner.referralAgentId,
      new_patient: { name: 'Haruto Sato' },
      facility_id: facilityIds.JPY,
      service_id: detailId,
      date_time: `${day(5)}T01:00:00.000Z`,
      amount: '60.00',
      currency: 'USD',
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors.currency).toEqual(['The facility bills in JPY: a booking is kept in its facility’s billing currency.']);
  });

  it('never prices a completion it cannot price as 0: no line, and the reason kept for finance until it is priced', async () => {
    const pool = context.database.pool;
    // A row written before the rule (half a yen), a booking in another currency than its facility's (the CLI's
    // simulate-booking could write one), a facility without a rate.
    await pool.query('ALTER TABLE bookings DISABLE TRIGGER bookings_amount_in_currency');
    const halfYen = await confirmed('JPY', '1500.50');
    await pool.query('ALTER TABLE bookings ENABLE TRIGGER bookings_amount_in_currency');
    const dollars = await confirmed('AED', '100.00');
    await pool.query("UPDATE bookings SET currency = 'USD' WHERE id = $1", [dollars.id]);
    const noRate = await createBooking(pool, { referralAgentId: partner.referralAgentId, status: 'confirmed', facility: 'Pricing Rules Clinic Without Rates', dateTime: `${day(-2)}T09:00:00Z` });
    for (const booking of [halfYen, dollars, noRate]) expect((await complete(booking.id)).statusCode).toBe(200);

    for (const booking of [halfYen, dollars, noRate]) expect(await lineOf(booking.id)).toBeUndefined();
    const unpriced = await findUnpricedCompletions(pool, { limit: 50 });
    const reasons = Object.fromEntries(unpriced.rows.map((row) => [row.booking_id, row.reason]));
    expect(reasons).toMatchObject({ [halfYen.id]: 'amount_not_in_currency', [dollars.id]: 'currency_not_billing', [noRate.id]: 'no_rate' });
    expect(unpriced.rows.find((row) => row.booking_id === halfYen.id)).toMatchObject({ amount: '1500.50', currency: 'JPY', completed_at: expect.any(String), attempted_at: expect.any(String) });

    // Finance adds the missing rate; the next sweep prices it and it leaves the exceptions.
    await pool.query(
      `INSERT INTO commission_rates (facility_id, kind, basis_points, currency, base_description, base_description_ar, refund_window_days, valid_from)
       VALUES ((SELECT facility_id FROM bookings WHERE id = $1), 'percentage', 500, 'AED', 'The treatment price', 'سعر العلاج', 14, '2020-01-01')`,
      [noRate.id],
    );
    await context.app.ledger.sweep(pool);
    expect(await lineOf(noRate.id)).toMatchObject({ amount_minor: '7500', currency: 'AED' });
    const after = (await findUnpricedCompletions(pool, { limit: 50 })).rows.map((row) => row.booking_id);
    expect(after).toEqual(expect.arrayContaining([halfYen.id, dollars.id]));
    expect(after).not.toContain(noRate.id);
  });

  it('the database knows the same ISO 4217 exponent as the contracts for every currency', async () => {
    const codes = [...new Set([...Object.keys(ISO_4217_EXPONENTS_NOT_TWO), ...CURRENCY_CODES])];
    const { rows } = await context.database.pool.query<{ code: string; digits: number }>('SELECT code, currency_minor_digits(code) AS digits FROM unnest($1::text[]) AS code', [codes]);
    const differing = rows.filter((row) => row.digits !== minorDigits(row.code));
    expect(differing).toEqual([]);
    expect(Object.fromEntries(rows.filter((row) => ['JPY', 'KRW', 'EUR', 'BHD', 'KWD'].includes(row.code)).map((row) => [row.code, row.digits]))).toEqual({ JPY: 0, KRW: 0, EUR: 2, BHD: 3, KWD: 3 });
  });

  it("keeps a facility's service price in its currency's minor unit: a dinar's third decimal, whole yen, and no half yen", async () => {
    const pool = context.database.pool;
    const kwd = await ensureServiceDetail(pool, facilityIds.KWD!, 'Root canal (price test)', null, '120.125', 'KWD');
    const jpy = await ensureServiceDetail(pool, facilityIds.JPY!, 'Health check (price test)', null, '150000', 'JPY');
    const { rows } = await pool.query<{ id: number; price: string }>('SELECT id, price::text FROM facility_service_details WHERE id = ANY($1::int[]) ORDER BY id', [[kwd.detailId, jpy.detailId]]);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.price]))).toEqual({ [kwd.detailId]: '120.125', [jpy.detailId]: '150000' });
    await expect(pool.query('UPDATE facility_service_details SET price = 150000.5 WHERE id = $1', [jpy.detailId])).rejects.toThrow(/more decimals than JPY has/);
  });
});

describe('priced by the terms in force on the pricing day', () => {
  it('prices by the tier of the pricing day (its creation day, UTC), whatever the tier is when it is priced and in whatever order', async () => {
    const pool = context.database.pool;
    const one = async (sql: string, values: unknown[] = []) => Number((await pool.query<{ id: number }>(sql, values)).rows[0]!.id);
    const silver = await one(`INSERT INTO partner_tiers (slug, name, name_ar, rank) VALUES ('pr-silver', 'Silver', 'فضي', 91) RETURNING id`);
    const gold = await one(`INSERT INTO partner_tiers (slug, name, name_ar, rank) VALUES ('pr-gold', 'Gold', 'ذهبي', 92) RETURNING id`);
    const facility = 'Pricing Rules Tier Clinic';
    const facilityId = await ensureFacility(pool, facility);
    // 8 % at the facility; 10 % there for Gold partners.
    await pool.query(
      `INSERT INTO commission_rates (facility_id, tier_id, kind, basis_points, currency, base_description, base_description_ar, refund_window_days, valid_from)
       VALUES ($1, NULL, 'percentage', 800, 'AED', 'The treatment price', 'سعر العلاج', 14, '2020-01-01'),
              ($1, $2, 'percentage', 1000, 'AED', 'The treatment price', 'سعر العلاج', 14, '2020-01-01')`,
      [facilityId, gold],
    );
    const agent = await createPartner(pool);
    // Silver from January; Gold from noon on 10 March; a demotion notice in May (no change yet); Silver from 1 June.
    await pool.query('INSERT INTO agent_tiers (referral_agent_id, tier_id, since) VALUES ($1, $2, $3)', [agent.referralAgentId, silver, '2026-06-01T00:00:00Z']);
    await pool.query(
      `INSERT INTO agent_tier_history (referral_agent_id, from_tier_id, to_tier_id, kind, automatic, effective_at) VALUES
         ($1, NULL, $2, 'initial', true, '2026-01-01T00:00:00Z'),
         ($1, $2, $3, 'promotion', true, '2026-03-10T12:00:00Z'),
         ($1, $3, $2, 'demotion_notice', true, '2026-05-15T00:00:00Z'),
         ($1, $3, $2, 'demotion', true, '2026-06-01T00:00:00Z')`,
      [agent.referralAgentId, silver, gold],
    );
    const made = async (createdAt: string) =>
      (await createBooking(pool, { referralAgentId: agent.referralAgentId, status: 'completed', facility, amount: '1000.00', currency: 'AED', createdAt, dateTime: `${day(-2)}T09:00:00Z` })).id;
    const bookings = {
      beforePromotion: await made('2026-03-09T22:00:00Z'),
      promotionDay: await made('2026-03-10T08:00:00Z'),
      noticeOnly: await made('2026-05-20T10:00:00Z'),
      afterDemotion: await made('2026-06-02T10:00:00Z'),
    };
    const expected = { beforePromotion: '8000', promotionDay: '10000', noticeOnly: '10000', afterDemotion: '8000' };
    // The jobs in reverse order, one of them twice, then the sweep: each booking by its own day.
    const ledger = context.app.ledger;
    await ledger.priceCompletions(pool, { bookingIds: [bookings.afterDemotion, bookings.noticeOnly] });
    await ledger.priceCompletions(pool, { bookingIds: [bookings.noticeOnly, bookings.promotionDay] });
    await ledger.sweep(pool);
    for (const [name, id] of Object.entries(bookings)) expect({ name, amount: (await lineOf(id))?.amount_minor }).toEqual({ name, amount: expected[name as keyof typeof expected] });

    // Promoted again today: a booking made on a Silver day and priced now still earns the Silver rate.
    await pool.query(`INSERT INTO agent_tier_history (referral_agent_id, from_tier_id, to_tier_id, kind, automatic, effective_at) VALUES ($1, $2, $3, 'promotion', true, now())`, [agent.referralAgentId, silver, gold]);
    await pool.query('UPDATE agent_tiers SET tier_id = $2, since = now() WHERE referral_agent_id = $1', [agent.referralAgentId, gold]);
    const late = await made('2026-06-15T10:00:00Z');
    await ledger.recordCompletedBooking(pool, late);
    expect((await lineOf(late))!.amount_minor).toBe('8000');
  });
});
