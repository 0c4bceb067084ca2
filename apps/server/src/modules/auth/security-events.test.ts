import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNotifyCommand } from '../../cli/notify-commands.ts';
import { listAuditEvents, listSecurityEvents } from '../../lib/audit/audit-events.ts';
import { createPartner } from '../../test/factories.ts';
import type { TestContext } from '../../test/test-app.ts';
import { createApprovalService, OperatorError } from './approval.ts';
import { authDependencies, createAuthTestApp, newClient, signIn } from './auth-test-support.ts';

/**
 * The audit rows of the auth area (docs/services.md, Audit log): partners' security events for the profile, and one
 * row per change the operator commands make, written in the change's own transaction.
 */
describe('audit rows of sign-in, passwords, two-factor and the operator commands', () => {
  let context: TestContext;
  const browser = { 'user-agent': 'Mozilla/5.0 (security-events test)' };

  beforeAll(async () => {
    context = await createAuthTestApp();
  });
  afterAll(async () => {
    await context?.close();
  });

  const eventsOf = async (userId: number) =>
    (await listSecurityEvents(context.database.pool, userId, { page: 1, perPage: 50 })).rows.map((row) => ({
      action: row.action,
      actor: `${row.actor_type}:${row.actor_id}`,
      after: row.after,
    }));

  it('records sign-ins, failed ones, the end of a session and a password change, with where they came from', async () => {
    const partner = await createPartner(context.database.pool);
    const client = await newClient(context);
    expect((await client.post('/api/login', { email: partner.email, password: 'wrong-password-1' }, browser)).statusCode).toBe(422);
    // An address without an account leaves no row: there is no one to show it to.
    expect((await client.post('/api/login', { email: 'nobody-here@example.test', password: 'whatever-1' }, browser)).statusCode).toBe(422);
    expect((await signIn(client, partner.email, partner.password)).statusCode).toBe(200);
    const changed = await client.post('/api/users/update-password', {
      current_password: partner.password,
      password: 'A-new-password-2026',
      password_confirmation: 'A-new-password-2026',
    });
    expect(changed.statusCode).toBe(200);
    expect((await client.post('/api/logout')).statusCode).toBe(204);

    const actor = `partner:${partner.userId}`;
    expect((await eventsOf(partner.userId)).reverse()).toEqual([
      { action: 'auth.sign_in_failed', actor, after: { method: 'password' } },
      { action: 'auth.sign_in', actor, after: { method: 'password', remember: false } },
      { action: 'auth.password_changed', actor, after: { sessions_ended: 'others' } },
      { action: 'auth.session_ended', actor, after: { reason: 'signed_out' } },
    ]);
    const [failed] = (await listAuditEvents(context.database.pool, { action: 'auth.sign_in_failed', targetId: String(partner.userId), page: 1, perPage: 1 })).rows;
    expect(failed).toMatchObject({ ip: '127.0.0.1', user_agent: 'Mozilla/5.0 (security-events test)' });
    expect(JSON.stringify(await eventsOf(partner.userId))).not.toContain('A-new-password-2026');
  });

  it('records each operator command once, as the CLI, and nothing for a command that was refused', async () => {
    const partner = await createPartner(context.database.pool, { status: 'pending' });
    const approval = createApprovalService({ ...authDependencies(context), actor: { type: 'cli', id: 'ops-amira' } });
    await approval.approveRegistration(partner.email);
    await expect(approval.approveRegistration(partner.email)).rejects.toThrow(OperatorError);
    await approval.enableTwoFactorFor(partner.email);
    await approval.disableTwoFactorFor(partner.email);
    await approval.rejectRegistration(partner.email, { notify: false, reason: 'Duplicate organisation' });

    const rows = (await listAuditEvents(context.database.pool, { targetType: 'user', targetId: String(partner.userId), page: 1, perPage: 50 })).rows.reverse();
    expect(rows.map((row) => [row.action, row.actor_type, row.actor_id])).toEqual([
      ['partner.approved', 'cli', 'ops-amira'],
      ['auth.two_factor_enabled', 'cli', 'ops-amira'],
      ['auth.two_factor_disabled', 'cli', 'ops-amira'],
      ['partner.rejected', 'cli', 'ops-amira'],
    ]);
    expect(rows[0]).toMatchObject({ before: { status: 'pending' }, after: { status: 'approved', email: partner.email } });
    expect(rows[3]).toMatchObject({ before: { status: 'approved' }, after: { status: 'rejected', notified: false }, reason: 'Duplicate organisation' });
    // Two-factor changes are the partner's security events too, whoever made them.
    expect((await eventsOf(partner.userId)).map((event) => event.action)).toEqual(['auth.two_factor_disabled', 'auth.two_factor_enabled']);
  });

  it('writes a notification command and its audit row together, and neither when the command is refused', async () => {
    const partner = await createPartner(context.database.pool);
    const quiet = { config: context.config, database: context.database, out: () => {}, err: () => {} };
    expect(await runNotifyCommand(['notify', partner.email, '--title', 'Audited'], quiet)).toBe(0);
    // A title over the contract's limit: the command is refused after looking the partner up.
    expect(await runNotifyCommand(['notify', partner.email, '--title', 'x'.repeat(5000)], quiet)).toBe(1);

    const rows = (await listAuditEvents(context.database.pool, { action: 'notification.sent', targetId: String(partner.userId), page: 1, perPage: 10 })).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_type: 'cli', after: { title: 'Audited' } });
    const stored = await context.database.pool.query('SELECT title FROM notifications WHERE user_id = $1', [partner.userId]);
    expect(stored.rows).toEqual([{ title: 'Audited' }]);
  });
});
