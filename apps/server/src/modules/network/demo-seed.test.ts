import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkFacilitiesEndpoint, refundPolicySchema } from '@portal/contracts/network';
import { ensureBookingCatalog } from '../../db/seeds/booking-catalog.ts';
import { createPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { seedDemoNetwork } from './demo-seed.ts';

describe('the demo network', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
    await ensureBookingCatalog(context.database.pool);
    await seedDemoNetwork(context.database.pool, { storage: context.app.storage, appKey: context.config.appKey });
  }, 120_000);
  afterAll(async () => context?.close());

  it('has three products, 24 or more facilities in 10 countries, 60 packages and two policy versions', async () => {
    const { rows } = await context.database.pool.query<{ products: number; facilities: number; countries: number; packages: number; versions: number; photos: number }>(
      `SELECT (SELECT count(*)::int FROM network_products) AS products,
              (SELECT count(*)::int FROM network_facility_profiles WHERE status = 'published') AS facilities,
              (SELECT count(DISTINCT f.country)::int FROM network_facility_profiles p JOIN facilities f ON f.id = p.facility_id) AS countries,
              (SELECT count(*)::int FROM network_packages) AS packages,
              (SELECT count(*)::int FROM network_refund_policy_versions WHERE status = 'published') AS versions,
              (SELECT count(*)::int FROM network_facility_photos) AS photos`,
    );
    expect(rows[0]).toMatchObject({ products: 3, packages: 60, versions: 2 });
    expect(rows[0]!.facilities).toBeGreaterThanOrEqual(24);
    expect(rows[0]!.countries).toBeGreaterThanOrEqual(10);
    expect(rows[0]!.photos).toBe(rows[0]!.facilities);
  });

  it('shows each product\'s network publicly, with photos that load, and hides the expired accreditation', async () => {
    for (const product of ['medical', 'dental', 'aesthetics']) {
      const page = networkFacilitiesEndpoint.page.parse((await new TestClient(context.app).get(`/api/network/${product}/facilities?per_page=100`)).json());
      expect(page.total, product).toBeGreaterThan(3);
    }
    const medical = networkFacilitiesEndpoint.page.parse((await new TestClient(context.app).get('/api/network/medical/facilities?per_page=100')).json());
    const photo = await new TestClient(context.app).get(medical.data[0]!.photo_url!);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const expired = await context.database.pool.query(`SELECT 1 FROM network_accreditations WHERE valid_until < current_date`);
    expect(expired.rowCount).toBe(1);
    const shown = medical.data.flatMap((card) => card.accreditations);
    expect(shown).toContain('JCI');
  });

  it('has the second policy version in force, with its changes', async () => {
    const partner = await createPartner(context.database.pool);
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    const policy = refundPolicySchema.parse((await client.get('/api/refund-policy')).json());
    expect(policy.current?.version).toBe(2);
    expect(policy.current?.changes.length).toBeGreaterThan(0);
  });
});
