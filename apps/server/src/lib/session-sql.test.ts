import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { createPartner } from '../test/factories.ts';
import { partnerAccess, partnerAccessSql } from './session-sql.ts';

// The auth guard decides in TypeScript (partnerAccess) and the bookings list's one-statement read decides in SQL
// (partnerAccessSql): one rule, so both must agree for every kind of account.
describe('the partner access rule', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => context?.close());

  const accounts = [
    { status: 'approved', passwordUpdatedCheck: true, expected: 'allowed' },
    { status: 'approved', passwordUpdatedCheck: false, expected: 'password_update_required' },
    { status: 'pending', passwordUpdatedCheck: true, expected: 'not_approved' },
    { status: 'rejected', passwordUpdatedCheck: true, expected: 'not_approved' },
    { status: 'pending', passwordUpdatedCheck: false, expected: 'not_approved' },
  ] as const;

  it.each(accounts)('$status with password up to date $passwordUpdatedCheck: $expected, in TypeScript and in SQL', async (account) => {
    expect(partnerAccess(account)).toBe(account.expected);
    const partner = await createPartner(context.database.pool, { status: account.status, passwordUpdatedCheck: account.passwordUpdatedCheck });
    const { rows } = await context.database.pool.query<{ allowed: boolean }>(
      `SELECT ${partnerAccessSql('u')} AS allowed FROM users u WHERE u.id = $1`,
      [partner.userId],
    );
    expect(rows[0]?.allowed).toBe(account.expected === 'allowed');
  });
});
