import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRequest, createTestOperator, signInOperatorAs } from '../../test/console-sign-in.ts';
import { createBooking, ensureFacility } from '../../test/booking-factories.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { pdfText } from '../../test/pdf-text.ts';

/**
 * My earnings' endpoints (docs/earnings.md): the lines, their totals, the cards and the chart, each scoped inside its
 * query: another agent's lines never, and an agent-role member only the lines of the bookings they referred.
 */

let context: TestContext;
let owner: CreatedPartner;
let fieldAgent: CreatedPartner;
let financeMember: CreatedPartner;
let stranger: CreatedPartner;
let operator: TestClient;

async function completed(partner: CreatedPartner, referrer: CreatedPartner, options: { facility: string; amount: string; currency: string; day: string }) {
  const booking = await createBooking(context.database.pool, {
    referralAgentId: partner.referralAgentId,
    referredByUserId: referrer.userId,
    status: 'confirmed',
    facility: options.facility,
    amount: options.amount,
    currency: options.currency,
    dateTime: `${options.day}T09:00:00Z`,
    createdAt: '2026-01-02T09:00:00Z',
  });
  const response = await consoleRequest(operator, 'POST', `/api/console/bookings/${booking.id}/status`, { status: 'completed', expected_status: 'confirmed' });
  expect(response.statusCode).toBe(200);
  return booking;
}

async function clientOf(partner: CreatedPartner) {
  const client = new TestClient(context.app);
  await signInAs(context, client, partner.userId);
  return client;
}

beforeAll(async () => {
  context = await createTestApp();
  const pool = context.database.pool;
  owner = await createPartner(pool);
  fieldAgent = await createPartner(pool, { referralAgentId: owner.referralAgentId, role: 'agent' });
  financeMember = await createPartner(pool, { referralAgentId: owner.referralAgentId, role: 'finance' });
  stranger = await createPartner(pool);
  const dubai = await ensureFacility(pool, 'Earnings Test Dubai Clinic', 'AE');
  const bangkok = await ensureFacility(pool, 'Earnings Test Bangkok Hospital', 'TH', 'THB');
  for (const facilityId of [dubai, bangkok]) {
    await pool.query(
      `INSERT INTO commission_rates (facility_id, kind, basis_points, currency, base_description, base_description_ar, refund_window_days, valid_from)
       VALUES ($1, 'percentage', 1000, 'AED', 'The treatment price', 'سعر العلاج', 30, '2020-01-01')`,
      [facilityId],
    );
  }
  const support = await createTestOperator(context, { role: 'support' });
  operator = new TestClient(context.app);
  await signInOperatorAs(context, operator, support.id);
  await completed(owner, owner, { facility: 'Earnings Test Dubai Clinic', amount: '1000.00', currency: 'AED', day: '2026-03-01' });
  await completed(owner, fieldAgent, { facility: 'Earnings Test Dubai Clinic', amount: '2000.00', currency: 'AED', day: '2026-03-10' });
  await completed(owner, fieldAgent, { facility: 'Earnings Test Bangkok Hospital', amount: '30000.00', currency: 'THB', day: '2026-04-02' });
  await completed(stranger, stranger, { facility: 'Earnings Test Dubai Clinic', amount: '9000.00', currency: 'AED', day: '2026-03-05' });
  await context.app.jobs.drain();
});
afterAll(async () => {
  await context.close();
});

describe('GET /api/earnings/lines', () => {
  it("shows the agent's lines to the owner and finance, newest treatment first, and never another agent's", async () => {
    for (const member of [owner, financeMember]) {
      const body = (await (await clientOf(member)).get('/api/earnings/lines')).json();
      expect(body.total).toBe(3);
      expect(body.data.map((line: { amount_minor: number; currency: string }) => `${line.currency} ${line.amount_minor}`)).toEqual(['THB 300000', 'AED 20000', 'AED 10000']);
      expect(body.data[0]).toMatchObject({ facility_name: 'Earnings Test Bangkok Hospital', status: 'pending', rate: { kind: 'percentage', basis_points: 1000 }, treatment_on: '2026-04-02' });
      expect(body.data[0]).not.toHaveProperty('agent_name');
    }
    const strangers = (await (await clientOf(stranger)).get('/api/earnings/lines')).json();
    expect(strangers.data.map((line: { amount_minor: number }) => line.amount_minor)).toEqual([90000]);
  });

  it('shows an agent-role member only the lines of the bookings they referred', async () => {
    const body = (await (await clientOf(fieldAgent)).get('/api/earnings/lines')).json();
    expect(body.data.map((line: { amount_minor: number }) => line.amount_minor)).toEqual([300000, 20000]);
    const summary = (await (await clientOf(fieldAgent)).get('/api/earnings/summary')).json();
    expect(summary.balances).toEqual([
      expect.objectContaining({ currency: 'AED', pending_minor: 20000 }),
      expect.objectContaining({ currency: 'THB', pending_minor: 300000 }),
    ]);
  });

  it('filters by treatment date, facility, status and currency, with totals per currency', async () => {
    const client = await clientOf(owner);
    const march = (await client.get('/api/earnings/lines?from=2026-03-01&to=2026-03-31&currency=aed')).json();
    expect(march.total).toBe(2);
    const totals = (await client.get('/api/earnings/totals?from=2026-03-01&to=2026-04-30')).json();
    expect(totals.totals).toEqual([
      { currency: 'AED', amount_minor: 30000, lines: 2 },
      { currency: 'THB', amount_minor: 300000, lines: 1 },
    ]);
    expect((await client.get('/api/earnings/lines?status=paid')).json().total).toBe(0);
    const choices = (await client.get('/api/earnings/facilities')).json();
    expect(choices.facilities.map((facility: { name: string }) => facility.name)).toEqual(['Earnings Test Bangkok Hospital', 'Earnings Test Dubai Clinic']);
  });

  it('answers 422 with field messages for bad filters', async () => {
    const client = await clientOf(owner);
    const response = await client.get('/api/earnings/lines?status=owed&from=2026-02-30&currency=dollars&sort=patient');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['currency', 'from', 'sort', 'status']);
  });

  it('exports every line the filters keep, in the scope, as a workbook and a PDF with the filters and totals on top', async () => {
    const workbookAnswer = await (await clientOf(fieldAgent)).get('/api/earnings/lines/export?format=xlsx&sort=amount');
    expect(workbookAnswer.statusCode).toBe(200);
    expect(workbookAnswer.headers['content-disposition']).toMatch(/^attachment; filename="my-earnings-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(workbookAnswer.rawBody as unknown as ArrayBuffer);
    const cells: string[][] = [];
    workbook.getWorksheet('Commission lines')!.eachRow((row) => cells.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
    const header = cells.findIndex((row) => row[0] === 'Booking Id');
    expect(cells[header]!.slice(0, 9)).toEqual(['Booking Id', 'Facility', 'Service', 'Treatment date', 'Base', 'Rate', 'Commission', 'Currency', 'Status']);
    // The field agent's two lines (not the owner's own), the smaller first.
    expect(cells.slice(header + 1).map((row) => [row[1], row[6], row[7]])).toEqual([
      ['Earnings Test Dubai Clinic', '200', 'AED'],
      ['Earnings Test Bangkok Hospital', '3000', 'THB'],
    ]);
    expect(cells.some((row) => row[0] === 'Totals' && row[1] === 'AED 200.00 · THB 3,000.00')).toBe(true);

    const pdf = await (await clientOf(owner)).get('/api/earnings/lines/export?format=pdf&currency=AED');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawBody).texts.join('\n');
    expect(text).toContain('My earnings');
    expect(text).toContain('AED 100.00');
    expect(text).not.toContain('THB');
    expect((await (await clientOf(owner)).get('/api/earnings/lines/export?format=csv')).statusCode).toBe(422);
  });

  it('is 401 without a session', async () => {
    expect((await new TestClient(context.app).get('/api/earnings/lines')).statusCode).toBe(401);
  });
});

describe('GET /api/earnings/monthly', () => {
  it('one currency at a time, stacked by status or grouped by facility', async () => {
    const client = await clientOf(owner);
    const byStatus = (await client.get('/api/earnings/monthly?months=24&currency=AED')).json();
    expect(byStatus.currencies.sort()).toEqual(['AED', 'THB']);
    expect(byStatus.currency).toBe('AED');
    const pending = byStatus.series.find((series: { key: string }) => series.key === 'pending');
    // Earned on their treatment days (1 and 10 March 2026), so March holds both AED lines.
    expect(pending.amounts_minor[byStatus.months.indexOf('2026-03')]).toBe(30000);
    const byFacility = (await client.get('/api/earnings/monthly?group=facility&currency=THB')).json();
    expect(byFacility.series).toEqual([expect.objectContaining({ label: 'Earnings Test Bangkok Hospital' })]);
    expect((await client.get('/api/earnings/monthly?group=patient')).statusCode).toBe(422);
  });
});

describe('the console ledger', () => {
  it("lists every agent's lines, filtered by agent", async () => {
    const body = (await consoleRequest(operator, 'GET', `/api/console/earnings/lines?referral_agent_id=${stranger.referralAgentId}`)).json();
    expect(body.data).toEqual([expect.objectContaining({ amount_minor: 90000, referral_agent_id: stranger.referralAgentId })]);
  });
});
