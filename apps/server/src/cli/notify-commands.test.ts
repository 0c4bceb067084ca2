import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { NOTIFICATION_TYPES, type NotificationCreatedEvent } from '@portal/contracts/notifications';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { openMigratedDatabase } from '../db/open.ts';
import { userChannel } from '../realtime/channel-authorizer.ts';
import { createPartner } from '../test/factories.ts';
import { latestMail } from '../test/outbox.ts';
import { createTestApp, openTestDatabase, type TestContext } from '../test/test-app.ts';
import {
  createPusherClient,
  disconnectAll,
  signIn,
  signInSocket,
  waitForConnection,
  waitForEvent,
  waitForSubscription,
  waitForTermination,
} from '../modules/broadcasting/test-support.ts';
import { executeNotifyCommand } from './notify-commands.ts';
import { listenOnLoopback } from '../test/listen.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The embedded database of a DATA_DIR, its folder made from the migrated copy the API tests start from
 * (test/embedded-template.ts): PGlite's initdb and the migrations would take most of a minute on a busy machine, and
 * are not what this file tests.
 */
async function openEmbeddedFromTemplate(dataDir: string): Promise<Database> {
  const database = await openDatabase({ embeddedDataDir: path.join(dataDir, 'pglite'), embeddedTemplateFile: inject('embeddedTemplateFile') ?? undefined });
  await migrate(database.pool);
  return database;
}
const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');
const APP_KEY = 'test-app-key-0123456789abcdefghijklmnopqrstuvwxyz';

describe('notification commands', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => {
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
      `INSERT INTO facilities (name, slug, country, city, currency) VALUES ('Harbor Clinic', 'harbor-clinic-${Date.now()}', 'Spain', 'Valencia', 'EUR') RETURNING id`,
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
    // The console's lifecycle holds here too: a confirmed booking does not go back to pending.
    expect(await run('simulate-booking-status', ticket!, 'pending')).toEqual({ code: 1, output: ['Error: The booking cannot move to that status from its current one.', '  status: The booking cannot move to that status from its current one.'] });
    const steps = await pool.query('SELECT h.from_status, h.to_status, h.actor_type FROM booking_status_history h JOIN bookings b ON b.id = h.booking_id WHERE b.ticket_id = $1 ORDER BY h.id', [ticket]);
    expect(steps.rows).toEqual([
      { from_status: null, to_status: 'pending', actor_type: 'cli' },
      { from_status: 'pending', to_status: 'confirmed', actor_type: 'cli' },
    ]);
    expect((await titlesOf(partner.userId)).map((row) => row.body)).toEqual([
      expect.stringContaining('at Harbor Clinic on'),
      'Status changed from Pending to Confirmed.',
      'Invoice status changed from Unpaid to Paid.',
    ]);
  });
});

/** A free loopback port nobody listens on: the address of a portal that is not running. */
function deadPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run admin -- …` as a real second process (tsx apps/server/src/cli/admin.ts), as an operator runs it next
 * to the portal: only the environment tells it where the database (DATA_DIR, or DATABASE_URL) and the portal
 * (APP_URL) are.
 */
function admin(args: string[], env: Record<string, string>): Promise<CommandResult> {
  const tsx = path.join(repositoryRoot, 'node_modules/.bin/tsx');
  return new Promise((resolve, reject) => {
    execFile(
      tsx,
      ['apps/server/src/cli/admin.ts', ...args],
      {
        cwd: repositoryRoot,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', APP_KEY, LOG_LEVEL: 'warn', ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}

/**
 * The portal runs in this test process on a DATA_DIR of its own: it holds the embedded database there (and
 * publishes its wire port in the lock file), or with TEST_DATABASE_URL a fresh PostgreSQL database. The admin
 * command is a separate process pointed at the same DATA_DIR (or DATABASE_URL) and at this portal's URL.
 */
describe('the admin command as a second process, next to the running portal', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-admin-cli-'));
  let app: App;
  let database: Database;
  let config: Config;
  let drop = async () => {};
  let commandEnv: Record<string, string>;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_KEY, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    let databaseUrl: string | undefined;
    if (onPostgres) {
      ({ database, drop } = await openTestDatabase());
      await migrate(database.pool);
      databaseUrl = String((database.pool.options as { connectionString?: string }).connectionString);
    } else {
      database = await openEmbeddedFromTemplate(dataDir);
    }
    app = await buildApp({ config, database, logger: false, webDistDir: path.join(dataDir, 'no-web-build') });
    const port = await listenOnLoopback(app);
    commandEnv = {
      DATA_DIR: dataDir,
      APP_URL: `http://127.0.0.1:${port}`,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
  });
  afterEach(() => disconnectAll(clients));
  afterAll(async () => {
    disconnectAll(clients);
    await app?.close();
    await database?.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function openTab(userId: number): Promise<Pusher> {
    const { cookie } = await signIn(database.pool, config, userId);
    const address = app.server.address();
    const pusher = createPusherClient({ port: typeof address === 'object' && address ? address.port : 0, key: config.pusher.key, cookie });
    clients.push(pusher);
    await waitForConnection(pusher);
    return pusher;
  }

  const notificationsOf = async (pool: Database['pool'], userId: number) =>
    (await pool.query<{ type: string; title: string }>('SELECT type, title FROM notifications WHERE user_id = $1 ORDER BY created_at, id', [userId])).rows;

  it('notify: stores the notification and the open tab gets it live', async () => {
    const partner = await createPartner(database.pool, { email: 'second.process@example.test' });
    const channel = (await openTab(partner.userId)).subscribe(userChannel(partner.userId));
    await waitForSubscription(channel);
    const live = waitForEvent<NotificationCreatedEvent>(channel, 'App\\Events\\NotificationCreated', 30_000);

    const result = await admin(['notify', partner.email, '--title', 'From another process', '--body', 'Hello', '--link', '/notifications'], commandEnv);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^Notification [0-9a-f-]{36} sent to Test Partner\d+ <second\.process@example\.test>\.$/m);
    expect((await live).notification).toMatchObject({ title: 'From another process', body: 'Hello', link: '/notifications' });
    expect(await notificationsOf(database.pool, partner.userId)).toEqual([{ type: NOTIFICATION_TYPES.message, title: 'From another process' }]);
  });

  it('approve: approves, e-mails the sign-in link and stores an "account approved" notification', async () => {
    const applicant = await createPartner(database.pool, { status: 'pending', email: 'applicant@example.test' });
    const pending = await admin(['list-pending'], commandEnv);
    expect(pending.code).toBe(0);
    expect(pending.stdout).toContain('applicant@example.test');

    const result = await admin(['approve', applicant.email], commandEnv);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Approved applicant@example.test.');
    expect(result.stdout).toContain('An "account approved" notification waits for them in the portal.');

    const { rows } = await database.pool.query<{ status: string }>('SELECT status FROM users WHERE id = $1', [applicant.userId]);
    expect(rows[0]?.status).toBe('approved');
    expect(await notificationsOf(database.pool, applicant.userId)).toEqual([
      { type: NOTIFICATION_TYPES.accountApproved, title: 'Your account is approved' },
    ]);
    expect(latestMail(config.mail.outboxDir, applicant.email)?.links.some((link) => link.includes('/authenticate'))).toBe(true);
  });

  it('reject: ends the sessions and closes the open tabs’ realtime connections', async () => {
    const partner = await createPartner(database.pool);
    const pusher = await openTab(partner.userId);
    await signInSocket(pusher);
    const closed = waitForTermination(pusher, 30_000);

    const result = await admin(['reject', partner.email, '--silent'], commandEnv);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(`Rejected ${partner.email}.`);
    expect(await closed).toBe('disconnected');
    expect((await database.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [partner.userId])).rows).toHaveLength(0);
  });

  it('with the portal not running, stores the notification and says it was not pushed live', async () => {
    const down = { ...commandEnv, APP_URL: `http://127.0.0.1:${await deadPort()}` };
    if (onPostgres) {
      // The database server is shared and up; only the portal is not there to push through.
      const partner = await createPartner(database.pool);
      const result = await admin(['notify', partner.email, '--title', 'While stopped'], down);
      expect(result.code).toBe(0);
      expect(result.stderr).toContain(`Stored, but not pushed live: the portal at ${down.APP_URL} did not take it (ECONNREFUSED).`);
      expect(await notificationsOf(database.pool, partner.userId)).toEqual([{ type: NOTIFICATION_TYPES.message, title: 'While stopped' }]);
      return;
    }
    // A DATA_DIR nobody holds: the command opens the embedded database itself, as the stopped portal would.
    const stoppedDir = mkdtempSync(path.join(tmpdir(), 'portal-admin-stopped-'));
    try {
      const stoppedConfig = loadConfig({ NODE_ENV: 'test', DATA_DIR: stoppedDir, APP_KEY });
      let stopped = await openEmbeddedFromTemplate(stoppedDir);
      const partner = await createPartner(stopped.pool);
      await stopped.close();

      const result = await admin(['notify', partner.email, '--title', 'While stopped'], { ...down, DATA_DIR: stoppedDir });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Notification .+ sent to/m);
      expect(result.stderr).toContain(`Stored, but not pushed live: the portal at ${down.APP_URL} did not take it (ECONNREFUSED).`);

      stopped = await openMigratedDatabase(stoppedConfig);
      try {
        expect(await notificationsOf(stopped.pool, partner.userId)).toEqual([{ type: NOTIFICATION_TYPES.message, title: 'While stopped' }]);
      } finally {
        await stopped.close();
      }
    } finally {
      rmSync(stoppedDir, { recursive: true, force: true });
    }
  });
});
