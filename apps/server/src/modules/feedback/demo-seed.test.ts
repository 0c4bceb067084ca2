import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoAccounts } from '../../db/seeds/demo-accounts.ts';
import { DEMO_EMAILS, DEMO_OPERATORS } from '../../db/seeds/demo-identities.ts';
import { createTestOperator } from '../../test/console-sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { seedDemoFeedback } from './demo-seed.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
  await seedDemoAccounts(context.database.pool, context.config);
  for (const operator of DEMO_OPERATORS) await createTestOperator(context, { role: operator.role, email: operator.email });
  await seedDemoFeedback(context.database.pool);
});
afterAll(async () => {
  await context.close();
});

it("gives Harbor Health Partners' members threads with replies: one new, one closed, one with an operator assigned", async () => {
  const { rows } = await context.database.pool.query<{ email: string; status: string; assignee: string | null; replies: number; notes: number }>(
    `SELECT u.email, t.status, o.email AS assignee,
            (SELECT count(*)::int FROM feedback_messages m WHERE m.thread_id = t.id AND m.author_type = 'operator' AND NOT m.internal) AS replies,
            (SELECT count(*)::int FROM feedback_messages m WHERE m.thread_id = t.id AND m.internal) AS notes
       FROM feedback_threads t JOIN users u ON u.id = t.author_user_id LEFT JOIN operators o ON o.id = t.assignee_operator_id
      ORDER BY t.id`,
  );
  expect(new Set(rows.map((row) => row.email))).toEqual(new Set([DEMO_EMAILS.partner, DEMO_EMAILS.agent, DEMO_EMAILS.secondAgent]));
  expect(rows.map((row) => row.status)).toEqual(expect.arrayContaining(['new', 'closed', 'answered']));
  expect(rows.some((row) => row.assignee === 'ops-support@demo.test')).toBe(true);
  expect(rows.filter((row) => row.replies > 0).length).toBeGreaterThanOrEqual(2);
  expect(rows.some((row) => row.notes > 0)).toBe(true);
});
