import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  facilityProfileSchema,
  networkFacilitiesEndpoint,
  networkProductPageSchema,
  packageDetailSchema,
  packagesEndpoint,
  refundPolicySchema,
} from '@portal/contracts/network';
import { createBooking } from '../../test/booking-factories.ts';
import { createPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createNetworkFacility, createNetworkPackage, createNetworkProduct, createRefundPolicyVersion } from './network-fixtures.ts';

describe('the facility network API', () => {
  let context: TestContext;
  let product: Awaited<ReturnType<typeof createNetworkProduct>>;
  const pool = () => context.database.pool;

  beforeAll(async () => {
    context = await createTestApp();
    product = await createNetworkProduct(pool(), 'medical');
    await createRefundPolicyVersion(pool(), 1, '2025-01-01');
    await createRefundPolicyVersion(pool(), 2, '2026-06-01');
    await createRefundPolicyVersion(pool(), 3, '2999-01-01');
  });
  afterAll(async () => context?.close());

  async function signedIn(options: Parameters<typeof createPartner>[1] = {}) {
    const partner = await createPartner(pool(), options);
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    return { partner, client };
  }
  const list = async (query = '', client = new TestClient(context.app)) => {
    const response = await client.get(`/api/network/medical/facilities${query}`);
    expect(response.statusCode).toBe(200);
    return networkFacilitiesEndpoint.page.parse(response.json());
  };

  describe('public network list', () => {
    let berlin: Awaited<ReturnType<typeof createNetworkFacility>>;
    beforeAll(async () => {
      berlin = await createNetworkFacility(pool(), product, { name: 'Spree Orthopaedics', country: 'DE', city: 'Berlin', languages: ['de', 'en'], price: '4500.00' });
      await createNetworkFacility(pool(), product, { name: 'Bosphorus Clinic', country: 'TR', city: 'Istanbul', languages: ['tr', 'ar'], price: '900.00' });
      await createNetworkFacility(pool(), product, { name: 'Paid Placement Hospital', country: 'TR', city: 'Antalya', promoted: true });
      await createNetworkFacility(pool(), product, { name: 'Unpublished Clinic', status: 'draft' });
      await pool().query(`INSERT INTO network_accreditations (facility_id, body, number, valid_until, verified_at) VALUES ($1, 'JCI', 'J-1', current_date + 300, now())`, [berlin.facilityId]);
    });

    it('answers without a session, sets no cookie, and says which placements are paid (first, labelled)', async () => {
      const response = await new TestClient(context.app).get('/api/network/medical/facilities');
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['cache-control']).toContain('public');
      const page = networkFacilitiesEndpoint.page.parse(response.json());
      expect(page.data.map((card) => card.name)).not.toContain('Unpublished Clinic');
      expect(page.data[0]).toMatchObject({ name: 'Paid Placement Hospital', promoted: true });
      expect(page.data.filter((card) => card.promoted)).toHaveLength(1);
      const spree = page.data.find((card) => card.name === 'Spree Orthopaedics')!;
      expect(spree).toMatchObject({ city: 'Berlin', country: 'DE', accreditations: ['JCI'], languages: ['de', 'en'], from_price: { amount_minor: 450_000, currency: 'EUR' } });
      // Nothing of a partner: no commission, no history.
      expect(JSON.stringify(page)).not.toMatch(/commission|history|referral/i);
    });

    it('answers 304 to a client that holds the current ETag, and a new ETag once the list changes', async () => {
      const first = await new TestClient(context.app).get('/api/network/medical/facilities?country=DE');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const again = await context.app.inject({ method: 'GET', url: '/api/network/medical/facilities?country=DE', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      await createNetworkFacility(pool(), product, { name: 'Havel Heart Centre', country: 'DE', city: 'Potsdam' });
      const changed = await context.app.inject({ method: 'GET', url: '/api/network/medical/facilities?country=DE', headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    });

    it('filters by country, city, specialty, service, language and accreditation, and searches', async () => {
      const names = async (query: string) => (await list(query)).data.map((card) => card.name).sort();
      expect(await names('?country=tr')).toEqual(['Bosphorus Clinic', 'Paid Placement Hospital']);
      expect(await names('?city=antalya')).toEqual(['Paid Placement Hospital']);
      expect(await names('?language=ar')).toEqual(['Bosphorus Clinic']);
      expect(await names('?accreditation=jci')).toEqual(['Spree Orthopaedics']);
      expect(await names('?search=spree')).toEqual(['Spree Orthopaedics']);
      expect((await list(`?specialty=${String(product.specialtyId)}`)).total).toBeGreaterThanOrEqual(4);
      expect((await list(`?service=${String(product.serviceId)}&country=DE`)).data.map((card) => card.name)).toContain('Spree Orthopaedics');
      // Search text is data: quotes, SQL and LIKE wildcards find nothing rather than everything.
      for (const attack of ["' OR '1'='1", '%', '_', "x'); DROP TABLE facilities; --"]) expect((await list(`?search=${encodeURIComponent(attack)}`)).total).toBe(0);
      expect((await context.database.pool.query('SELECT count(*)::int AS n FROM facilities')).rows[0].n).toBeGreaterThan(0);
    });

    it('refuses bad filters with the fields named (422), and an unknown product is a 404, not an empty list', async () => {
      const bad = await new TestClient(context.app).get('/api/network/medical/facilities?country=XX&language=english&specialty=abc');
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['country', 'language', 'specialty']);
      expect((await new TestClient(context.app).get('/api/network/cosmetics/facilities')).statusCode).toBe(404);
      expect((await new TestClient(context.app).get('/api/network/cosmetics')).statusCode).toBe(404);
    });

    it('offers only filter values that find something, with the product', async () => {
      const response = await new TestClient(context.app).get('/api/network/medical');
      const { product: found, filters } = networkProductPageSchema.parse(response.json());
      expect(found.slug).toBe('medical');
      expect(filters.countries).toEqual(expect.arrayContaining(['DE', 'TR']));
      expect(filters.accreditations).toEqual(['JCI']);
      expect(filters.languages).toEqual(expect.arrayContaining(['ar', 'de', 'en', 'tr']));
    });

    it('hides an expired price, and a facility whose only price expired leaves the network', async () => {
      const lapsed = await createNetworkFacility(pool(), product, { name: 'Lapsed Price Clinic', country: 'ES', city: 'Madrid' });
      expect((await list('?country=ES')).total).toBe(1);
      await pool().query(`UPDATE facility_service_details SET valid_to = current_date - 1 WHERE facility_id = $1`, [lapsed.facilityId]);
      expect((await list('?country=ES')).total).toBe(0);
    });

    it('drops an accreditation by itself on the day after it expires, and never shows an unverified one', async () => {
      const facility = await createNetworkFacility(pool(), product, { name: 'Expiring Accreditation Clinic', country: 'GR', city: 'Athens' });
      await pool().query(
        `INSERT INTO network_accreditations (facility_id, body, valid_until, verified_at) VALUES ($1, 'TEMOS', current_date - 1, now()), ($1, 'ISO 9001', current_date + 10, NULL), ($1, 'ACHS', current_date, now())`,
        [facility.facilityId],
      );
      expect((await list('?country=GR')).data[0]!.accreditations).toEqual(['ACHS']);
      expect((await list('?accreditation=TEMOS&country=GR')).total).toBe(0);
    });
  });

  describe('facility profiles', () => {
    it('needs a session; shows the profile with prices in force, the commission the rate card answers and the partner\'s own history', async () => {
      const facility = await createNetworkFacility(pool(), product, { name: 'Anatolia Spine Hospital', slug: 'anatolia-spine-hospital', country: 'TR', price: '8000.00' });
      const url = `/api/network/medical/facilities/${facility.facilitySlug}`;
      expect((await new TestClient(context.app).get(url)).statusCode).toBe(401);

      const { partner, client } = await signedIn();
      // 12.5 % for this facility on the card, from yesterday.
      await pool().query(
        `INSERT INTO commission_rates (facility_id, kind, basis_points, base_description, base_description_ar, refund_window_days, valid_from)
         VALUES ($1, 'percentage', 1250, 'The treatment price', 'سعر العلاج', 30, current_date - 1)`,
        [facility.facilityId],
      );
      const booking = { facility: 'Anatolia Spine Hospital', service: product.serviceName, specialty: product.specialtyName, amount: '8000.00', currency: 'EUR' };
      await createBooking(pool(), { ...booking, referralAgentId: partner.referralAgentId, status: 'completed' });
      const other = await createPartner(pool());
      await createBooking(pool(), { ...booking, referralAgentId: other.referralAgentId });
      await pool().query(`INSERT INTO network_doctors (facility_id, name, specialty_id, qualifications, languages) VALUES ($1, 'Dr Elif Kaya', $2, 'MD, FEBOT', '{tr,en}')`, [
        facility.facilityId,
        product.specialtyId,
      ]);
      await pool().query(`INSERT INTO network_location_details (location_id, opening_hours) VALUES ($1, '[{"day": 1, "opens": "08:00", "closes": "18:00"}]')`, [facility.locationId]);

      const response = await client.get(url);
      expect(response.statusCode, response.body).toBe(200);
      const profile = facilityProfileSchema.parse(response.json());
      const resolved = await context.app.commissionRates.resolve(pool(), { referralAgentId: partner.referralAgentId, facilityId: facility.facilityId, serviceId: product.serviceId, on: new Date() });
      expect(resolved?.rate).toMatchObject({ kind: 'percentage', basis_points: 1250 });
      expect(profile.services).toEqual([
        expect.objectContaining({ service_id: product.serviceId, price: { amount_minor: 800_000, currency: 'EUR' }, commission: { rate: resolved!.rate, amount: { amount_minor: 100_000, currency: 'EUR' } } }),
      ]);
      expect(profile.history).toMatchObject({ bookings: 1, completed: 1 });
      expect(profile.doctors[0]).toMatchObject({ name: 'Dr Elif Kaya', qualifications: 'MD, FEBOT' });
      expect(profile.locations[0]!.opening_hours).toEqual([{ day: 1, opens: '08:00', closes: '18:00' }]);
      expect(profile.travel.nearest_airport).toBe('IST, 40 minutes');
      expect(profile.commission_hidden).toBe(false);

      // An 'agent' member sees only the history they referred themselves.
      const member = await signedIn({ role: 'agent', referralAgentId: partner.referralAgentId });
      expect(facilityProfileSchema.parse((await member.client.get(url)).json()).history).toMatchObject({ bookings: 0, completed: 0, last_referral_at: null });
    });

    it('hides the commission from the affiliates group', async () => {
      const facility = await createNetworkFacility(pool(), product, { name: 'Affiliate View Clinic' });
      const { partner, client } = await signedIn();
      await pool().query(`INSERT INTO referral_groups (name, slug) VALUES ('Affiliates', 'affiliates') ON CONFLICT (slug) DO NOTHING`);
      await pool().query(`UPDATE referral_agents SET referral_group_id = (SELECT id FROM referral_groups WHERE slug = 'affiliates') WHERE id = $1`, [partner.referralAgentId]);
      await pool().query(
        `INSERT INTO commission_rates (kind, basis_points, base_description, base_description_ar, refund_window_days, valid_from)
         VALUES ('percentage', 500, 'The treatment price', 'سعر العلاج', 30, current_date - 1)`,
      );
      const profile = facilityProfileSchema.parse((await client.get(`/api/network/medical/facilities/${facility.facilitySlug}`)).json());
      expect(profile.commission_hidden).toBe(true);
      expect(profile.services.every((service) => service.commission === null)).toBe(true);
    });

    it('redirects an old slug (301) to the renamed one; an unknown or unpublished slug is a 404', async () => {
      const facility = await createNetworkFacility(pool(), product, { name: 'Renamed Hospital' });
      await pool().query(`UPDATE facilities SET slug = 'renamed-hospital-new' WHERE id = $1`, [facility.facilityId]);
      const { client } = await signedIn();
      const old = await client.get(`/api/network/medical/facilities/${facility.facilitySlug}`);
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe('/api/network/medical/facilities/renamed-hospital-new');
      expect((await client.get('/api/network/medical/facilities/renamed-hospital-new')).statusCode).toBe(200);
      expect((await client.get('/api/network/medical/facilities/no-such-clinic')).statusCode).toBe(404);
      const draft = await createNetworkFacility(pool(), product, { status: 'draft' });
      expect((await client.get(`/api/network/medical/facilities/${draft.facilitySlug}`)).statusCode).toBe(404);
      // Another product's network does not hold it.
      await createNetworkProduct(pool(), 'dental');
      expect((await client.get('/api/network/dental/facilities/renamed-hospital-new')).statusCode).toBe(404);
    });
  });

  describe('health packages', () => {
    let facility: Awaited<ReturnType<typeof createNetworkFacility>>;
    let kneeId: number;
    beforeAll(async () => {
      facility = await createNetworkFacility(pool(), product, { name: 'Lisbon Joint Clinic', country: 'PT', city: 'Lisbon' });
      kneeId = await createNetworkPackage(pool(), facility, { title: 'Knee replacement, all inclusive', category: 'orthopaedic' });
      await createNetworkPackage(pool(), facility, { title: 'Dental veneers (draft)', category: 'dental', status: 'draft' });
      await createNetworkPackage(pool(), facility, { title: 'Expired hip offer', category: 'orthopaedic', validTo: '2021-12-31' });
      await createNetworkPackage(pool(), facility, { title: 'Smile makeover', category: 'dental' });
      await pool().query(
        `INSERT INTO network_refund_terms (facility_id, package_id, deposit_minor, currency, refundable_until_days, doctor_declines, changes_paid_by)
         VALUES ($1, $2, 50000, 'EUR', 14, 'Everything paid except the consultation.', 'facility')`,
        [facility.facilityId, kneeId],
      );
    });

    it('lists published packages with a price in force, filtered by country, category and search (injection-safe)', async () => {
      const { client } = await signedIn({ role: 'finance' });
      const titles = async (query: string) => packagesEndpoint.page.parse((await client.get(`/api/health-packages${query}`)).json()).data.map((card) => card.title).sort();
      expect(await titles('?country=pt')).toEqual(['Knee replacement, all inclusive', 'Smile makeover']);
      expect(await titles('?country=PT&category=dental')).toEqual(['Smile makeover']);
      expect(await titles('?search=knee')).toEqual(['Knee replacement, all inclusive']);
      expect(await titles(`?search=${encodeURIComponent("knee' OR 1=1 --")}`)).toEqual([]);
      expect(await titles('?search=%25')).toEqual([]);
    });

    it('answers 404 for a country with no facility in the network, and 422 for a category or country that does not exist', async () => {
      const { client } = await signedIn();
      expect((await client.get('/api/health-packages?country=IS')).statusCode).toBe(404);
      const bad = await client.get('/api/health-packages?country=ZZ&category=spa-days');
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['category', 'country']);
      expect((await new TestClient(context.app).get('/api/health-packages')).statusCode).toBe(401);
    });

    it('opens a package with its contents, price in minor units, refund terms, the policy in force and the commission preview', async () => {
      const { client } = await signedIn();
      await pool().query(
        `INSERT INTO commission_rates (facility_id, kind, amount_minor, currency, base_description, base_description_ar, refund_window_days, valid_from)
         VALUES ($1, 'flat', 30000, 'EUR', 'Per treatment', 'لكل علاج', 30, current_date - 1)`,
        [facility.facilityId],
      );
      const detail = packageDetailSchema.parse((await client.get(`/api/health-packages/${String(kneeId)}`)).json());
      expect(detail).toMatchObject({
        title: 'Knee replacement, all inclusive',
        price: { kind: 'fixed', amount_minor: 650_000, currency: 'EUR' },
        inclusions: ['Surgery', 'Two nights in hospital'],
        exclusions: ['Flights'],
        addons: [{ name: 'Extra night', price_minor: 15_000, per: 'night' }],
        refund_terms: { deposit: { amount_minor: 50_000, currency: 'EUR' }, refundable_until_days: 14, changes_paid_by: 'facility', scope: 'package' },
        refund_policy_version: 2,
        commission: { amount: { amount_minor: 30_000, currency: 'EUR' } },
      });
      const expired = await createNetworkPackage(pool(), facility, { validTo: '2022-01-01' });
      expect((await client.get(`/api/health-packages/${String(expired)}`)).statusCode).toBe(404);
      expect((await client.get('/api/health-packages/abc')).statusCode).toBe(422);
    });
  });

  describe('refund policy', () => {
    it('answers the version in force (not a future one) and every published version, each at its own URL', async () => {
      const { client } = await signedIn();
      const policy = refundPolicySchema.parse((await client.get('/api/refund-policy')).json());
      expect(policy.current?.version).toBe(2);
      expect(policy.versions.map((version) => [version.version, version.in_force])).toEqual([
        [3, false],
        [2, true],
        [1, false],
      ]);
      const old = await client.get('/api/refund-policy/versions/1');
      expect(old.json()).toMatchObject({ version: 1, summary: 'Summary of version 1', changes: ['Change in version 1'] });
      await createRefundPolicyVersion(pool(), 9, '2020-01-01', 'draft');
      expect((await client.get('/api/refund-policy/versions/9')).statusCode).toBe(404);
      expect((await new TestClient(context.app).get('/api/refund-policy')).statusCode).toBe(401);
    });
  });
});
