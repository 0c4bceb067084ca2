import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../db/seeds/demo-accounts.ts';
import { listNamedAuditEvents } from '../../lib/audit/audit-events.ts';
import { DEMO_OPERATORS } from '../../db/seeds/demo-identities.ts';
import { createTestOperator } from '../../test/console-sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { seedDemoAuditLog } from './demo-seed.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
  await seedDemoAccounts(context.database.pool, context.config);
  // The demo operators' addresses (the operators module seeds them at start with their TOTP secret).
  for (const operator of DEMO_OPERATORS) await createTestOperator(context, { role: operator.role, email: operator.email });
  await seedDemoAuditLog(context.database.pool);
});
afterAll(async () => {
  await context.close();
});

it('gives the demo three weeks of audit rows about its own operators and partners, by name', async () => {
  const { rows, total } = await listNamedAuditEvents(context.database.pool, { page: 1, perPage: 50 });
  expect(total).toBeGreaterThanOrEqual(15);
  const suspension = rows.find((row) => row.action === 'partner.suspended')!;
  expect(suspension).toMatchObject({ actor_type: 'operator', actor_role: 'support', actor_name: 'Test support', reason: expect.stringContaining('Chargeback') });
  expect(suspension.target_name).toBeTruthy();
  expect(rows.filter((row) => row.action === 'auth.sign_in' && row.after && (row.after as { method: string }).method === 'totp')).toHaveLength(1);
  // Newest first, every row in the past three weeks.
  const times = rows.map((row) => row.created_at.getTime());
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  expect(Math.min(...times)).toBeGreaterThan(Date.now() - 23 * 24 * 3600 * 1000);
  const partnerRows = rows.filter((row) => row.target_type === 'user' && row.action.startsWith('auth.'));
  expect(partnerRows.length).toBeGreaterThan(0);
});
