import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionFiltersSchema, commissionStructureEndpoint, upcomingChangesSchema } from '@portal/contracts/commission-rates';
import { createPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { insertRate } from './repository.ts';

/** /api/commission-structure: the signed-in partner's own effective rates, their filters and the changes coming. */
describe('GET /api/commission-structure', () => {
  let context: TestContext;
  const base = { baseDescription: 'The treatment price, excluding travel', baseDescriptionAr: 'سعر العلاج دون السفر', refundWindowDays: 30 };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const ids: Record<string, number> = {};
  let contractAgentId: number;

  beforeAll(async () => {
    context = await createTestApp();
    const pool = context.database.pool;
    const one = async (sql: string, values: unknown[] = []) => (await pool.query<{ id: number }>(sql, values)).rows[0]!.id;
    ids.dentistry = await one(`INSERT INTO specialties (name) VALUES ('Dentistry (api test)') RETURNING id`);
    ids.implant = await one(`INSERT INTO services (name, specialty_id) VALUES ('Dental Implant (api test)', $1) RETURNING id`, [ids.dentistry]);
    ids.consult = await one(`INSERT INTO services (name) VALUES ('Consultation (api test)') RETURNING id`);
    ids.dubai = await one(`INSERT INTO facilities (name, slug, country, city, currency) VALUES ('Pearl Dental (api test)', 'pearl-api', 'AE', 'Dubai', 'AED') RETURNING id`);
    ids.london = await one(`INSERT INTO facilities (name, slug, country, city, currency) VALUES ('St Aldhelm (api test)', 'aldhelm-api', 'GB', 'London', 'GBP') RETURNING id`);
    for (const facility of [ids.dubai, ids.london]) {
      for (const service of [ids.implant, ids.consult]) {
        await pool.query(`INSERT INTO facility_service_details (facility_id, service_id, price, currency) VALUES ($1, $2, 500, 'EUR')`, [facility, service]);
      }
    }
    await insertRate(pool, { ...base, kind: 'percentage', basisPoints: 800, validFrom: day(-100) });
    await insertRate(pool, { ...base, facilityId: ids.dubai, serviceId: ids.implant, kind: 'flat', amountMinor: 55_000, currency: 'AED', validFrom: day(-100) });
    await insertRate(pool, { ...base, facilityId: ids.london, kind: 'percentage', basisPoints: 750, validFrom: day(-100), validTo: day(21) });
    await insertRate(pool, { ...base, facilityId: ids.london, kind: 'percentage', basisPoints: 850, validFrom: day(21) });
    // Another agent's individual contract: never shown to anyone else.
    contractAgentId = (await createPartner(pool)).referralAgentId;
    const contract = await one(
      `INSERT INTO agreements (kind, key, version, title, body_markdown, status, effective_at, referral_agent_id)
       VALUES ('individual', 'northwind-api', 1, 'Individual contract', 'Terms', 'published', now(), $1) RETURNING id`,
      [contractAgentId],
    );
    await insertRate(pool, { ...base, referralAgentId: contractAgentId, agreementId: contract, kind: 'percentage', basisPoints: 1500, validFrom: day(-100) });
  });
  afterAll(async () => context?.close());

  async function signedIn(options: Parameters<typeof createPartner>[1] = {}) {
    const partner = await createPartner(context.database.pool, options);
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    return client;
  }

  it('lists one effective rate per facility × service, with the base, the refund window and the currency', async () => {
    const client = await signedIn();
    const response = await client.get('/api/commission-structure?per_page=10');
    expect(response.statusCode).toBe(200);
    const page = commissionStructureEndpoint.page.parse(response.json());
    const ours = page.data.filter((row) => [ids.dubai, ids.london].includes(row.facility_id));
    expect(ours.map((row) => [row.facility_name, row.service_name, row.rate])).toEqual([
      ['Pearl Dental (api test)', 'Consultation (api test)', { kind: 'percentage', basis_points: 800, amount_minor: null, currency: 'AED' }],
      ['Pearl Dental (api test)', 'Dental Implant (api test)', { kind: 'flat', basis_points: null, amount_minor: 55_000, currency: 'AED' }],
      ['St Aldhelm (api test)', 'Consultation (api test)', { kind: 'percentage', basis_points: 750, amount_minor: null, currency: 'GBP' }],
      ['St Aldhelm (api test)', 'Dental Implant (api test)', { kind: 'percentage', basis_points: 750, amount_minor: null, currency: 'GBP' }],
    ]);
    expect(ours[0]).toMatchObject({ country: 'AE', refund_window_days: 30, base_description: base.baseDescription, individual: false, tier: null });
    expect(ours.every((row) => row.rate.basis_points !== 1500)).toBe(true);
  });

  it('searches and filters by facility, country, specialty and service', async () => {
    const client = await signedIn();
    const names = async (query: string) =>
      commissionStructureEndpoint.page.parse((await client.get(`/api/commission-structure?${query}`)).json()).data.map((row) => `${row.facility_name} / ${row.service_name}`);
    expect(await names('search=implant')).toEqual(['Pearl Dental (api test) / Dental Implant (api test)', 'St Aldhelm (api test) / Dental Implant (api test)']);
    expect(await names('country=gb&sort=-service')).toEqual(['St Aldhelm (api test) / Dental Implant (api test)', 'St Aldhelm (api test) / Consultation (api test)']);
    expect(await names(`facility_id=${ids.dubai}&specialty_id=${ids.dentistry}`)).toEqual(['Pearl Dental (api test) / Dental Implant (api test)']);
    expect(await names(`service_id=${ids.consult}&sort=rate`)).toEqual(['St Aldhelm (api test) / Consultation (api test)', 'Pearl Dental (api test) / Consultation (api test)']);
  });

  it('offers only the facilities, countries, specialties and services of its own rates as filters', async () => {
    const client = await signedIn();
    const filters = commissionFiltersSchema.parse((await client.get('/api/commission-structure/filters')).json());
    expect(filters.facilities).toEqual([
      { id: ids.dubai, name: 'Pearl Dental (api test)', country: 'AE' },
      { id: ids.london, name: 'St Aldhelm (api test)', country: 'GB' },
    ]);
    expect(filters.countries).toEqual(['AE', 'GB']);
    expect(filters.specialties).toEqual([{ id: ids.dentistry, name: 'Dentistry (api test)' }]);
  });

  it('lists the changes coming in the next 90 days, from what to what', async () => {
    const client = await signedIn();
    const upcoming = upcomingChangesSchema.parse((await client.get('/api/commission-structure/upcoming')).json());
    expect(upcoming.horizon_days).toBe(90);
    // One change of the card (St Aldhelm's row for all services), covering both of its services.
    expect(upcoming.changes).toEqual([
      {
        key: expect.any(String),
        effective_on: day(21),
        scope: { facility: 'St Aldhelm (api test)', service: null, specialty: null, tier: null },
        from: { kind: 'percentage', basis_points: 750, amount_minor: null, currency: 'GBP' },
        to: { kind: 'percentage', basis_points: 850, amount_minor: null, currency: 'GBP' },
        rates: 2,
        facilities: 1,
      },
    ]);
  });

  it("shows an agent its own contract's rates, to every role of the agent", async () => {
    const member = await createPartner(context.database.pool, { role: 'agent', referralAgentId: contractAgentId });
    const client = new TestClient(context.app);
    await signInAs(context, client, member.userId);
    const page = commissionStructureEndpoint.page.parse((await client.get('/api/commission-structure')).json());
    expect(page.data.filter((row) => row.facility_id === ids.dubai).map((row) => [row.rate.basis_points, row.individual])).toEqual([
      [1500, true],
      [1500, true],
    ]);
  });

  it('exports the filtered rates as a workbook and a PDF, every row, with the filters written on top', async () => {
    const client = await signedIn();
    const workbookAnswer = await client.get('/api/commission-structure/export?format=xlsx&country=GB&sort=-service');
    expect(workbookAnswer.statusCode).toBe(200);
    expect(workbookAnswer.headers['content-disposition']).toMatch(/^attachment; filename="commission-structure-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(workbookAnswer.rawBody as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Commission rates')!;
    const cells: string[][] = [];
    sheet.eachRow((row) => cells.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
    const header = cells.findIndex((row) => row[0] === 'Facility');
    expect(cells[header]).toEqual(['Facility', 'Country', 'Service', 'Specialty', 'Tier', 'Rate', 'Paid on', 'Refund window (days)', 'Valid until']);
    expect(cells.slice(header + 1).map((row) => [row[0], row[2], row[5]])).toEqual([
      ['St Aldhelm (api test)', 'Dental Implant (api test)', '7.5 %'],
      ['St Aldhelm (api test)', 'Consultation (api test)', '7.5 %'],
    ]);
    expect(cells.some((row) => row[0] === 'Country' && row[1] === 'United Kingdom')).toBe(true);

    const pdf = await client.get(`/api/commission-structure/export?format=pdf&facility_id=${ids.dubai}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawBody).texts.join('\n');
    expect(text).toContain('Commission structure');
    expect(text).toContain('AED 550.00 per treatment');
    expect(text).not.toContain('St Aldhelm (api test)');
    // Without a format there is nothing to send: 422 naming the field.
    const missing = await client.get('/api/commission-structure/export');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ format: ['The format field is required.'] });
    expect((await client.get('/api/commission-structure/export?format=csv')).json().errors).toEqual({ format: ['The selected format is invalid.'] });
  });

  it('answers 401 without a session and 422 naming the field for a bad filter', async () => {
    expect((await new TestClient(context.app).get('/api/commission-structure')).statusCode).toBe(401);
    const client = await signedIn();
    const response = await client.get('/api/commission-structure?country=Germany&sort=patient&facility_id=99999999999');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['country', 'facility_id', 'sort']);
  });
});
