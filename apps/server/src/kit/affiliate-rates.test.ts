import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFFILIATES_GROUP } from '@portal/contracts/constants';
import { createPartner, type CreatedPartner } from '../test/factories.ts';
import { TestClient } from '../test/http-client.ts';
import { signInAs } from '../test/sign-in.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/**
 * Issue 15: no rate or rate-card field reaches a partner of the affiliates referral group from any endpoint. Generated
 * from the partner route table, so every area built later is covered without editing this file: every GET without
 * path parameters is called as an affiliate whose agent has rates, a tier and a contract override in the card, and the
 * JSON answer must hold none of the rate card's keys. The commission structure's own endpoints answer 403.
 */
const RATE_KEYS = new Set(['rate', 'rates', 'basis_points', 'amount_minor', 'refund_window_days', 'base_description', 'base_description_ar', 'rate_schedule']);

function rateKeysIn(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => rateKeysIn(item, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [...(RATE_KEYS.has(key) ? [`${path}.${key}`] : []), ...rateKeysIn(inner, `${path}.${key}`)]);
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
    const tier = await pool.query<{ id: number }>(`INSERT INTO partner_tiers (slug, name, name_ar, rank) VALUES ('gold', 'Gold', 'ذهبي', 2) RETURNING id`);
    await pool.query('INSERT INTO agent_tiers (referral_agent_id, tier_id) VALUES ($1, $2)', [affiliate.referralAgentId, tier.rows[0]!.id]);
    await pool.query(
      `INSERT INTO commission_rates (kind, basis_points, base_description, base_description_ar, refund_window_days, valid_from)
       VALUES ('percentage', 800, 'The treatment price', 'سعر العلاج', 30, '2026-01-01'), ('percentage', 1000, 'The treatment price', 'سعر العلاج', 30, '2026-01-01')`,
    );
    await pool.query('UPDATE commission_rates SET tier_id = $1 WHERE basis_points = 1000', [tier.rows[0]!.id]);
    client = new TestClient(context.app);
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
  });
});
