import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '@portal/contracts/notifications';
import { consoleRequest, createTestOperator, type TestOperator, operatorClientFor } from '../../test/console-sign-in.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { latestMail } from '../../test/outbox.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let context: TestContext;
let support: TestOperator;

beforeAll(async () => {
  context = await createTestApp();
  support = await createTestOperator(context, { role: 'support' });
});
afterAll(async () => {
  await context.close();
});

function operatorClient(operator: TestOperator = support): Promise<TestClient> {
  return operatorClientFor(context, operator);
}

async function partnerSignIn(partner: CreatedPartner) {
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

describe('the pending queue', () => {
  it('lists registrations waiting for approval, oldest first, searchable, in the paginator shape', async () => {
    const older = await createPartner(context.database.pool, { status: 'pending', firstName: 'Queue', lastName: 'Older' });
    const newer = await createPartner(context.database.pool, { status: 'pending', firstName: 'Queue', lastName: 'Newer', partnerType: 'Travel agency', industry: 'Hospitality' });
    await context.database.pool.query("UPDATE users SET created_at = now() - interval '2 days' WHERE id = $1", [older.userId]);
    const approved = await createPartner(context.database.pool, { firstName: 'Queue', lastName: 'Approved' });

    const client = await operatorClient();
    const page = await consoleRequest(client, 'GET', '/api/console/partner-applications?search=queue&per_page=10');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.data.map((row: { email: string }) => row.email)).toEqual([older.email, newer.email]);
    expect(body.data.map((row: { email: string }) => row.email)).not.toContain(approved.email);
    expect(body).toMatchObject({ total: 2, current_page: 1, per_page: 10, from: 1, to: 2 });
    expect(body.data[1]).toMatchObject({ id: newer.userId, first_name: 'Queue', last_name: 'Newer', partner_type: 'Travel agency', partner_industry: 'Hospitality' });
    expect(body.data[1].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const newestFirst = await consoleRequest(client, 'GET', '/api/console/partner-applications?search=queue&sort=-created_at');
    expect(newestFirst.json().data.map((row: { email: string }) => row.email)).toEqual([newer.email, older.email]);
    const byEmail = await consoleRequest(client, 'GET', `/api/console/partner-applications?search=${encodeURIComponent(newer.email)}`);
    expect(byEmail.json().total).toBe(1);
    expect((await consoleRequest(client, 'GET', '/api/console/partner-applications?sort=password')).statusCode).toBe(422);
  });
});

describe('approving', () => {
  it('approves, e-mails the sign-in link as the admin command does, leaves the notification, and writes one audit row naming the operator', async () => {
    const applicant = await createPartner(context.database.pool, { status: 'pending', firstName: 'Greta' });
    expect((await partnerSignIn(applicant)).statusCode).toBe(403);

    const client = await operatorClient();
    const approved = await consoleRequest(client, 'POST', `/api/console/partner-applications/${applicant.userId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ id: applicant.userId, email: applicant.email, status: 'approved' });

    await context.app.mailer.flush();
    const mail = latestMail(context.config.mail.outboxDir, applicant.email)!;
    expect(mail.subject).toBe('Your partner portal account is approved');
    expect(mail.links.some((link) => link.startsWith(`${context.config.appUrl}/authenticate?token=`))).toBe(true);

    expect((await partnerSignIn(applicant)).statusCode).toBe(200);
    const { rows: notifications } = await context.database.pool.query('SELECT type FROM notifications WHERE user_id = $1', [applicant.userId]);
    expect(notifications).toEqual([{ type: NOTIFICATION_TYPES.accountApproved }]);
    expect(await auditRows(applicant.userId)).toEqual([
      {
        actor_type: 'operator',
        actor_id: String(support.id),
        actor_role: 'support',
        action: 'partner.approved',
        before: { status: 'pending' },
        after: { status: 'approved', email: applicant.email },
        reason: null,
      },
    ]);

    // Gone from the queue; a second decision is refused and records nothing.
    const queue = await consoleRequest(client, 'GET', `/api/console/partner-applications?search=${encodeURIComponent(applicant.email)}`);
    expect(queue.json().total).toBe(0);
    const again = await consoleRequest(client, 'POST', `/api/console/partner-applications/${applicant.userId}/reject`, { reason: 'Too late.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This application was already decided.' });
    expect(await auditRows(applicant.userId)).toHaveLength(1);
  });

  it('answers 404 for an account that is not an application', async () => {
    const client = await operatorClient();
    expect((await consoleRequest(client, 'POST', '/api/console/partner-applications/2147483647/approve')).statusCode).toBe(404);
    expect((await consoleRequest(client, 'POST', '/api/console/partner-applications/abc/approve')).statusCode).toBe(422);
  });
});

describe('rejecting', () => {
  it('needs a reason, keeps it in the audit row, e-mails the applicant, and the account cannot sign in', async () => {
    const applicant = await createPartner(context.database.pool, { status: 'pending' });
    const client = await operatorClient();
    const noReason = await consoleRequest(client, 'POST', `/api/console/partner-applications/${applicant.userId}/reject`, { reason: '   ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual(['The reason field is required.']);
    expect(await auditRows(applicant.userId)).toEqual([]);

    const rejected = await consoleRequest(client, 'POST', `/api/console/partner-applications/${applicant.userId}/reject`, {
      reason: 'The organisation could not be verified.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().status).toBe('rejected');
    await context.app.mailer.flush();
    expect(latestMail(context.config.mail.outboxDir, applicant.email)?.subject).toBeDefined();

    const signIn = await partnerSignIn(applicant);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().code).toBe('registration_rejected');
    expect(await auditRows(applicant.userId)).toEqual([
      expect.objectContaining({ actor_type: 'operator', actor_id: String(support.id), action: 'partner.rejected', reason: 'The organisation could not be verified.' }),
    ]);
  });

  it('answers a reviewer in Arabic when the console asks in Arabic', async () => {
    const applicant = await createPartner(context.database.pool, { status: 'pending' });
    const client = await operatorClient(await createTestOperator(context, { role: 'admin' }));
    const headers = { 'accept-language': 'ar', 'x-xsrf-token': decodeURIComponent(client.jar.get('CONSOLE-XSRF-TOKEN')!) };
    const missing = await client.post(`/api/console/partner-applications/${applicant.userId}/reject`, {}, headers);
    expect(missing.json().errors.reason).toEqual(['حقل السبب مطلوب.']);
  });
});
