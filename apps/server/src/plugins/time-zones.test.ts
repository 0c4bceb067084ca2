import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTimeZone } from '@portal/contracts/fields';
import { consoleRequest, createTestOperator, signInOperatorAs } from '../test/console-sign-in.ts';
import { createPartner } from '../test/factories.ts';
import { TestClient } from '../test/http-client.ts';
import { signInAs } from '../test/sign-in.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { loadDatabaseTimeZones } from './time-zones.ts';

/**
 * Review of issue 17, finding 3: Node's Intl (ICU) still knows zone links that PostgreSQL's tzdata dropped. Such a
 * zone passed validation and then `AT TIME ZONE` failed with 22023, a 500. Every request naming a zone now checks it
 * against the database's pg_timezone_names too, and answers 422 on the field.
 */
const INTL_ONLY = ['US/Pacific-New', 'Canada/East-Saskatchewan'];
const MESSAGE = 'The timezone field must be a valid time zone.';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

async function partnerClient(): Promise<TestClient> {
  const partner = await createPartner(context.database.pool);
  const client = new TestClient(context.app);
  await signInAs(context, client, partner.userId);
  return client;
}

describe('time zones the database does not know', () => {
  it('are zones Intl accepts and PostgreSQL does not (the premise of the test)', async () => {
    const known = new Set((await loadDatabaseTimeZones(context.database.pool)).map((name) => name.toLowerCase()));
    for (const zone of INTL_ONLY) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
      expect(known.has(zone.toLowerCase())).toBe(false);
    }
    expect(known.has('asia/dubai')).toBe(true);
  });

  it('are refused on save of the profile with 422 on time_zone; a zone both know is saved', async () => {
    const client = await partnerClient();
    for (const zone of INTL_ONLY) {
      const response = await client.patch('/api/profile', { time_zone: zone });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual({ time_zone: [MESSAGE] });
    }
    expect((await client.patch('/api/profile', { time_zone: 'america/los_angeles' })).statusCode).toBe(200);
    expect((await client.get('/api/profile')).json()).toMatchObject({ time_zone: 'america/los_angeles' });
  });

  it('are a 422 on timezone, not a 500, on the bookings list and export and the team figures', async () => {
    const client = await partnerClient();
    for (const zone of INTL_ONLY) {
      const timezone = encodeURIComponent(zone);
      for (const url of [
        `/api/clients/bookings?from=2026-01-01&to=2026-01-31&timezone=${timezone}`,
        `/api/clients/bookings?format=xlsx&from=2026-01-01&timezone=${timezone}`,
        `/api/referral-details/members?timezone=${timezone}`,
      ]) {
        const response = await client.get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(422);
        expect(response.json().errors).toEqual({ timezone: [MESSAGE] });
      }
    }
    expect((await client.get('/api/referral-details/members?timezone=Asia%2FDubai')).statusCode).toBe(200);
  });

  it("are a 422 on timezone on the console's audit log", async () => {
    const operator = await createTestOperator(context, { role: 'admin' });
    const client = new TestClient(context.app);
    await signInOperatorAs(context, client, operator.id);
    const response = await consoleRequest(client, 'GET', '/api/console/audit-events?from=2026-01-01&timezone=US%2FPacific-New');
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ timezone: [MESSAGE] });
  });

  it('once the list is loaded, the shared check itself refuses them', () => {
    expect(isTimeZone('US/Pacific-New')).toBe(false);
    expect(isTimeZone('Asia/Dubai')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
