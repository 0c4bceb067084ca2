import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Test helpers for real server processes (`tsx apps/server/src/main.ts`) against the machine's PostgreSQL
 * (TEST_DATABASE_URL, default 127.0.0.1:5432) and Redis (REDIS_URL, default 127.0.0.1:6379), as the development
 * machines and CI have them.
 */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const postgresUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/**
 * How long a real process may take to boot (migrations, and the demo data where asked) before a test gives up on it.
 * Only a broken boot waits it out: an idle machine boots in about 10 s, but beside the run-once step's other workers
 * and other engineers' runs (load 14 on two cores) a boot seeding the demo data took over 60 s and the cluster test's
 * set-up failed on the old minute.
 */
export const BOOT_TIMEOUT_MS = 180_000;

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** stdout and stderr, as they came */
  output: string[];
  /** resolves with the exit code (or the signal's name) */
  exited: Promise<number | string>;
}

export function freePort(): Promise<number> {
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

/**
 * Fails at once, saying what to start, when the machine's PostgreSQL or Redis does not answer: the tests of several
 * processes need both (CI has them), and are never skipped without them.
 */
export async function requirePostgresAndRedis(what: string): Promise<void> {
  const problems: string[] = [];
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    problems.push(`PostgreSQL at ${redactPassword(postgresUrl)} (TEST_DATABASE_URL): ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new URL(redisUrl);
  const pong = await new Promise<string>((resolve) => {
    const socket = connect(Number(redis.port || 6379), redis.hostname);
    let answer = '';
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer in 5 s')));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) socket.end();
    });
    socket.once('close', () => resolve(answer));
    socket.once('error', (error) => resolve(`error: ${error.message}`));
  });
  if (!pong.startsWith('+PONG')) problems.push(`Redis at ${redisUrl} (REDIS_URL): ${pong.trim() || 'no answer to PING'}`);
  if (problems.length > 0) {
    throw new Error(`${what} needs PostgreSQL and Redis running, as CI has them. Not reachable:\n  ${problems.join('\n  ')}`);
  }
}

function redactPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** A database of its own on the PostgreSQL server, dropped (with its connections) by `drop`. */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Ends a test's own pool and waits until its connections have closed. pg-pool's end() resolves once every client is
 * handed back, while their connections are still closing; a scratch database's drop (WITH FORCE) right after could then
 * terminate one mid-close, which the pool raises as an 'error' event nobody listens to: an uncaught exception that
 * failed a whole run (57P01, "terminating connection due to administrator command", in a loaded clean-clone run).
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      open -= 1;
      if (open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

/**
 * Starts main.ts on `port` with a minimal environment plus `env` (nothing inherited but PATH and HOME); with
 * `compiled`, that build of the server instead (scripts/build-server.mjs: `node <dir>/main.js`, no tsx).
 */
export function spawnServer(port: number, env: Record<string, string>, options: { compiled?: string } = {}): ServerProcess {
  const output: string[] = [];
  const args = options.compiled ? [path.join(options.compiled, 'main.js')] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return { port, child, output, exited };
}

/**
 * Builds the compiled server (scripts/build-server.mjs) into a folder of its own beside apps/server/dist, so test
 * files building at once never share one; `remove` deletes it.
 */
export async function buildCompiledServer(): Promise<{ dir: string; remove(): void }> {
  const dir = path.join(repositoryRoot, 'apps/server', `dist-test-${randomBytes(4).toString('hex')}`);
  await new Promise<void>((resolve, reject) => {
    const build = spawn(process.execPath, ['scripts/build-server.mjs', dir], { cwd: repositoryRoot, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    build.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    build.once('error', reject);
    build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The server build failed (${code}):\n${errors}`))));
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Calls `probe` every `intervalMs` until it answers something other than undefined; rejects after `timeoutMs`. */
export async function pollUntil<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  timeoutMs = BOOT_TIMEOUT_MS,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * Waits for /api/health/ready (database and job queue): processes started together may race to create the job
 * queues, and the loser's queue starts a few seconds later (plugins/jobs.ts retries); /api/health says nothing of it.
 */
export function waitUntilReady(server: ServerProcess): Promise<void> {
  return waitUntilHealthy(server, '/api/health/ready');
}

export async function waitUntilHealthy(server: ServerProcess, healthPath = '/api/health'): Promise<void> {
  const healthy = await pollUntil(
    async () => {
      if (server.child.exitCode !== null) return false;
      try {
        return (await fetch(`http://127.0.0.1:${server.port}${healthPath}`)).ok ? true : undefined;
      } catch {
        return undefined; // not listening yet
      }
    },
    `the server on port ${server.port}`,
    BOOT_TIMEOUT_MS,
    200,
  ).catch(() => false);
  if (!healthy) throw new Error(`The server on port ${server.port} did not become healthy:\n${server.output.join('').slice(-3000)}`);
}

/** SIGTERM, then SIGKILL after 10 s; resolves when the process has exited. */
export function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  server.child.kill('SIGTERM');
  return server.exited.then(() => clearTimeout(timer));
}

/** The pids of a process's children (Linux). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
