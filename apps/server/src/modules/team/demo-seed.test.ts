import { afterAll, beforeAll, expect, it } from 'vitest';
import { teamLogEndpoint, teamMembersEndpoint } from '@portal/contracts/team';
import { seedDemoAccounts } from '../../db/seeds/demo-accounts.ts';
import { DEMO_EMAILS } from '../../db/seeds/demo-identities.ts';
import { TestClient } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { seedDemoTeam } from './demo-seed.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
  await seedDemoAccounts(context.database.pool, context.config);
  await seedDemoTeam(context.database.pool);
});
afterAll(async () => {
  await context.close();
});

it("shows Harbor Health Partners' owner the team: 10 seats, the six members, Sofia's invitation waiting, and the log", async () => {
  const { rows } = await context.database.pool.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO_EMAILS.partner]);
  const client = new TestClient(context.app);
  await signInAs(context, client, rows[0]!.id);
  expect((await client.get('/api/team/summary')).json()).toEqual({ seat_limit: 10, seats_used: 7, can_manage: true });
  const members = teamMembersEndpoint.page.parse((await client.get('/api/team/members?per_page=100')).json()).data;
  expect(members.find((member) => member.email === 'sofia.haddad@demo.test')).toMatchObject({ status: 'invited', role: 'agent' });
  expect(members.filter((member) => member.status === 'active')).toHaveLength(6);
  const log = teamLogEndpoint.page.parse((await client.get('/api/team/log?per_page=25')).json());
  expect(log.total).toBe(10);
  expect(log.data[0]).toMatchObject({ action: 'invited', target_name: 'Sofia Haddad', actor_name: 'Amelia Hart' });
});
