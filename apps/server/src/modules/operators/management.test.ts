import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCsrf, consoleRequest, createTestOperator, signInOperatorAs, type TestOperator } from '../../test/console-sign-in.ts';
import { TestClient } from '../../test/http-client.ts';
import { latestMail } from '../../test/outbox.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { currentTotpCode } from '../../lib/two-factor.ts';
import { createOperatorManagementService } from './management-service.ts';

let context: TestContext;
let admin: TestOperator;

beforeAll(async () => {
  context = await createTestApp();
  admin = await createTestOperator(context, { role: 'admin' });
});
afterAll(async () => {
  await context.close();
});

async function signedIn(operator: Pick<TestOperator, 'id'> = admin): Promise<TestClient> {
  const client = new TestClient(context.app);
  await signInOperatorAs(context, client, operator.id);
  return client;
}

async function auditRows(operatorId: number) {
  const { rows } = await context.database.pool.query(
    "SELECT actor_type, actor_id, actor_role, action, before, after, reason FROM audit_events WHERE target_type = 'operator' AND target_id = $1 ORDER BY id",
    [String(operatorId)],
  );
  return rows;
}

let sequence = 0;
function newEmail(): string {
  sequence += 1;
  return `invitee-${sequence}-${Date.now()}@ops.test`;
}

/** Invites through the API and answers the account and the token of the e-mailed link. */
async function invite(client: TestClient, body: { name: string; email: string; role: string }) {
  const response = await consoleRequest(client, 'POST', '/api/console/operators', body);
  expect(response.statusCode).toBe(201);
  await context.app.mailer.flush();
  const mail = latestMail(context.config.mail.outboxDir, body.email)!;
  const link = mail.links.find((candidate) => candidate.startsWith(`${context.config.appUrl}/console/invitation?token=`))!;
  expect(link).toBeDefined();
  return { account: response.json(), token: new URL(link).searchParams.get('token')!, mail };
}

async function accept(token: string, password = 'Chosen-Pass-2026') {
  const client = new TestClient(context.app);
  await consoleCsrf(client);
  return consoleRequest(client, 'POST', '/api/console/invitation/accept', { token, password, password_confirmation: password });
}

describe('inviting an operator', () => {
  it('creates the account with the CLI’s service, e-mails a one-time link, and records one audit row', async () => {
    const client = await signedIn();
    const email = newEmail();
    const { account, token, mail } = await invite(client, { name: 'Rania Haddad', email, role: 'finance' });
    expect(account).toMatchObject({ name: 'Rania Haddad', email, role: 'finance', status: 'invited', two_factor_enrolled: false, last_sign_in_at: null });
    expect(account.invitation_expires_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(mail.text).toContain('Rania Haddad');
    expect(mail.text).toContain('as Finance');

    const rows = await auditRows(account.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_type: 'operator', actor_id: String(admin.id), actor_role: 'admin', action: 'operator.created' });
    expect(rows[0].after).toMatchObject({ email, role: 'finance', invited: true, two_factor: false });
    expect(JSON.stringify(rows[0])).not.toContain(token);

    // The list shows them, invited; they cannot sign in before choosing a password.
    const listed = await consoleRequest(client, 'GET', `/api/console/operators?search=${encodeURIComponent(email)}`);
    expect(listed.json().data).toEqual([account]);
    const invited = await consoleRequest(client, 'GET', `/api/console/operators?status=invited&role=finance`);
    expect(invited.json().data.map((row: { id: number }) => row.id)).toContain(account.id);

    // The link greets them; accepting sets the password, spends the link, and they sign in (enrolling two-factor).
    const guest = new TestClient(context.app);
    await consoleCsrf(guest);
    const lookup = await consoleRequest(guest, 'POST', '/api/console/invitation', { token });
    expect(lookup.json()).toEqual({ name: 'Rania Haddad', email, role: 'finance' });
    const weak = await accept(token, 'short');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toBeDefined();
    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ email });
    expect((await accept(token)).statusCode).toBe(422);
    expect((await consoleRequest(guest, 'POST', '/api/console/invitation', { token })).json().errors.token).toEqual(['This invitation link is invalid or has expired.']);

    const login = await consoleRequest(guest, 'POST', '/api/console/login', { email, password: 'Chosen-Pass-2026' });
    expect(login.json()).toEqual({ next: 'enrol' });
    const enrolment = await consoleRequest(guest, 'POST', '/api/console/two-factor/enrolment');
    const confirmed = await consoleRequest(guest, 'POST', '/api/console/two-factor/confirm', { code: currentTotpCode(enrolment.json().secret) });
    expect(confirmed.json().operator).toMatchObject({ email, role: 'finance' });

    const after = await consoleRequest(client, 'GET', `/api/console/operators?search=${encodeURIComponent(email)}`);
    expect(after.json().data[0]).toMatchObject({ status: 'active', two_factor_enrolled: true, invitation_expires_at: null });
    expect((await auditRows(account.id)).map((row) => row.action)).toEqual([
      'operator.created',
      'operator.invitation_accepted',
      'console.two_factor_enrolled',
      'console.sign_in',
    ]);
  });

  it('refuses a taken e-mail address (any case) and invalid fields with 422, creating nothing', async () => {
    const client = await signedIn();
    const taken = await consoleRequest(client, 'POST', '/api/console/operators', { name: 'Copy', email: admin.email.toUpperCase(), role: 'support' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['An operator with this e-mail address exists already.'] });

    const invalid = await consoleRequest(client, 'POST', '/api/console/operators', { name: ' ', email: 'not-an-address', role: 'owner' });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors).sort()).toEqual(['email', 'name', 'role']);
    const { rows } = await context.database.pool.query("SELECT count(*)::int AS count FROM audit_events WHERE action = 'operator.created' AND after->>'name' = 'Copy'");
    expect(rows[0].count).toBe(0);
  });

  it('resends an invitation with a new link (the old one stops working), only while it waits', async () => {
    const client = await signedIn();
    const email = newEmail();
    const { account, token } = await invite(client, { name: 'Omar Saleh', email, role: 'support' });
    const resent = await consoleRequest(client, 'POST', `/api/console/operators/${account.id}/resend-invitation`);
    expect(resent.statusCode).toBe(200);
    await context.app.mailer.flush();
    const newToken = new URL(latestMail(context.config.mail.outboxDir, email)!.links.find((link) => link.includes('/console/invitation?token='))!).searchParams.get('token')!;
    expect(newToken).not.toBe(token);
    expect((await accept(token)).statusCode).toBe(422);
    expect((await accept(newToken)).statusCode).toBe(200);

    const again = await consoleRequest(client, 'POST', `/api/console/operators/${account.id}/resend-invitation`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only an operator who has not accepted their invitation yet can be sent it again.');
    expect((await auditRows(account.id)).map((row) => row.action)).toEqual(['operator.created', 'operator.invitation_resent', 'operator.invitation_accepted']);
  });
});

describe('changing an operator', () => {
  it('changes a role, which their open session follows at once, with its audit row', async () => {
    const support = await createTestOperator(context, { role: 'support' });
    const theirs = await signedIn(support);
    expect((await consoleRequest(theirs, 'GET', '/api/console/partners')).statusCode).toBe(200);

    const client = await signedIn();
    const changed = await consoleRequest(client, 'POST', `/api/console/operators/${support.id}/role`, { role: 'content' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ operator: { id: support.id, role: 'content', status: 'active' }, ended_sessions: 0 });
    expect((await consoleRequest(theirs, 'GET', '/api/console/me')).json().operator.role).toBe('content');

    const same = await consoleRequest(client, 'POST', `/api/console/operators/${support.id}/role`, { role: 'content' });
    expect(same.statusCode).toBe(409);
    expect((await consoleRequest(client, 'POST', `/api/console/operators/${support.id}/role`, { role: 'owner' })).statusCode).toBe(422);
    expect((await consoleRequest(client, 'POST', '/api/console/operators/999999/role', { role: 'admin' })).statusCode).toBe(404);
    expect((await auditRows(support.id)).filter((row) => row.action === 'operator.role_changed')).toEqual([
      expect.objectContaining({ actor_id: String(admin.id), before: { role: 'support' }, after: { role: 'content' } }),
    ]);
  });

  it('disables with a reason: their sessions end (the next request is a 401) and they cannot sign in; re-enabling lets them back', async () => {
    const finance = await createTestOperator(context, { role: 'finance' });
    const theirs = await signedIn(finance);
    const client = await signedIn();

    const noReason = await consoleRequest(client, 'POST', `/api/console/operators/${finance.id}/disable`, { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toBeDefined();

    const disabled = await consoleRequest(client, 'POST', `/api/console/operators/${finance.id}/disable`, { reason: 'Left the company on 20 November.' });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ operator: { status: 'disabled' }, ended_sessions: 1 });
    expect((await consoleRequest(theirs, 'GET', '/api/console/me')).statusCode).toBe(401);
    const { rows: sessions } = await context.database.pool.query('SELECT 1 FROM operator_sessions WHERE operator_id = $1', [finance.id]);
    expect(sessions).toHaveLength(0);

    const guest = new TestClient(context.app);
    await consoleCsrf(guest);
    const login = await consoleRequest(guest, 'POST', '/api/console/login', { email: finance.email, password: finance.password });
    expect(login.statusCode).toBe(403);

    expect((await consoleRequest(client, 'POST', `/api/console/operators/${finance.id}/disable`, { reason: 'Again' })).statusCode).toBe(409);
    const enabled = await consoleRequest(client, 'POST', `/api/console/operators/${finance.id}/enable`);
    expect(enabled.json()).toMatchObject({ operator: { status: 'active' }, ended_sessions: 0 });
    expect((await consoleRequest(client, 'POST', `/api/console/operators/${finance.id}/enable`)).statusCode).toBe(409);
    expect((await consoleRequest(guest, 'POST', '/api/console/login', { email: finance.email, password: finance.password })).json()).toEqual({ next: 'two_factor' });

    const rows = (await auditRows(finance.id)).filter((row) => row.action.startsWith('operator.') && row.action !== 'operator.created');
    expect(rows).toEqual([
      expect.objectContaining({ action: 'operator.disabled', reason: 'Left the company on 20 November.', before: { status: 'active' }, after: { status: 'disabled', sessions_ended: 1 } }),
      expect.objectContaining({ action: 'operator.enabled', reason: null, before: { status: 'disabled' }, after: { status: 'active' } }),
    ]);
  });

  it('resets two-factor with a reason: sessions end and the next sign-in enrols again', async () => {
    const content = await createTestOperator(context, { role: 'content' });
    const theirs = await signedIn(content);
    const client = await signedIn();
    const reset = await consoleRequest(client, 'POST', `/api/console/operators/${content.id}/reset-two-factor`, { reason: 'Lost their phone.' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ operator: { two_factor_enrolled: false }, ended_sessions: 1 });
    expect((await consoleRequest(theirs, 'GET', '/api/console/me')).statusCode).toBe(401);
    const { rows: codes } = await context.database.pool.query('SELECT 1 FROM operator_recovery_codes WHERE operator_id = $1', [content.id]);
    expect(codes).toHaveLength(0);

    const guest = new TestClient(context.app);
    await consoleCsrf(guest);
    expect((await consoleRequest(guest, 'POST', '/api/console/login', { email: content.email, password: content.password })).json()).toEqual({ next: 'enrol' });

    const again = await consoleRequest(client, 'POST', `/api/console/operators/${content.id}/reset-two-factor`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    const row = (await auditRows(content.id)).find((entry) => entry.action === 'operator.two_factor_reset');
    expect(row).toMatchObject({ reason: 'Lost their phone.', before: { two_factor: true }, after: { two_factor: false, sessions_ended: 1 } });
  });
});

describe('the guards', () => {
  it('refuses an admin their own disabling, demotion and two-factor reset (409 with the reason), recording nothing', async () => {
    const client = await signedIn();
    const before = (await auditRows(admin.id)).length;
    const disable = await consoleRequest(client, 'POST', `/api/console/operators/${admin.id}/disable`, { reason: 'Leaving' });
    expect(disable.statusCode).toBe(409);
    expect(disable.json().message).toBe('You cannot disable your own account: another admin can.');
    const demote = await consoleRequest(client, 'POST', `/api/console/operators/${admin.id}/role`, { role: 'support' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe('You cannot change your own role: another admin can.');
    expect((await consoleRequest(client, 'POST', `/api/console/operators/${admin.id}/reset-two-factor`, { reason: 'New phone' })).statusCode).toBe(409);
    expect(await auditRows(admin.id)).toHaveLength(before);
    expect((await consoleRequest(client, 'GET', '/api/console/me')).json().operator.role).toBe('admin');
  });

  it('refuses disabling or demoting the last active admin (two admins acting on each other at once: the second is refused)', async () => {
    const first = await createTestOperator(context, { role: 'admin' });
    const second = await createTestOperator(context, { role: 'admin' });
    // Only these two can sign in as admins now.
    await context.database.pool.query("UPDATE operators SET status = 'disabled' WHERE role = 'admin' AND id NOT IN ($1, $2)", [first.id, second.id]);
    try {
      const client = await signedIn(first);
      expect((await consoleRequest(client, 'POST', `/api/console/operators/${second.id}/disable`, { reason: 'Handover done' })).statusCode).toBe(200);

      // The second's request passed the guard before the first's change committed: the service still refuses it.
      const management = createOperatorManagementService({ pool: context.database.pool, config: context.config, mailer: context.app.mailer });
      const acting = { id: second.id, name: 'Second', role: 'admin' as const, actor: { type: 'operator' as const, id: second.id, role: 'admin' } };
      await expect(management.disable(acting, first.id, 'Handover')).rejects.toMatchObject({
        statusCode: 409,
        message: 'This is the last active admin: make another operator an admin before disabling this one.',
      });
      await expect(management.changeRole(acting, first.id, 'finance')).rejects.toMatchObject({
        statusCode: 409,
        message: 'This is the last active admin: make another operator an admin before changing this role.',
      });
      // An invited admin does not count: they cannot sign in yet.
      await invite(client, { name: 'Future Admin', email: newEmail(), role: 'admin' });
      await expect(management.disable(acting, first.id, 'Handover')).rejects.toMatchObject({ statusCode: 409 });
      expect((await auditRows(first.id)).map((row) => row.action)).toEqual(['operator.created']);
    } finally {
      await context.database.pool.query("UPDATE operators SET status = 'active' WHERE role = 'admin'");
    }
  });

  it('answers 403 to every role but admin, and 401 without an operator', async () => {
    for (const role of ['finance', 'content', 'support'] as const) {
      const operator = await createTestOperator(context, { role });
      const client = await signedIn(operator);
      expect((await consoleRequest(client, 'GET', '/api/console/operators')).statusCode).toBe(403);
      expect((await consoleRequest(client, 'POST', '/api/console/operators', { name: 'X', email: newEmail(), role: 'admin' })).statusCode).toBe(403);
      expect((await consoleRequest(client, 'POST', `/api/console/operators/${operator.id}/role`, { role: 'admin' })).statusCode).toBe(403);
    }
    const guest = new TestClient(context.app);
    await consoleCsrf(guest);
    expect((await consoleRequest(guest, 'GET', '/api/console/operators')).statusCode).toBe(401);
  });
});
