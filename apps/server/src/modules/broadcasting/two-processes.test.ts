import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationCreatedEvent } from '@portal/contracts/notifications';
import { runNotifyCommand } from '../../cli/notify-commands.ts';
import { loadConfig, type Config } from '../../config.ts';
import { userChannel } from '../../realtime/channel-authorizer.ts';
import { createPartner } from '../../test/factories.ts';
import { eventName } from './broadcaster.ts';
import {
  createPusherClient,
  createPusherServer,
  disconnectAll,
  signIn,
  sleep,
  waitForConnection,
  waitForEvent,
  waitForSubscription,
} from './test-support.ts';

/**
 * Two real server processes (`tsx apps/server/src/main.ts`) behind an imaginary load balancer: one PostgreSQL
 * database (sessions, notifications) and the machine's Redis (realtime fan-out). A browser tab connected to
 * one process receives what is published through the other. Needs PostgreSQL on TEST_DATABASE_URL (default
 * 127.0.0.1:5432) and Redis on REDIS_URL (default 127.0.0.1:6379), as the development machines have.
 */
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const BOOT_TIMEOUT_MS = 60_000;

interface ServerProcess {
  port: number;
  child: ChildProcess;
  output: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + BOOT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) break;
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(200);
  }
  throw new Error(`The server on port ${server.port} did not become healthy:\n${server.output.join('').slice(-3000)}`);
}

function stop(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    server.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.child.kill('SIGTERM');
  });
}

describe('two server processes sharing Redis', () => {
  const databaseName = `portal_two_processes_${randomBytes(6).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(postgresUrl);
    url.pathname = `/${databaseName}`;
    return url.toString();
  })();
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  const clients: Pusher[] = [];
  let pool: pg.Pool;
  let config: Config;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();

    // A unique app id keeps this run's Redis traffic apart from any other portal using the same Redis.
    const appId = `two-processes-${randomBytes(4).toString('hex')}`;
    const ports = [await freePort(), await freePort()];
    for (const port of ports) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-two-processes-'));
      dataDirs.push(dataDir);
      const output: string[] = [];
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: repositoryRoot,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(port),
          APP_URL: `http://127.0.0.1:${port}`,
          APP_KEY: 'two-processes-app-key-0123456789abcdefghijklmnop',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          DB_POOL_SIZE: '3',
          REDIS_URL: redisUrl,
          PUSHER_APP_ID: appId,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      servers.push({ port, child, output });
    }
    await Promise.all(servers.map(waitUntilHealthy));

    config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDirs[0]!,
      APP_KEY: 'two-processes-app-key-0123456789abcdefghijklmnop',
      DATABASE_URL: databaseUrl,
      PUSHER_APP_ID: appId,
      APP_URL: `http://127.0.0.1:${servers[0]!.port}`,
    });
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  }, BOOT_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    disconnectAll(clients);
    await Promise.all(servers.map(stop));
    await pool?.end();
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
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
});
