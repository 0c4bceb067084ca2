import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationCreatedEvent } from '@portal/contracts/notifications';
import { loadConfig } from '../config.ts';
import { userChannel } from '../realtime/channel-authorizer.ts';
import { createPartner } from '../test/factories.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import {
  createPusherClient,
  disconnectAll,
  signIn,
  waitForConnection,
  waitForEvent,
  waitForSubscription,
} from '../modules/broadcasting/test-support.ts';
import { submitToAdminInbox } from './admin-inbox.ts';
import { executeNotifyCommand, runNotifyCommand } from './notify-commands.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('notification commands', () => {
  let context: TestContext;
  let port: number;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    context = await createTestApp();
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    const address = context.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    port = address.port;
  });
  afterEach(() => disconnectAll(clients));
  afterAll(async () => {
    disconnectAll(clients);
    await context?.close();
  });

  async function run(...argv: string[]): Promise<{ code: number; output: string[] }> {
    const output: string[] = [];
    const code = await executeNotifyCommand(argv, {
      pool: context.database.pool,
      notifications: context.app.notifications,
      out: (line) => output.push(line),
    });
    return { code, output };
  }

  const titlesOf = async (userId: number) =>
    (
      await context.database.pool.query<{ title: string; body: string; link: string | null }>(
        'SELECT title, body, link FROM notifications WHERE user_id = $1 ORDER BY created_at, id',
        [userId],
      )
    ).rows;

  async function openTab(userId: number) {
    const { cookie } = await signIn(context.database.pool, context.config, userId);
    const pusher = createPusherClient({ port, key: context.config.pusher.key, cookie });
    clients.push(pusher);
    await waitForConnection(pusher);
    const channel = pusher.subscribe(userChannel(userId));
    await waitForSubscription(channel);
    return channel;
  }

  it('notify <email> stores one for that partner', async () => {
    const partner = await createPartner(context.database.pool, { email: 'Notify.Me@example.test' });
    const result = await run('notify', 'notify.me@example.test', '--title', 'Hello', '--body', 'From operations', '--link', '/bookings');
    expect(result.code).toBe(0);
    expect(result.output[0]).toMatch(/^Notification [0-9a-f-]{36} sent to Test Partner\d+ <notify\.me@example\.test>\.$/);
    expect(await titlesOf(partner.userId)).toEqual([{ title: 'Hello', body: 'From operations', link: '/bookings' }]);
  });

  it('notify-agent <id or name> reaches every approved partner of the agent', async () => {
    const first = await createPartner(context.database.pool);
    const second = await createPartner(context.database.pool, { referralAgentId: first.referralAgentId });
    await context.database.pool.query('UPDATE referral_agents SET name = $2 WHERE id = $1', [first.referralAgentId, 'Lighthouse Referrals']);

    const byName = await run('notify-agent', 'lighthouse', 'referrals', '--title', 'By name');
    expect(byName).toEqual({ code: 0, output: [`Notification sent to 2 partner(s) of Lighthouse Referrals (agent ${first.referralAgentId}).`] });
    const byId = await run('notify-agent', String(first.referralAgentId), '--title', 'By id');
    expect(byId.code).toBe(0);
    expect((await titlesOf(second.userId)).map((row) => row.title)).toEqual(['By name', 'By id']);
  });

  it('explains what is wrong instead of failing obscurely', async () => {
    await createPartner(context.database.pool, { email: 'exists@example.test' });
    expect(await run('notify', 'nobody@example.test', '--title', 'x')).toEqual({ code: 1, output: ['Error: No partner with the e-mail nobody@example.test.'] });
    expect(await run('notify', 'exists@example.test')).toEqual({ code: 1, output: ['Error: --title is required.'] });
    const badLink = await run('notify', 'exists@example.test', '--title', 'x', '--link', 'https://evil.example');
    expect(badLink.code).toBe(1);
    expect(badLink.output.join('\n')).toContain('The link must be a path of the portal');
    expect((await run('notify', 'exists@example.test', '--titel', 'x')).code).toBe(1);
    expect((await run('notify-agent', 'No Such Agent Anywhere', '--title', 'x')).output).toEqual([
      'Error: No referral agent with the id or name "No Such Agent Anywhere".',
    ]);
    expect((await run('drop-tables')).code).toBe(1);
  });

  it('simulate-booking creates a booking for the partner’s agent and notifies; simulate-booking-status changes it', async () => {
    const pool = context.database.pool;
    const facility = await pool.query<{ id: number }>(
      `INSERT INTO facilities (name, slug, country, city) VALUES ('Harbor Clinic', 'harbor-clinic-${Date.now()}', 'Spain', 'Valencia') RETURNING id`,
    );
    const service = await pool.query<{ id: number }>(`INSERT INTO services (name) VALUES ('Check-up ${Date.now()}') RETURNING id`);
    await pool.query(`INSERT INTO facility_service_details (facility_id, service_id, price, currency) VALUES ($1, $2, 120, 'EUR')`, [
      facility.rows[0]!.id,
      service.rows[0]!.id,
    ]);
    const partner = await createPartner(pool, { email: 'booker@example.test' });
    const colleague = await createPartner(pool, { referralAgentId: partner.referralAgentId });

    const created = await run('simulate-booking', 'booker@example.test');
    expect(created.code).toBe(0);
    const ticket = /Booking MT-(\d+) created for .+ at Harbor Clinic\./.exec(created.output[0] ?? '')?.[1];
    expect(ticket).toBeDefined();
    const booking = (await pool.query('SELECT referral_agent_id, status, invoice_status FROM bookings WHERE ticket_id = $1', [ticket])).rows[0];
    expect(booking).toEqual({ referral_agent_id: partner.referralAgentId, status: 'pending', invoice_status: 'unpaid' });
    expect(await titlesOf(colleague.userId)).toEqual([
      expect.objectContaining({ title: `New booking MT-${ticket}`, link: `/bookings?search=${ticket}` }),
    ]);

    expect((await run('simulate-booking-status', `MT-${ticket}`, 'confirmed')).code).toBe(0);
    expect((await run('simulate-booking-status', ticket!, 'paid')).code).toBe(0);
    expect((await run('simulate-booking-status', ticket!, 'paid')).output[0]).toMatch(/already had invoice status paid/);
    expect((await run('simulate-booking-status', ticket!, 'lost')).code).toBe(1);
    expect((await titlesOf(partner.userId)).map((row) => row.body)).toEqual([
      expect.stringContaining('at Harbor Clinic on'),
      'Status changed from Pending to Confirmed.',
      'Invoice status changed from Unpaid to Paid.',
    ]);
  });

  it.runIf(!onPostgres)('hands the command to the running portal when it holds the embedded database (admin inbox), live', async () => {
    const partner = await createPartner(context.database.pool, { email: 'inbox@example.test' });
    const tab = await openTab(partner.userId);
    const live = waitForEvent<NotificationCreatedEvent>(tab, 'App\\Events\\NotificationCreated');

    const result = await submitToAdminInbox(context.config.dataDir, ['notify', 'inbox@example.test', '--title', 'Through the inbox']);
    expect(result.exit_code).toBe(0);
    expect(result.output[0]).toMatch(/^Notification .+ sent to/);
    expect((await live).notification.title).toBe('Through the inbox');

    const refused = await submitToAdminInbox(context.config.dataDir, ['approve', 'inbox@example.test']);
    expect(refused.exit_code).toBe(1);
  });

  it.runIf(onPostgres)('opens PostgreSQL itself and publishes to the portal at APP_URL, live', async () => {
    const partner = await createPartner(context.database.pool, { email: 'direct@example.test' });
    const tab = await openTab(partner.userId);
    const live = waitForEvent<NotificationCreatedEvent>(tab, 'App\\Events\\NotificationCreated');
    const output: string[] = [];
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: context.config.dataDir,
      APP_KEY: context.config.appKey,
      DATABASE_URL: String((context.database.pool.options as { connectionString?: string }).connectionString),
      APP_URL: `http://127.0.0.1:${port}`,
    });
    const code = await runNotifyCommand(['notify', 'direct@example.test', '--title', 'Straight to PostgreSQL'], {
      config,
      out: (line) => output.push(line),
      err: (line) => output.push(line),
    });
    expect({ code, output }).toMatchObject({ code: 0, output: [expect.stringMatching(/^Notification .+ sent to/)] });
    expect((await live).notification.title).toBe('Straight to PostgreSQL');
  });
});
