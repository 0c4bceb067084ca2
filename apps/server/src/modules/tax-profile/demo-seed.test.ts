import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../db/seeds/demo-accounts.ts';
import { DEMO_AGENTS, DEMO_EMAILS } from '../../db/seeds/demo-identities.ts';
import { TestClient } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { seedDemoTaxProfiles } from './demo-seed.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
  await seedDemoAccounts(context.database.pool, context.config);
  await seedDemoTaxProfiles(context.database.pool);
});
afterAll(async () => {
  await context.close();
});

it("gives Harbor's finance member the profile they entered, a British VAT registration with the reverse charge", async () => {
  const { rows } = await context.database.pool.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO_EMAILS.finance]);
  const client = new TestClient(context.app);
  await signInAs(context, client, rows[0]!.id);
  expect((await client.get('/api/tax-profile')).json()).toMatchObject({
    profile: { legal_name: 'Harbor Health Partners Ltd', country: 'GB', vat_status: 'registered', vat_number: 'GB284619530', updated_by: 'Elena Petrova' },
    reverse_charge: true,
  });
});

it('registers Northwind in Germany and Bright Path in the Emirates, the business’s own country', async () => {
  const { rows } = await context.database.pool.query<{ name: string; country: string; vat_number: string }>(
    `SELECT ra.name, t.country, t.vat_number FROM partner_tax_profiles t JOIN referral_agents ra ON ra.id = t.referral_agent_id ORDER BY ra.name`,
  );
  expect(rows).toEqual([
    { name: DEMO_AGENTS.affiliates, country: 'AE', vat_number: '100398274100003' },
    { name: DEMO_AGENTS.main, country: 'GB', vat_number: 'GB284619530' },
    { name: DEMO_AGENTS.second, country: 'DE', vat_number: 'DE318472905' },
  ]);
});
