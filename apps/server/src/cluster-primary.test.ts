import { readdirSync, readFileSync, readlinkSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from './config.ts';
import { signIn } from './modules/broadcasting/test-support.ts';
import { createPartner } from './test/factories.ts';
import {
  BOOT_TIMEOUT_MS,
  childPids,
  createScratchDatabase,
  endPool,
  freePort,
  pollUntil,
  redisUrl,
  spawnServer,
  stopServer,
  waitUntilHealthy,
  type ServerProcess,
} from './test/server-process.ts';

/**
 * WEB_CONCURRENCY=2: the real `main.ts` as a primary with two workers on one port, against the machine's
 * PostgreSQL and Redis (see test/server-process.ts).
 */
const APP_KEY = 'cluster-test-app-key-0123456789abcdefghijklmnop';

/** The pids among `pids` that hold an established TCP connection on local `port` (Linux /proc). */
function pidsServing(port: number, pids: number[]): Set<number> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[] = [];
    try {
      lines = readFileSync(table, 'utf8').trim().split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      const localPort = Number.parseInt(fields[1]!.split(':')[1]!, 16);
      if (localPort === port && fields[3] === '01') inodes.add(fields[9]!);
    }
  }
  const serving = new Set<number>();
  for (const pid of pids) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      let target = '';
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const match = /^socket:\[(\d+)\]$/.exec(target);
      if (match && inodes.has(match[1]!)) serving.add(pid);
    }
  }
  return serving;
}

/** Workers the primary has reported listening, in order. */
function listeningWorkers(server: ServerProcess): number[] {
  return [...server.output.join('').matchAll(/worker (\d+) listening/g)].map((match) => Number(match[1]));
}

function getUser(port: number, cookie: string, agent: http.Agent): Promise<{ status: number; email?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/user', agent, headers: { cookie, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => {
          const parsed = response.statusCode === 200 ? (JSON.parse(body) as { email?: string; data?: { email?: string } }) : {};
          resolve({ status: response.statusCode ?? 0, email: parsed.email ?? parsed.data?.email });
        });
      },
    );
    request.on('error', reject);
  });
}

/** Opens `count` connections at once, signed in as `cookie`, and answers the pids serving them and the answers. */
async function serveConcurrently(port: number, cookie: string, count: number, workers: number[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: count });
  try {
    const answers = await Promise.all(Array.from({ length: count }, () => getUser(port, cookie, agent)));
    return { answers, serving: pidsServing(port, workers) };
  } finally {
    agent.destroy();
  }
}

describe('WEB_CONCURRENCY=2: a primary and two workers on one port', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  let server: ServerProcess;
  let pool: pg.Pool;
  let config: Config;

  beforeAll(async () => {
    database = await createScratchDatabase('portal_cluster');
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-'));
    const port = await freePort();
    server = spawnServer(port, {
      APP_KEY,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      WEB_CONCURRENCY: '2',
      // The demo data is seeded once, by the first worker, before the second starts.
      SEED_DEMO: 'true',
    });
    await waitUntilHealthy(server);
    await pollUntil(() => (listeningWorkers(server).length === 2 ? true : undefined), 'the second worker');
    config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_KEY, DATABASE_URL: database.url });
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
  }, BOOT_TIMEOUT_MS * 2);

  afterAll(async () => {
    await stopServer(server);
    if (pool) await endPool(pool);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('seeds the demo data once, in the first worker, before the second starts', async () => {
    const output = server.output.join('');
    expect(output.split('Demo accounts (seeded because the database was empty)').length - 1).toBe(1);
    const started = [...output.matchAll(/worker (\d+) started/g)].map((match) => match.index);
    const firstListening = output.search(/worker \d+ listening/);
    expect(started).toHaveLength(2);
    expect(firstListening).toBeGreaterThan(started[0]!);
    expect(started[1]!).toBeGreaterThan(firstListening);
    const { rows } = await pool.query<{ users: number }>('SELECT count(*)::int AS users FROM users');
    expect(rows[0]!.users).toBeGreaterThan(0);
  });

  it('answers on one port from both workers, which share the signed-in session', async () => {
    const workers = childPids(server.child.pid!);
    expect(workers.sort()).toEqual(listeningWorkers(server).sort());
    const partner = await createPartner(pool);
    const { cookie } = await signIn(pool, config, partner.userId);

    // Eight connections held open at once: the primary hands them out to the workers in turn.
    const signedIn = await serveConcurrently(server.port, cookie, 8, workers);
    expect(signedIn.answers).toEqual(Array.from({ length: 8 }, () => ({ status: 200, email: partner.email })));
    expect(signedIn.serving).toEqual(new Set(workers));
    // Without the session cookie, every worker refuses.
    const anonymous = await serveConcurrently(server.port, '', 8, workers);
    expect(anonymous.answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 401));
    expect(anonymous.serving).toEqual(new Set(workers));
  });

  it('replaces a worker that dies, and the new one serves', async () => {
    const [victim, survivor] = childPids(server.child.pid!) as [number, number];
    process.kill(victim, 'SIGKILL');
    const replacement = await pollUntil(() => {
      const now = childPids(server.child.pid!);
      const replaced = now.find((pid) => pid !== survivor && pid !== victim);
      return replaced !== undefined && listeningWorkers(server).includes(replaced) ? replaced : undefined;
    }, 'a replacement worker');
    expect(childPids(server.child.pid!).sort()).toEqual([survivor, replacement].sort());
    expect(server.output.join('')).toContain(`worker ${victim} exited (SIGKILL); starting another`);
    const partner = await createPartner(pool);
    const { cookie } = await signIn(pool, config, partner.userId);
    const { answers, serving } = await serveConcurrently(server.port, cookie, 8, [survivor, replacement]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(serving).toEqual(new Set([survivor, replacement]));
  });

  it('stops every worker and exits 0 on SIGTERM', async () => {
    const workers = childPids(server.child.pid!);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe('WEB_CONCURRENCY=2 when the server cannot start', () => {
  it('exits 1 when replacement workers keep failing to boot, instead of restarting them forever', async () => {
    const database = await createScratchDatabase('portal_cluster_lost');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-lost-'));
    const server = spawnServer(await freePort(), {
      APP_KEY,
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      WEB_CONCURRENCY: '2',
      SEED_DEMO: 'false',
    });
    try {
      await waitUntilHealthy(server);
      await pollUntil(() => (listeningWorkers(server).length === 2 ? true : undefined), 'the second worker');
      // The database goes away; workers that die now cannot be replaced.
      await database.drop();
      for (const pid of childPids(server.child.pid!)) process.kill(pid, 'SIGKILL');
      expect(await server.exited).toBe(1);
      // (Two replacements boot at a time here, so a sixth may fail before the fifth failure is acted on.)
      const failures = /(\d+) workers in a row exited before listening/.exec(server.output.join(''));
      expect(Number(failures?.[1])).toBeGreaterThanOrEqual(5);
      expect(Number(failures?.[1])).toBeLessThanOrEqual(6);
      expect(listeningWorkers(server)).toHaveLength(2);
    } finally {
      await stopServer(server);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Eight processes boot one after another here (two workers, then five or six replacements that fail): on a
    // loaded machine each takes many seconds, so the budget is per boot, not two boots' worth.
  }, BOOT_TIMEOUT_MS * 5);

  it('exits 1 instead of restarting workers forever', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-broken-'));
    const server = spawnServer(await freePort(), {
      APP_KEY,
      DATA_DIR: dataDir,
      // Nobody listens on port 1: the first worker's migration fails.
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
      REDIS_URL: redisUrl,
      WEB_CONCURRENCY: '2',
    });
    try {
      expect(await server.exited).toBe(1);
      expect(server.output.join('')).toContain('the first worker exited during boot');
    } finally {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, BOOT_TIMEOUT_MS);
});
