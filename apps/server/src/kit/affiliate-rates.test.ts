import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFFILIATES_GROUP } from '@portal/contracts/constants';
import { createBooking } from '../test/booking-factories.ts';
import { createPartner, type CreatedPartner } from '../test/factories.ts';
import { pdfText } from '../test/pdf-text.ts';
import { TestClient } from '../test/http-client.ts';
import { signInAs } from '../test/sign-in.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/**
 * Issue 15: no rate or rate-card field reaches a partner of the affiliates referral group from any endpoint. Generated
 * from the partner route table, so every area built later is covered without editing this file: every GET without
 * path parameters is called as an affiliate whose agent has rates, a tier (with benefits that name a rate) and
 * commission lines, i.e. data that would leak; the JSON answer must hold no rate-card key with a value and no
 * percentage in any text, and every export (xlsx and pdf) no rate column and no percentage (issue 31, item 3). The
 * commission structure's own endpoints answer 403.
 */
const RATE_KEYS = new Set(['rate', 'rates', 'basis_points', 'refund_window_days', 'base_description', 'base_description_ar', 'rate_schedule']);
/** A rate written out: '12 %', '8.5%', '١٢٪'. */
const PERCENTAGE = /\d\s*[%٪]/;

function rateKeysIn(value: unknown, path = '$'): string[] {
  if (typeof value === 'string') return PERCENTAGE.test(value) ? [`${path} = ${JSON.stringify(value)}`] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => rateKeysIn(item, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [...(RATE_KEYS.has(key) && inner !== null ? [`${path}.${key}`] : []), ...rateKeysIn(inner, `${path}.${key}`)]);
}

/** The text of an export file: its cells (xlsx) or its text operators (pdf). */
async function exportText(body: Buffer, format: 'xlsx' | 'pdf'): Promise<string[]> {
  if (format === 'pdf') return pdfText(body).texts;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => cells.push(...(row.values as unknown[]).slice(1).map((value) => String(value ?? '')))));
  return cells;
}

describe('affiliates and the rate card', () => {
  let context: TestContext;
  let affiliate: CreatedPartner;
  let client: TestClient;

  beforeAll(async () => {
    context = await createTestApp();
    const pool = context.database.pool;
    affiliate = await createPartner(pool, { referralGroupSlug: AFFILIATES_GROUP });
    // A rate card that would apply to the affiliate, and a tier it holds: anything leaking would show.
    const facility = await pool.query<{ id: number }>(`INSERT INTO facilities (name, slug, country, city, currency) VALUES ('Gulf Clinic', 'gulf-clinic-af', 'AE', 'Dubai', 'AED') RETURNING id`);
    const service = await pool.query<{ id: number }>(`INSERT INTO services (name) VALUES ('Check-up (affiliates test)') RETURNING id`);
    await pool.query(`INSERT INTO facility_service_details (facility_id, service_id, price, currency) VALUES ($1, $2, 900, 'AED')`, [facility.rows[0]!.id, service.rows[0]!.id]);
    const tier = await pool.query<{ id: number }>(
      `INSERT INTO partner_tiers (slug, name, name_ar, rank, benefits, benefits_ar) VALUES ('gold', 'Gold', 'ذهبي', 2, '10 % on every treatment, paid monthly', '١٠٪ على كل علاج، تُدفع شهريًا') RETURNING id`,
    );
    await pool.query('INSERT INTO agent_tiers (referral_agent_id, tier_id) VALUES ($1, $2)', [affiliate.referralAgentId, tier.rows[0]!.id]);
    await pool.query(
      `INSERT INTO commission_rates (kind, basis_points, base_description, base_description_ar, refund_window_days, valid_from)
       VALUES ('percentage', 800, 'The treatment price', 'سعر العلاج', 30, '2026-01-01'), ('percentage', 1000, 'The treatment price', 'سعر العلاج', 30, '2026-01-01')`,
    );
    await pool.query('UPDATE commission_rates SET tier_id = $1 WHERE basis_points = 1000', [tier.rows[0]!.id]);
    // A commission line, priced 10 % with a 30-day refund window: the lines, their export and the payouts would show it.
    const booking = await createBooking(pool, { referralAgentId: affiliate.referralAgentId, referredByUserId: affiliate.userId, status: 'completed', facility: 'Gulf Clinic', amount: '900.00', currency: 'AED', dateTime: '2026-03-02T09:00:00Z' });
    await pool.query(
      `INSERT INTO commission_lines (kind, referral_agent_id, referred_by_user_id, booking_id, facility_id, treatment_on, earned_on, base_minor, base_currency, rate, amount_minor, currency, payable_on)
       VALUES ('commission', $1, $2, $3, $4, '2026-03-02', '2026-03-02', 90000, 'AED', '{"kind":"percentage","basis_points":1000,"amount_minor":null,"currency":"AED","refund_window_days":30}', 9000, 'AED', '2026-04-01')`,
      [affiliate.referralAgentId, affiliate.userId, booking.id, booking.facilityId],
    );    client = new TestClient(context.app);
    await signInAs(context, client, affiliate.userId);
  });
  afterAll(async () => context?.close());

  it('answers 403 with the reason on every commission-structure endpoint', async () => {
    const routes = context.app.partnerRoutes.filter((route) => route.method === 'GET' && route.url.startsWith('/api/commission-structure'));
    expect(routes.length).toBeGreaterThanOrEqual(3);
    for (const route of routes) {
      const response = await client.get(route.url);
      expect(response.statusCode, route.url).toBe(403);
      expect(response.json()).toMatchObject({ message: 'The commission structure is not part of the affiliates programme.' });
    }
    // The same partner, in another group, is served: it is the group that is barred, not the member.
    const other = await createPartner(context.database.pool);
    const otherClient = new TestClient(context.app);
    await signInAs(context, otherClient, other.userId);
    const served = await otherClient.get('/api/commission-structure');
    expect(served.statusCode).toBe(200);
    expect(rateKeysIn(served.json()).length).toBeGreaterThan(0);
  });

  it('finds no rate field in any answer of any other partner endpoint', async () => {
    const routes = context.app.partnerRoutes.filter((route) => route.method === 'GET' && !/:[A-Za-z_]/.test(route.url));
    expect(routes.length).toBeGreaterThan(10);
    const leaks: string[] = [];
    for (const route of routes) {
      const response = await client.get(route.url);
      if (!String(response.headers['content-type'] ?? '').includes('application/json')) continue;
      for (const key of rateKeysIn(response.json())) leaks.push(`${route.url} ${key}`);
    }
    expect(leaks).toEqual([]);
    // The scan saw the affiliate's line: an empty list would prove nothing.
    const lines = await client.get('/api/earnings/lines');
    expect(lines.json()).toMatchObject({ total: 1, data: [{ amount_minor: 9000, rate: null, refund_window_days: null }] });
  });

  it('finds no rate column and no percentage in any export, in either format', async () => {
    const routes = context.app.partnerRoutes.filter((route) => route.method === 'GET' && route.url.endsWith('/export') && !route.url.startsWith('/api/commission-structure'));
    expect(routes.map((route) => route.url)).toContain('/api/earnings/lines/export');
    const leaks: string[] = [];
    for (const route of routes) {
      for (const format of ['xlsx', 'pdf'] as const) {
        const response = await client.get(`${route.url}?format=${format}`);
        expect(response.statusCode, `${route.url} ${format}`).toBe(200);
        const texts = await exportText(response.rawBody, format);
        for (const text of texts) if (text === 'Rate' || PERCENTAGE.test(text)) leaks.push(`${route.url} ${format}: ${text}`);
      }
    }
    expect(leaks).toEqual([]);
    const lines = await exportText((await client.get('/api/earnings/lines/export?format=xlsx')).rawBody, 'xlsx');
    expect(lines).toContain('Gulf Clinic');
  });
});
