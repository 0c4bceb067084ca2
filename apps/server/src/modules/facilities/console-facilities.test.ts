import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/queryable.ts';
import { createBooking } from '../../test/booking-factories.ts';
import { consoleHeaders, consoleRequest, createTestOperator, type TestOperator, operatorClientFor } from '../../test/console-sign-in.ts';
import { createPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let context: TestContext;
let content: TestOperator;
let support: TestOperator;
let client: TestClient;

beforeAll(async () => {
  context = await createTestApp();
  content = await createTestOperator(context, { role: 'content' });
  support = await createTestOperator(context, { role: 'support' });
  client = await operatorClient(content);
});
afterAll(async () => {
  await context.close();
});

function operatorClient(operator: TestOperator): Promise<TestClient> {
  return operatorClientFor(context, operator);
}

const FACILITIES = '/api/console/facilities';
let unique = 0;

/** A name no other test uses. */
function named(name: string): string {
  unique += 1;
  return `${name} ${String.fromCharCode(64 + unique)}${unique}`;
}

async function createFacility(body: Record<string, unknown>) {
  const response = await consoleRequest(client, 'POST', FACILITIES, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string; slug: string; locations: { id: number; name: string; bookings_count: number }[] };
}

async function auditRows(targetType: string, targetId: number) {
  const { rows } = await context.database.pool.query(
    'SELECT actor_type, actor_id, actor_role, action, before, after FROM audit_events WHERE target_type = $1 AND target_id = $2 ORDER BY id',
    [targetType, String(targetId)],
  );
  return rows;
}

describe('creating and editing a facility', () => {
  it('creates a facility with a slug made from its name, and records who did it', async () => {
    const name = named('Lakeshore Eye & Laser Clinic');
    const created = await createFacility({ name: `  ${name} `, country: 'ae', city: 'Dubai', currency: 'aed' });
    expect(created).toMatchObject({ name, country: 'AE', city: 'Dubai', currency: 'AED', bookings_count: 0, locations: [], services: [] });
    expect(created.slug).toMatch(/^lakeshore-eye-and-laser-clinic-[a-z0-9]+$/);
    expect(await auditRows('facility', created.id)).toEqual([
      {
        actor_type: 'operator',
        actor_id: String(content.id),
        actor_role: 'content',
        action: 'facility.created',
        before: null,
        after: { name, country: 'AE', city: 'Dubai', currency: 'AED', slug: created.slug },
      },
    ]);

    const read = await consoleRequest(client, 'GET', `${FACILITIES}/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: created.id, slug: created.slug });
  });

  it('keeps slugs unique: the same slug gets -2, -3, and a name without Latin letters still gets one', async () => {
    const first = await createFacility({ name: 'Riverside Dental Studio', country: 'GB', city: 'London', currency: 'GBP' });
    const second = await createFacility({ name: 'Riverside Dental Studio', country: 'GB', city: 'Leeds', currency: 'GBP' });
    const third = await createFacility({ name: 'Riverside  Dental-Studio!', country: 'IE', city: 'Dublin', currency: 'EUR' });
    expect([first.slug, second.slug, third.slug]).toEqual(['riverside-dental-studio', 'riverside-dental-studio-2', 'riverside-dental-studio-3']);
    const arabic = await createFacility({ name: 'مستشفى النور', country: 'SA', city: 'Riyadh', currency: 'SAR' });
    expect(arabic.slug).toMatch(/^facility(-\d+)?$/);
  });

  it('refuses a second facility of the same name in the same city with a 409, and records nothing', async () => {
    const name = named('Palm Grove Hospital');
    const first = await createFacility({ name, country: 'AE', city: 'Abu Dhabi', currency: 'AED' });
    const again = await consoleRequest(client, 'POST', FACILITIES, { name: name.toUpperCase(), country: 'AE', city: 'abu dhabi', currency: 'AED' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`A facility named ${name} already exists in Abu Dhabi.`);
    const { rows } = await context.database.pool.query("SELECT count(*)::int AS n FROM audit_events WHERE action = 'facility.created' AND after->>'name' ILIKE $1", [name]);
    expect(rows[0].n).toBe(1);
    // In Arabic too.
    const arabic = await client.request('POST', FACILITIES, { name, country: 'AE', city: 'Abu Dhabi', currency: 'AED' }, { ...consoleHeaders(client), 'accept-language': 'ar' });
    expect(arabic.statusCode).toBe(409);
    expect(arabic.json().message).toBe(`توجد منشأة باسم ${name} في Abu Dhabi بالفعل.`);
    expect(first.id).toBeGreaterThan(0);
  });

  it('answers 422 with a message per field', async () => {
    const response = await consoleRequest(client, 'POST', FACILITIES, { name: ' ', country: 'XX', city: 'a'.repeat(101), currency: 'XYZ' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ['The name field is required.'],
      country: ['Choose a country.'],
      city: ['The city field must not be greater than 100 characters.'],
      currency: ['Choose a currency.'],
    });
    const nul = await consoleRequest(client, 'POST', FACILITIES, { name: 'Bad\u0000Name', city: 'Dubai' });
    expect(nul.statusCode).toBe(422);
    expect(Object.keys(nul.json().errors).sort()).toEqual(['country', 'currency', 'name']);
  });

  it('edits name, country and city, keeps the slug, and audits only what changed', async () => {
    const created = await createFacility({ name: named('Cedar Ridge Clinic'), country: 'LB', city: 'Beirut', currency: 'USD' });
    const name = named('Cedar Ridge Medical Centre');
    const edited = await consoleRequest(client, 'PUT', `${FACILITIES}/${created.id}`, { name, country: 'LB', city: 'Byblos', currency: 'USD' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name, city: 'Byblos', slug: created.slug });
    const rows = await auditRows('facility', created.id);
    expect(rows.at(-1)).toMatchObject({
      action: 'facility.updated',
      before: { name: created.name, city: 'Beirut' },
      after: { name, city: 'Byblos' },
    });
    // Saving it unchanged writes nothing.
    expect((await consoleRequest(client, 'PUT', `${FACILITIES}/${created.id}`, { name, country: 'LB', city: 'Byblos', currency: 'USD' })).statusCode).toBe(200);
    expect(await auditRows('facility', created.id)).toHaveLength(rows.length);
  });

  it("changes the billing currency, unless a flat rate of the card in force pays in the old one", async () => {
    const created = await createFacility({ name: named('Marmara Smile Clinic'), country: 'TR', city: 'Istanbul', currency: 'EUR' });
    const body = { name: created.name, country: 'TR', city: 'Istanbul' };
    const pool = context.database.pool;
    await pool.query(
      `INSERT INTO commission_rates (facility_id, kind, amount_minor, currency, base_description, base_description_ar, refund_window_days, valid_from)
       VALUES ($1, 'flat', 25000, 'EUR', 'Per implant', 'لكل زرعة', 14, '2026-01-01')`,
      [created.id],
    );
    const refused = await consoleRequest(client, 'PUT', `${FACILITIES}/${created.id}`, { ...body, currency: 'TRY' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ currency: ['The rate card has flat rates in EUR for this facility: end them before it bills in another currency.'] });
    // Once the flat rate has ended, the facility can bill in another currency.
    await pool.query("UPDATE commission_rates SET valid_to = current_date WHERE facility_id = $1", [created.id]);
    const changed = await consoleRequest(client, 'PUT', `${FACILITIES}/${created.id}`, { ...body, currency: 'TRY' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ currency: 'TRY' });
    expect((await auditRows('facility', created.id)).at(-1)).toMatchObject({ action: 'facility.updated', before: { currency: 'EUR' }, after: { currency: 'TRY' } });
  });

  it('answers 404 for a facility that does not exist, and 409 when renamed onto another', async () => {
    expect((await consoleRequest(client, 'GET', `${FACILITIES}/999999`)).statusCode).toBe(404);
    expect((await consoleRequest(client, 'PUT', `${FACILITIES}/999999`, { name: 'Nowhere', country: 'AE', city: 'Dubai', currency: 'AED' })).statusCode).toBe(404);
    expect((await consoleRequest(client, 'GET', `${FACILITIES}/abc`)).statusCode).toBe(422);
    const taken = await createFacility({ name: named('Gulf Coast Hospital'), country: 'QA', city: 'Doha', currency: 'QAR' });
    const other = await createFacility({ name: named('Gulf Coast Clinic'), country: 'QA', city: 'Doha', currency: 'QAR' });
    const clash = await consoleRequest(client, 'PUT', `${FACILITIES}/${other.id}`, { name: taken.name, country: 'QA', city: 'Doha', currency: 'QAR' });
    expect(clash.statusCode).toBe(409);
  });
});

describe('locations', () => {
  it('adds, edits and removes a location, each with its audit row', async () => {
    const facility = await createFacility({ name: named('Harbour View Hospital'), country: 'SG', city: 'Singapore', currency: 'SGD' });
    const added = await consoleRequest(client, 'POST', `${FACILITIES}/${facility.id}/locations`, {
      name: 'Orchard clinic',
      address: '',
      city: 'Singapore',
      country: 'SG',
    });
    expect(added.statusCode).toBe(201);
    const location = added.json().locations[0];
    expect(location).toMatchObject({ name: 'Orchard clinic', address: null, city: 'Singapore', country: 'SG', bookings_count: 0 });

    const edited = await consoleRequest(client, 'PUT', `${FACILITIES}/${facility.id}/locations/${location.id}`, {
      name: 'Orchard Road clinic',
      address: '391 Orchard Road, #12-01',
      city: 'Singapore',
      country: 'SG',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().locations[0]).toMatchObject({ name: 'Orchard Road clinic', address: '391 Orchard Road, #12-01' });

    const duplicate = await consoleRequest(client, 'POST', `${FACILITIES}/${facility.id}/locations`, { name: 'orchard road CLINIC', city: 'Singapore', country: 'SG' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('This facility already has a location named orchard road CLINIC.');

    const removed = await consoleRequest(client, 'DELETE', `${FACILITIES}/${facility.id}/locations/${location.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().locations).toEqual([]);
    expect((await auditRows('facility_location', location.id)).map((row) => row.action)).toEqual([
      'facility.location_added',
      'facility.location_updated',
      'facility.location_removed',
    ]);
    expect((await auditRows('facility_location', location.id))[2].before).toMatchObject({ facility_id: facility.id, name: 'Orchard Road clinic' });
  });

  it('refuses to remove a location a booking refers to with a 409 that says so, and keeps it', async () => {
    const partner = await createPartner(context.database.pool);
    const booking = await createBooking(context.database.pool, { referralAgentId: partner.referralAgentId, facility: named('Sunrise Fertility Centre') });
    const { rows } = await context.database.pool.query<{ id: number }>('SELECT facility_location_id AS id FROM bookings WHERE id = $1', [booking.id]);
    const locationId = rows[0]!.id;

    const refused = await consoleRequest(client, 'DELETE', `${FACILITIES}/${booking.facilityId}/locations/${locationId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This location cannot be removed: bookings refer to it (1).');
    const detail = (await consoleRequest(client, 'GET', `${FACILITIES}/${booking.facilityId}`)).json();
    expect(detail.locations).toEqual([expect.objectContaining({ id: locationId, bookings_count: 1 })]);
    expect(detail.bookings_count).toBe(1);
    expect(detail.services).toEqual([
      expect.objectContaining({ service: 'Cardiac Consultation', specialty: 'Cardiology', price: '1500.00', currency: 'AED', bookings_count: 1 }),
    ]);
    expect(await auditRows('facility_location', locationId)).toEqual([]);
  });

  it('answers 404 for a location of another facility, and 422 for bad fields', async () => {
    const one = await createFacility({ name: named('Al Noor Clinic'), country: 'OM', city: 'Muscat', currency: 'OMR' });
    const two = await createFacility({ name: named('Al Noor Clinic'), country: 'OM', city: 'Salalah', currency: 'OMR' });
    const location = (await consoleRequest(client, 'POST', `${FACILITIES}/${one.id}/locations`, { name: 'Main campus', city: 'Muscat', country: 'OM' })).json().locations[0];
    expect((await consoleRequest(client, 'DELETE', `${FACILITIES}/${two.id}/locations/${location.id}`)).statusCode).toBe(404);
    expect((await consoleRequest(client, 'PUT', `${FACILITIES}/${two.id}/locations/${location.id}`, { name: 'X', city: 'Y', country: 'OM' })).statusCode).toBe(404);
    expect((await consoleRequest(client, 'POST', `${FACILITIES}/999999/locations`, { name: 'X', city: 'Y', country: 'OM' })).statusCode).toBe(404);
    const invalid = await consoleRequest(client, 'POST', `${FACILITIES}/${one.id}/locations`, { name: '', city: '', country: 'Oman', address: 'x'.repeat(301) });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['address', 'city', 'country', 'name']);
  });
});

describe('the list', () => {
  it('searches, filters by country, sorts, and counts locations and bookings', async () => {
    const tag = named('Zephyr').replace(/\s/g, '');
    const partner = await createPartner(context.database.pool);
    const busy = `${tag} Heart Institute`;
    await createBooking(context.database.pool, { referralAgentId: partner.referralAgentId, facility: busy, facilityCountry: 'IN' });
    await createBooking(context.database.pool, { referralAgentId: partner.referralAgentId, facility: busy, facilityCountry: 'IN' });
    const quiet = await createFacility({ name: `${tag} Skin Clinic`, country: 'TH', city: 'Bangkok', currency: 'THB' });
    await consoleRequest(client, 'POST', `${FACILITIES}/${quiet.id}/locations`, { name: 'Silom branch', city: 'Bangkok', country: 'TH' });
    await consoleRequest(client, 'POST', `${FACILITIES}/${quiet.id}/locations`, { name: 'Sukhumvit branch', city: 'Bangkok', country: 'TH' });

    const all = await consoleRequest(client, 'GET', `${FACILITIES}?search=${tag}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(2);
    expect(all.json().data.map((row: { name: string; locations_count: number; bookings_count: number }) => [row.name, row.locations_count, row.bookings_count])).toEqual([
      [busy, 1, 2],
      [`${tag} Skin Clinic`, 2, 0],
    ]);
    const byBookings = await consoleRequest(client, 'GET', `${FACILITIES}?search=${tag}&sort=-bookings`);
    expect(byBookings.json().data[0].name).toBe(busy);
    const byLocations = await consoleRequest(client, 'GET', `${FACILITIES}?search=${tag}&sort=-locations`);
    expect(byLocations.json().data[0].name).toBe(`${tag} Skin Clinic`);
    const thai = await consoleRequest(client, 'GET', `${FACILITIES}?search=${tag}&country=TH`);
    expect(thai.json().data.map((row: { name: string }) => row.name)).toEqual([`${tag} Skin Clinic`]);
    // A location's name finds its facility.
    const branch = await consoleRequest(client, 'GET', `${FACILITIES}?search=${encodeURIComponent('sukhumvit branch')}&country=TH`);
    expect(branch.json().data.map((row: { id: number }) => row.id)).toContain(quiet.id);
    expect((await consoleRequest(client, 'GET', `${FACILITIES}?country=Thailand`)).statusCode).toBe(422);
    expect((await consoleRequest(client, 'GET', `${FACILITIES}?sort=slug`)).statusCode).toBe(422);
    const paged = await consoleRequest(client, 'GET', `${FACILITIES}?per_page=10&page=1`);
    expect(paged.json().data.length).toBeLessThanOrEqual(10);
  });
});

describe('who may', () => {
  it('refuses an operator without facilities.manage (support) with a 403, for reads and writes', async () => {
    const other = await operatorClient(support);
    expect((await consoleRequest(other, 'GET', FACILITIES)).statusCode).toBe(403);
    expect((await consoleRequest(other, 'POST', FACILITIES, { name: 'Anything', country: 'AE', city: 'Dubai', currency: 'AED' })).statusCode).toBe(403);
    const { rows } = await context.database.pool.query("SELECT count(*)::int AS n FROM facilities WHERE name = 'Anything'");
    expect(rows[0].n).toBe(0);
  });
});

describe('renaming a facility', () => {
  it("keeps the partner's bookings search right: the new name finds the bookings, the old one no longer does", async () => {
    const partner = await createPartner(context.database.pool);
    const oldName = named('Bluewater Orthopaedic Hospital');
    const booking = await createBooking(context.database.pool, { referralAgentId: partner.referralAgentId, facility: oldName, patient: 'Imran Qureshi' });
    const browser = new TestClient(context.app);
    await signInAs(context, browser, partner.userId);
    const search = async (term: string) =>
      (await browser.get(`/api/clients/bookings?team=referral&search=${encodeURIComponent(term)}`)).json().data.map((row: { id: number }) => row.id);
    expect(await search('bluewater')).toEqual([booking.id]);

    const renamed = await consoleRequest(client, 'PUT', `${FACILITIES}/${booking.facilityId}`, { name: 'Tidewater Bone & Joint Hospital', country: 'AE', city: 'Dubai', currency: 'AED' });
    expect(renamed.statusCode).toBe(200);
    expect(await search('tidewater')).toEqual([booking.id]);
    expect(await search('bluewater')).toEqual([]);
    const rows = (await browser.get('/api/clients/bookings?team=referral')).json().data as { id: number; provider?: { name: string } }[];
    expect(JSON.stringify(rows.find((row) => row.id === booking.id))).toContain('Tidewater Bone & Joint Hospital');
    // The Facility filter's options show the new name too.
    const options = (await browser.get('/api/general/get-facilities')).json() as { id: number; name: string }[];
    expect(options).toEqual([{ id: booking.facilityId, name: 'Tidewater Bone & Joint Hospital' }]);
  });
});

describe('migration 0009', () => {
  it('turns countries written as English names into ISO codes, and leaves a name it does not know', async () => {
    const pool = context.database.pool;
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO facilities (name, slug, country, city) VALUES
         ('Old Turkish Clinic', 'old-turkish-clinic', 'Turkey', 'Istanbul'),
         ('Old Emirati Clinic', 'old-emirati-clinic', ' united arab emirates ', 'Dubai'),
         ('Old Atlantis Clinic', 'old-atlantis-clinic', 'Atlantis', 'Poseidonia')
       RETURNING id`,
    );
    await pool.query("INSERT INTO facility_locations (facility_id, name, city, country) VALUES ($1, 'Main', 'Istanbul', 'Türkiye')", [rows[0]!.id]);
    const sql = readFileSync(new URL('../../db/migrations/0009_facility_countries.sql', import.meta.url), 'utf8');
    await inTransaction(pool, (client) => client.query(sql));
    const after = await pool.query('SELECT f.country, l.country AS location_country FROM facilities f LEFT JOIN facility_locations l ON l.facility_id = f.id WHERE f.id = ANY($1::int[]) ORDER BY f.id', [
      rows.map((row) => row.id),
    ]);
    expect(after.rows).toEqual([
      { country: 'TR', location_country: 'TR' },
      { country: 'AE', location_country: null },
      { country: 'Atlantis', location_country: null },
    ]);
  });
});
