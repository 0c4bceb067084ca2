import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeNotifyCommand } from '../../cli/notify-commands.ts';
import { consoleHeaders, consoleRequest, createTestOperator, type TestOperator, operatorClientFor } from '../../test/console-sign-in.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import type { TestClient } from '../../test/http-client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { BROADCAST_JOB } from './broadcasts.ts';

/** The console's Notifications page (issue 14): sending to each audience, the history, the fan-out job, refusals. */

let context: TestContext;
let content: TestOperator;
let finance: TestOperator;

beforeAll(async () => {
  context = await createTestApp();
  content = await createTestOperator(context, { role: 'content' });
  finance = await createTestOperator(context, { role: 'finance' });
});
afterAll(async () => {
  await context.close();
});

function operatorClient(operator: TestOperator = content): Promise<TestClient> {
  return operatorClientFor(context, operator);
}

async function send(body: Record<string, unknown>, operator?: TestOperator) {
  return consoleRequest(await operatorClient(operator), 'POST', '/api/console/notifications', body);
}

async function notificationsOf(partner: CreatedPartner) {
  const { rows } = await context.database.pool.query<{ title: string; body: string; link: string | null; data: Record<string, unknown> }>(
    'SELECT title, body, link, data FROM notifications WHERE user_id = $1 ORDER BY created_at, id',
    [partner.userId],
  );
  return rows;
}

async function count(sql: string, values: unknown[] = []): Promise<number> {
  const { rows } = await context.database.pool.query<{ total: number }>(sql, values);
  return Number(rows[0]?.total ?? 0);
}

const broadcastsCount = () => count('SELECT count(*)::int AS total FROM notification_broadcasts');
const auditCount = () => count("SELECT count(*)::int AS total FROM audit_events WHERE action LIKE 'notification.%'");

async function auditOf(broadcastId: number) {
  const { rows } = await context.database.pool.query(
    "SELECT actor_type, actor_id, actor_role, action, target_type, target_id, after FROM audit_events WHERE action LIKE 'notification.%' AND (after->>'broadcast_id')::int = $1",
    [broadcastId],
  );
  return rows;
}

/** An agent with two approved partners (one reading Arabic), one waiting for approval, and one suspended. */
async function agentWithPartners() {
  const first = await createPartner(context.database.pool, { firstName: 'Amelia', lastName: 'Hart' });
  const arabic = await createPartner(context.database.pool, { firstName: 'Omar', lastName: 'Haddad', referralAgentId: first.referralAgentId, locale: 'ar' });
  const pending = await createPartner(context.database.pool, { referralAgentId: first.referralAgentId, status: 'pending' });
  const suspended = await createPartner(context.database.pool, { referralAgentId: first.referralAgentId });
  await context.database.pool.query("UPDATE users SET status = 'suspended' WHERE id = $1", [suspended.userId]);
  return { agentId: first.referralAgentId, first, arabic, pending, suspended };
}

describe('sending to one partner', () => {
  it('stores it at once, records the send and one audit row, and the history shows it', async () => {
    const partner = await createPartner(context.database.pool, { firstName: 'Noah', lastName: 'Fischer' });
    const response = await send({ audience: 'partner', partner_id: partner.userId, title: 'Passport copy needed', body: 'Please call the partner desk.', link: '/bookings?search=100234' });
    expect(response.statusCode, response.body).toBe(201);
    const sent = response.json();
    expect(sent).toMatchObject({
      audience: 'partner',
      audience_label: 'Noah Fischer',
      title: 'Passport copy needed',
      title_ar: null,
      link: '/bookings?search=100234',
      sender_type: 'operator',
      sender_name: 'Test content',
      recipient_count: 1,
      sent_count: 1,
      state: 'sent',
      error: null,
    });
    expect(sent.finished_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await notificationsOf(partner)).toEqual([
      { title: 'Passport copy needed', body: 'Please call the partner desk.', link: '/bookings?search=100234', data: { broadcast_id: sent.id } },
    ]);
    expect(await auditOf(sent.id)).toEqual([
      {
        actor_type: 'operator',
        actor_id: String(content.id),
        actor_role: 'content',
        action: 'notification.sent',
        target_type: 'user',
        target_id: String(partner.userId),
        after: { broadcast_id: sent.id, title: 'Passport copy needed', arabic: false, link: '/bookings?search=100234', recipients: 1, queued: false },
      },
    ]);

    const history = await consoleRequest(await operatorClient(), 'GET', '/api/console/notifications?search=passport');
    expect(history.statusCode).toBe(200);
    expect(history.json().data).toEqual([sent]);
  });

  it('refuses a partner who is not approved, or who does not exist, and records nothing', async () => {
    const pending = await createPartner(context.database.pool, { status: 'pending' });
    const [before, audits] = [await broadcastsCount(), await auditCount()];
    const refused = await send({ audience: 'partner', partner_id: pending.userId, title: 'Hello' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.partner_id).toEqual(['This partner’s account is not approved, so they cannot sign in to read it.']);
    const missing = await send({ audience: 'partner', partner_id: 2_147_483_000, title: 'Hello' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.partner_id).toEqual(['The selected partner is invalid.']);
    expect(await notificationsOf(pending)).toEqual([]);
    expect([await broadcastsCount(), await auditCount()]).toEqual([before, audits]);
  });
});

describe('sending to an agent’s partners', () => {
  it('reaches the agent’s approved partners only, each in their language, and never another agent’s partner', async () => {
    const agent = await agentWithPartners();
    const other = await createPartner(context.database.pool);

    const size = await consoleRequest(await operatorClient(), 'GET', `/api/console/notifications/audience?audience=agent&agent_id=${agent.agentId}`);
    expect(size.json()).toEqual({ recipients: 2, queued: false, label: expect.any(String) });

    const response = await send({
      audience: 'agent',
      agent_id: agent.agentId,
      title: 'New facility: Mediclinic City Hospital',
      body: 'Cardiology and orthopaedics.',
      title_ar: 'منشأة جديدة: مستشفى ميديكلينيك سيتي',
      body_ar: 'أمراض القلب وجراحة العظام.',
      link: '/bookings',
    });
    expect(response.statusCode, response.body).toBe(201);
    const sent = response.json();
    expect(sent).toMatchObject({ audience: 'agent', recipient_count: 2, sent_count: 2, state: 'sent', title_ar: 'منشأة جديدة: مستشفى ميديكلينيك سيتي' });

    expect((await notificationsOf(agent.first)).map((row) => [row.title, row.body])).toEqual([['New facility: Mediclinic City Hospital', 'Cardiology and orthopaedics.']]);
    expect((await notificationsOf(agent.arabic)).map((row) => [row.title, row.body])).toEqual([['منشأة جديدة: مستشفى ميديكلينيك سيتي', 'أمراض القلب وجراحة العظام.']]);
    expect(await notificationsOf(agent.pending)).toEqual([]);
    expect(await notificationsOf(agent.suspended)).toEqual([]);
    expect(await notificationsOf(other)).toEqual([]);

    const audit = await auditOf(sent.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'notification.sent_to_agent', target_type: 'referral_agent', target_id: String(agent.agentId), after: { recipients: 2, arabic: true } });
  });

  it('refuses an unknown agent, and an agent with no approved partner', async () => {
    const lonely = await createPartner(context.database.pool, { status: 'pending' });
    const [before, audits] = [await broadcastsCount(), await auditCount()];
    const none = await send({ audience: 'agent', agent_id: lonely.referralAgentId, title: 'Hello' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.agent_id).toEqual(['This referral agent has no approved partners yet.']);
    const unknown = await send({ audience: 'agent', agent_id: 2_147_483_000, title: 'Hello' });
    expect(unknown.json().errors.agent_id).toEqual(['The selected referral agent is invalid.']);
    expect([await broadcastsCount(), await auditCount()]).toEqual([before, audits]);
  });
});

describe('sending to all partners', () => {
  it('queues the send, and the job stores one for every approved partner, once, however often it runs', async () => {
    const agent = await agentWithPartners();
    const approved = await count("SELECT count(*)::int AS total FROM users u JOIN partner_profiles p ON p.user_id = u.id WHERE u.status = 'approved'");
    const size = await consoleRequest(await operatorClient(), 'GET', '/api/console/notifications/audience?audience=all');
    expect(size.json()).toEqual({ recipients: approved, queued: true, label: null });

    const response = await send({ audience: 'all', title: 'Portal maintenance on Saturday night', title_ar: 'صيانة البوابة ليلة السبت' });
    expect(response.statusCode, response.body).toBe(201);
    const queued = response.json();
    expect(queued).toMatchObject({ audience: 'all', audience_label: null, recipient_count: approved, sent_count: 0, state: 'queued', body_ar: '' });
    // Nothing is stored until the job runs; the send, its audit row and its job committed together.
    expect(await notificationsOf(agent.first)).toEqual([]);
    expect(await auditOf(queued.id)).toMatchObject([{ action: 'notification.sent_to_all', target_type: 'notification_broadcast', target_id: String(queued.id), after: { queued: true } }]);

    await context.app.jobs.drain({ names: [BROADCAST_JOB] });
    const history = (await consoleRequest(await operatorClient(), 'GET', '/api/console/notifications?audience=all')).json().data;
    expect(history.find((row: { id: number }) => row.id === queued.id)).toMatchObject({ state: 'sent', sent_count: approved, recipient_count: approved });
    expect((await notificationsOf(agent.first)).map((row) => row.title)).toEqual(['Portal maintenance on Saturday night']);
    expect((await notificationsOf(agent.arabic)).map((row) => row.title)).toEqual(['صيانة البوابة ليلة السبت']);
    expect(await notificationsOf(agent.pending)).toEqual([]);
    const stored = () => count("SELECT count(*)::int AS total FROM notifications WHERE (data->>'broadcast_id')::int = $1", [queued.id]);
    expect(await stored()).toBe(approved);

    // The job again, under the same key: nothing is added; run anyway: nobody gets it twice.
    expect(await context.app.jobs.send(BROADCAST_JOB, { broadcastId: queued.id }, { key: `broadcast:${queued.id}` })).toBeNull();
    await context.app.jobs.send(BROADCAST_JOB, { broadcastId: queued.id }, { key: `broadcast:${queued.id}:again` });
    await context.app.jobs.drain({ names: [BROADCAST_JOB] });
    expect(await stored()).toBe(approved);
  });

  it('resumes after the last stored batch when a run stopped half-way', async () => {
    const agent = await agentWithPartners();
    const response = await send({ audience: 'all', title: 'Resumed' });
    const id = response.json().id as number;
    // As if a first run stored the first partner's batch and then crashed: its notification and the cursor committed together.
    await context.database.pool.query(
      "INSERT INTO notifications (user_id, type, title, data) VALUES ($1, 'message', 'Resumed', jsonb_build_object('broadcast_id', $2::int))",
      [agent.first.userId, id],
    );
    await context.database.pool.query("UPDATE notification_broadcasts SET cursor_user_id = $2, sent_count = 1, state = 'sending' WHERE id = $1", [id, agent.first.userId]);

    await context.app.jobs.drain({ names: [BROADCAST_JOB] });
    expect((await notificationsOf(agent.first)).filter((row) => row.title === 'Resumed')).toHaveLength(1);
    expect((await notificationsOf(agent.arabic)).filter((row) => row.title === 'Resumed')).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('answers 422 with the field for a missing title, a missing partner, half an Arabic version and a bad link; records nothing', async () => {
    const partner = await createPartner(context.database.pool);
    const [before, audits] = [await broadcastsCount(), await auditCount()];
    const errorsOf = async (body: Record<string, unknown>) => {
      const response = await send(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      return response.json().errors as Record<string, string[]>;
    };
    expect((await errorsOf({ audience: 'partner', partner_id: partner.userId, title: '  ' })).title).toEqual(['The title field is required.']);
    expect((await errorsOf({ audience: 'partner', title: 'Hello' })).partner_id).toEqual(['Choose a partner.']);
    expect((await errorsOf({ audience: 'agent', title: 'Hello' })).agent_id).toEqual(['Choose a referral agent.']);
    expect((await errorsOf({ audience: 'everyone', title: 'Hello' })).audience).toEqual(['Choose who receives the notification.']);
    expect((await errorsOf({ audience: 'all', title: 'Hello', body: 'Text', title_ar: 'مرحبا' })).body_ar).toEqual([
      'Give the Arabic message too, or leave the Arabic version empty.',
    ]);
    expect((await errorsOf({ audience: 'all', title: 'Hello', body_ar: 'نص' })).title_ar).toEqual(['Give the Arabic title too, or leave the Arabic version empty.']);
    const path = 'The link must be a page of the portal, starting with a single "/" (for example /bookings).';
    for (const link of ['javascript:alert(1)', 'https://evil.example/login', '//evil.example', '/\\evil.example', 'bookings', '/a b']) {
      expect((await errorsOf({ audience: 'partner', partner_id: partner.userId, title: 'Hello', link })).link, link).toEqual([path]);
    }
    for (const link of ['/console/partners', '/api/user']) {
      expect((await errorsOf({ audience: 'partner', partner_id: partner.userId, title: 'Hello', link })).link).toEqual([
        'The link must be a page of the partner portal, not of the console or the API.',
      ]);
    }
    expect(await notificationsOf(partner)).toEqual([]);
    expect([await broadcastsCount(), await auditCount()]).toEqual([before, audits]);
  });

  it('answers in Arabic to an Arabic request', async () => {
    const client = await operatorClient();
    const response = await client.request('POST', '/api/console/notifications', { audience: 'partner', title: 'Hello' }, {
      ...consoleHeaders(client),
      'accept-language': 'ar',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.partner_id).toEqual(['اختر شريكًا.']);
  });

  it('is not for finance: 403 on every endpoint', async () => {
    const client = await operatorClient(finance);
    for (const [method, url] of [
      ['GET', '/api/console/notifications'],
      ['POST', '/api/console/notifications'],
      ['GET', '/api/console/notifications/audience?audience=all'],
      ['GET', '/api/console/notifications/partners'],
      ['GET', '/api/console/notifications/agents'],
    ] as const) {
      expect((await consoleRequest(client, method, url, method === 'POST' ? { audience: 'all', title: 'Hello' } : undefined)).statusCode, url).toBe(403);
    }
  });
});

describe('choosing the audience', () => {
  it('finds approved partners by name, e-mail or organisation, and agents with their partners counted', async () => {
    const agent = await agentWithPartners();
    await context.database.pool.query('UPDATE referral_agents SET name = $2 WHERE id = $1', [agent.agentId, 'Zephyr Wellness Referrals']);
    const client = await operatorClient();
    const partners = (await consoleRequest(client, 'GET', `/api/console/notifications/partners?search=${encodeURIComponent(agent.arabic.email)}`)).json();
    expect(partners.data).toEqual([{ id: agent.arabic.userId, name: 'Omar Haddad', email: agent.arabic.email, organisation: null, referral_agent: 'Zephyr Wellness Referrals' }]);
    const pending = (await consoleRequest(client, 'GET', `/api/console/notifications/partners?search=${encodeURIComponent(agent.pending.email)}`)).json();
    expect(pending.data).toEqual([]);
    const agents = (await consoleRequest(client, 'GET', '/api/console/notifications/agents?search=zephyr')).json();
    expect(agents.data).toEqual([{ id: agent.agentId, name: 'Zephyr Wellness Referrals', partners: 2 }]);
    // Before anything is typed: the first ones A–Z.
    expect((await consoleRequest(client, 'GET', '/api/console/notifications/partners')).json().data.length).toBeGreaterThan(0);
    expect((await consoleRequest(client, 'GET', '/api/console/notifications/agents')).json().data.length).toBeGreaterThan(0);
  });
});

describe('the admin command', () => {
  it('records notify and notify-agent in the same history, as the command line', async () => {
    const partner = await createPartner(context.database.pool, { email: 'cli.history@example.test', firstName: 'Leila', lastName: 'Rahman' });
    const output: string[] = [];
    const run = (...argv: string[]) =>
      executeNotifyCommand(argv, { pool: context.database.pool, notifications: context.app.notifications, out: (line) => output.push(line), actor: { type: 'cli', id: 'deploy' } });
    expect(await run('notify', partner.email, '--title', 'From the command line')).toBe(0);
    expect(await run('notify-agent', String(partner.referralAgentId), '--title', 'To the agent')).toBe(0);
    const history = (await consoleRequest(await operatorClient(), 'GET', '/api/console/notifications?per_page=25')).json().data as { title: string }[];
    expect(history.filter((row) => ['From the command line', 'To the agent'].includes(row.title))).toEqual([
      expect.objectContaining({ title: 'To the agent', audience: 'agent', sender_type: 'cli', sender_name: 'deploy', recipient_count: 1, state: 'sent' }),
      expect.objectContaining({ title: 'From the command line', audience: 'partner', audience_label: 'Leila Rahman', sender_type: 'cli', sender_name: 'deploy', recipient_count: 1 }),
    ]);
    expect((await notificationsOf(partner)).map((row) => typeof row.data.broadcast_id)).toEqual(['number', 'number']);
  });
});
