import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/test-app.ts';
import { TestClient } from './test/http-client.ts';
import { createPartner } from './test/factories.ts';
import { signInAs } from './test/sign-in.ts';

/**
 * The outside probe's bad-input findings (docs: ../shared/reviews/outside-probe.md, F2 and F3): each request that
 * reached PostgreSQL and came back as a 500 is now refused by the contract's shared fields with a 422.
 */
describe('outside probe: input PostgreSQL cannot store is a 422, not a 500', () => {
  let context: TestContext;
  let partnerTypeId: number;
  beforeAll(async () => {
    context = await createTestApp();
    const pool = context.database.pool;
    partnerTypeId = (await pool.query<{ id: number }>(`INSERT INTO partner_types (name) VALUES ('Clinic') RETURNING id`)).rows[0]!.id;
  });
  afterAll(async () => {
    await context?.close();
  });

  let sequence = 0;
  function registration(overrides: Record<string, unknown>) {
    sequence += 1;
    return {
      first_name: 'Maya',
      last_name: 'Lindqvist',
      email: `probe${sequence}@clinic.example`,
      password: 'Fuzz-Pass-2026!a',
      password_confirmation: 'Fuzz-Pass-2026!a',
      phone_country: 'AE',
      phone: '+971501234567',
      partner_type_id: partnerTypeId,
      organisation: 'O',
      ...overrides,
    };
  }

  async function anonymousClient(): Promise<TestClient> {
    const client = new TestClient(context.app);
    await client.csrf();
    return client;
  }

  async function usersNamed(email: string): Promise<number> {
    const result = await context.database.pool.query<{ count: string }>('SELECT count(*) AS count FROM users WHERE email = $1', [email]);
    return Number(result.rows[0]!.count);
  }

  it('the valid registration the probe started from is accepted (the cases below differ in one field)', async () => {
    const response = await (await anonymousClient()).post('/api/registration', registration({}));
    expect(response.statusCode).toBe(201);
  });

  it.each(['first_name', 'last_name', 'organisation'])('F2: a NUL byte in registration %s answers 422 and stores nothing', async (field) => {
    const body = registration({ [field]: 'a\u0000b' });
    const response = await (await anonymousClient()).post('/api/registration', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toEqual([expect.stringMatching(/must not contain control characters/)]);
    expect(await usersNamed(body.email)).toBe(0);
  });

  it.each(['partner_type_id', 'partner_industry_id'])('F3: registration %s = 2147483648 answers 422', async (field) => {
    for (const value of [2_147_483_648, 2 ** 64, 1e308]) {
      const body = registration({ [field]: value });
      const response = await (await anonymousClient()).post('/api/registration', body);
      expect(response.statusCode, String(value)).toBe(422);
      expect(Object.keys(response.json().errors)).toContain(field);
      expect(await usersNamed(body.email)).toBe(0);
    }
  });

  it('F2: GET /api/clients/bookings?search=a%00b answers 422', async () => {
    const partner = await createPartner(context.database.pool);
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    expect((await client.get('/api/clients/bookings?search=ab')).statusCode).toBe(200);
    const response = await client.get('/api/clients/bookings?search=a%00b');
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toContain('search');
  });
});
