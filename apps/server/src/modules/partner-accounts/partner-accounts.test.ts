import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRequest, createTestOperator, type TestOperator, operatorClientFor } from '../../test/console-sign-in.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { latestMail } from '../../test/outbox.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let context: TestContext;
let support: TestOperator;
let finance: TestOperator;

beforeAll(async () => {
  context = await createTestApp();
  support = await createTestOperator(context, { role: 'support' });
  finance = await createTestOperator(context, { role: 'finance' });
});
afterAll(async () => {
  await context.close();
});

function operatorClient(operator: TestOperator = support): Promise<TestClient> {
  return operatorClientFor(context, operator);
}

async function partnerLogin(partner: CreatedPartner) {
  const client = new TestClient(context.app);
  await client.csrf();
  return client.post('/api/login', { email: partner.email, password: partner.password });
}

async function auditRows(userId: number) {
  const { rows } = await context.database.pool.query(
    "SELECT actor_type, actor_id, actor_role, action, before, after, reason FROM audit_events WHERE target_type = 'user' AND target_id = $1 AND action LIKE 'partner.%' ORDER BY id",
    [String(userId)],
  );
  return rows;
}

describe('the partners list and detail', () => {
  it('searches every agent’s partners, filters by status, and shows the last sign-in', async () => {
    const active = await createPartner(context.database.pool, { firstName: 'Zelda', lastName: 'Quarry' });
    const waiting = await createPartner(context.database.pool, { firstName: 'Zelda', lastName: 'Quill', status: 'pending' });
    expect((await partnerLogin(active)).statusCode).toBe(200);

    const client = await operatorClient(finance);
    const all = await consoleRequest(client, 'GET', '/api/console/partners?search=zelda');
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((row: { email: string }) => row.email)).toEqual([active.email, waiting.email]);
    expect(all.json().data[0].last_sign_in_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(all.json().data[1]).toMatchObject({ status: 'pending', last_sign_in_at: null });

    const pending = await consoleRequest(client, 'GET', '/api/console/partners?search=zelda&status=pending');
    expect(pending.json().data.map((row: { email: string }) => row.email)).toEqual([waiting.email]);
    expect((await consoleRequest(client, 'GET', '/api/console/partners?status=gone')).statusCode).toBe(422);
  });

  it('shows an account: status, agent, group, type, industry, sessions, and the sign-in history with failures', async () => {
    const partner = await createPartner(context.database.pool, { partnerType: 'Travel agency', industry: 'Hospitality' });
    const browser = new TestClient(context.app);
    await browser.csrf();
    await browser.post('/api/login', { email: partner.email, password: 'not-the-password' });
    await browser.post('/api/login', { email: partner.email, password: partner.password }, { 'user-agent': 'Firefox/140' });

    const detail = await consoleRequest(await operatorClient(finance), 'GET', `/api/console/partners/${partner.userId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id: partner.userId,
      email: partner.email,
      status: 'approved',
      partner_type: 'Travel agency',
      partner_industry: 'Hospitality',
      referral_agent: { id: partner.referralAgentId },
      referral_group: { slug: 'partners' },
      two_factor_enabled: false,
      active_sessions: 1,
    });
    expect(detail.json().sign_in_history.map((event: { action: string; method: string }) => [event.action, event.method])).toEqual([
      ['auth.sign_in', 'password'],
      ['auth.sign_in_failed', 'password'],
    ]);
    expect(detail.json().sign_in_history[0].user_agent).toBe('Firefox/140');
    expect((await consoleRequest(await operatorClient(finance), 'GET', '/api/console/partners/2147483647')).statusCode).toBe(404);
  });
});

describe('suspending and reactivating', () => {
  it('suspends with a reason: sessions end, sign-in says so, one audit row; reactivating lets the partner back in', async () => {
    const partner = await createPartner(context.database.pool);
    const tab = new TestClient(context.app);
    await signInAs(context, tab, partner.userId);
    expect((await tab.get('/api/user')).statusCode).toBe(200);

    const client = await operatorClient();
    const noReason = await consoleRequest(client, 'POST', `/api/console/partners/${partner.userId}/suspend`, {});
    expect(noReason.statusCode).toBe(422);
    const suspended = await consoleRequest(client, 'POST', `/api/console/partners/${partner.userId}/suspend`, { reason: 'Chargeback under review.' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toEqual({ id: partner.userId, status: 'suspended', ended_sessions: 1 });

    expect((await tab.get('/api/user')).statusCode).toBe(401);
    const refused = await partnerLogin(partner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Your account is suspended. Please contact us to restore it.', code: 'account_suspended' });
    expect((await consoleRequest(client, 'POST', `/api/console/partners/${partner.userId}/suspend`, { reason: 'Again.' })).statusCode).toBe(409);

    const reactivated = await consoleRequest(client, 'POST', `/api/console/partners/${partner.userId}/reactivate`);
    expect(reactivated.json()).toEqual({ id: partner.userId, status: 'approved', ended_sessions: 0 });
    expect((await partnerLogin(partner)).statusCode).toBe(200);
    expect((await consoleRequest(client, 'POST', `/api/console/partners/${partner.userId}/reactivate`)).statusCode).toBe(409);

    expect(await auditRows(partner.userId)).toEqual([
      {
        actor_type: 'operator',
        actor_id: String(support.id),
        actor_role: 'support',
        action: 'partner.suspended',
        before: { status: 'approved' },
        after: { status: 'suspended', ended_sessions: 1 },
        reason: 'Chargeback under review.',
      },
      expect.objectContaining({ action: 'partner.reactivated', before: { status: 'suspended' }, after: { status: 'approved', ended_sessions: 0 } }),
    ]);
  });

  it('refuses a role that may only read (finance), and records nothing', async () => {
    const partner = await createPartner(context.database.pool);
    const refused = await consoleRequest(await operatorClient(finance), 'POST', `/api/console/partners/${partner.userId}/suspend`, { reason: 'No.' });
    expect(refused.statusCode).toBe(403);
    expect(await auditRows(partner.userId)).toEqual([]);
  });
});

describe('ending sessions and resending the sign-in link', () => {
  it('ends every session of the account, whatever its status, and records how many', async () => {
    const partner = await createPartner(context.database.pool);
    const first = new TestClient(context.app);
    const second = new TestClient(context.app);
    await signInAs(context, first, partner.userId);
    await signInAs(context, second, partner.userId);

    const ended = await consoleRequest(await operatorClient(), 'POST', `/api/console/partners/${partner.userId}/end-sessions`);
    expect(ended.json()).toEqual({ id: partner.userId, status: 'approved', ended_sessions: 2 });
    expect((await first.get('/api/user')).statusCode).toBe(401);
    expect((await second.get('/api/user')).statusCode).toBe(401);
    expect((await partnerLogin(partner)).statusCode).toBe(200);
    expect((await auditRows(partner.userId)).map((row) => [row.action, row.after])).toEqual([['partner.sessions_ended', { status: 'approved', ended_sessions: 2 }]]);
  });

  it('e-mails a new one-time link to an approved account only, through the admin command’s service', async () => {
    const partner = await createPartner(context.database.pool);
    const client = await operatorClient();
    const sent = await consoleRequest(client, 'POST', `/api/console/partners/${partner.userId}/send-login-link`);
    expect(sent.statusCode).toBe(200);
    await context.app.mailer.flush();
    const mail = latestMail(context.config.mail.outboxDir, partner.email)!;
    expect(mail.links.some((link) => link.startsWith(`${context.config.appUrl}/authenticate?token=`))).toBe(true);
    expect((await auditRows(partner.userId)).map((row) => [row.action, row.actor_type, row.actor_id])).toEqual([['partner.login_link_sent', 'operator', String(support.id)]]);

    const waiting = await createPartner(context.database.pool, { status: 'pending' });
    const refused = await consoleRequest(client, 'POST', `/api/console/partners/${waiting.userId}/send-login-link`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Only an approved account can be sent a sign-in link.' });
  });
});
