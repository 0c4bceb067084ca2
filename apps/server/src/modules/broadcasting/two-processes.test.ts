import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationCreatedEvent } from '@portal/contracts/notifications';
import { runNotifyCommand } from '../../cli/notify-commands.ts';
import { loadConfig, type Config } from '../../config.ts';
import { userChannel } from '../../realtime/channel-authorizer.ts';
import { createPartner } from '../../test/factories.ts';
import {
  BOOT_TIMEOUT_MS,
  createScratchDatabase,
  endPool,
  freePort,
  pollUntil,
  redisUrl,
  requirePostgresAndRedis,
  spawnServer,
  stopServer,
  waitUntilReady,
  type ServerProcess,
} from '../../test/server-process.ts';
import { eventName } from './broadcaster.ts';
import {
  createPusherClient,
  createPusherServer,
  disconnectAll,
  signIn,
  waitForConnection,
  waitForEvent,
  waitForSubscription,
} from './test-support.ts';

/**
 * Two real server processes (`tsx apps/server/src/main.ts`) behind an imaginary load balancer: one PostgreSQL
 * database (sessions, notifications, the job queue) and the machine's Redis (realtime fan-out). A browser tab
 * connected to one process receives what is published through the other; a job queued through one runs once, in
 * whichever takes it. Needs PostgreSQL on TEST_DATABASE_URL (default 127.0.0.1:5432) and Redis on REDIS_URL
 * (default 127.0.0.1:6379), as the development machines and CI have: without them it fails, saying so (never skips).
 * It runs once ('server' project): it makes its own database on the PostgreSQL server whichever pass runs.
 */
describe('two server processes sharing Redis', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  const clients: Pusher[] = [];
  let pool: pg.Pool;
  let config: Config;

  beforeAll(async () => {
    await requirePostgresAndRedis('The two-process test');
    database = await createScratchDatabase('portal_two_processes');

    // A unique app id keeps this run's Redis traffic apart from any other portal using the same Redis.
    const appId = `two-processes-${randomBytes(4).toString('hex')}`;
    const ports = [await freePort(), await freePort()];
    for (const port of ports) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-two-processes-'));
      dataDirs.push(dataDir);
      servers.push(
        spawnServer(port, {
          APP_KEY: 'two-processes-app-key-0123456789abcdefghijklmnop',
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          DB_POOL_SIZE: '3',
          REDIS_URL: redisUrl,
          PUSHER_APP_ID: appId,
          SEED_DEMO: 'false',
        }),
      );
    }
    await Promise.all(servers.map(waitUntilReady));

    config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDirs[0]!,
      APP_KEY: 'two-processes-app-key-0123456789abcdefghijklmnop',
      DATABASE_URL: database.url,
      PUSHER_APP_ID: appId,
      APP_URL: `http://127.0.0.1:${servers[0]!.port}`,
    });
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
  }, BOOT_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    disconnectAll(clients);
    await Promise.all(servers.map(stopServer));
    if (pool) await endPool(pool);
    await database?.drop();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('delivers an event published through one process to a pusher-js client of the other', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const partner = await createPartner(pool);
    const { cookie } = await signIn(pool, config, partner.userId);

    // The tab is connected to the second process and authorised there with the shared session.
    const pusher = createPusherClient({ port: second.port, key: config.pusher.key, cookie });
    clients.push(pusher);
    await waitForConnection(pusher);
    const channel = pusher.subscribe(userChannel(partner.userId));
    await waitForSubscription(channel);

    const received = waitForEvent(channel, eventName('CrossProcess'), 10_000);
    await createPusherServer(config, first.port).trigger(userChannel(partner.userId), eventName('CrossProcess'), { from: 'first' });
    expect(await received).toEqual({ from: 'first' });

    // A notification from the admin command, published to the first process, reaches the tab too.
    const live = waitForEvent<NotificationCreatedEvent>(channel, eventName('NotificationCreated'), 10_000);
    const output: string[] = [];
    const code = await runNotifyCommand(['notify', partner.email, '--title', 'Across processes'], {
      config,
      out: (line) => output.push(line),
      err: (line) => output.push(line),
    });
    expect({ code, output }).toMatchObject({ code: 0 });
    expect((await live).notification.title).toBe('Across processes');
  });

  it('runs a job queued through one process once, in whichever process takes it', async () => {
    const [first] = servers as [ServerProcess, ServerProcess];
    const partner = await createPartner(pool);
    const base = `http://127.0.0.1:${first.port}`;
    const session = await fetch(`${base}/sanctum/csrf-cookie`);
    const cookies = session.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
    const xsrf = decodeURIComponent(cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length));
    // The reset link's e-mail is queued (mail.send) by the first process, in the request.
    const answer = await fetch(`${base}/api/users/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', cookie: cookies.join('; '), 'x-xsrf-token': xsrf },
      body: JSON.stringify({ email: partner.email }),
    });
    expect(answer.status).toBe(200);

    const jobs = await pollUntil(
      async () => {
        const { rows } = await pool.query<{ state: string }>("SELECT state FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1", [partner.email]);
        return rows.length > 0 && rows.every((row) => row.state === 'completed') ? rows : undefined;
      },
      'the e-mail job to be run',
      30_000,
    );
    expect(jobs).toHaveLength(1);
    // Sent once, by one of the two (each writes to the outbox under its own DATA_DIR).
    const sent = dataDirs.flatMap((dataDir) => {
      const outbox = path.join(dataDir, 'outbox');
      if (!existsSync(outbox)) return [];
      return readdirSync(outbox).filter((file) => readFileSync(path.join(outbox, file), 'utf8').includes(partner.email));
    });
    expect(sent).toHaveLength(1);
  });
});
