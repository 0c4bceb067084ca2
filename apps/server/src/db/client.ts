import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { acquireEmbeddedLock, publishEmbeddedPort, runningEmbeddedServerPort } from './embedded-lock.ts';
import { createPipelinedReader, type ReadQueryable } from './pipelined-reader.ts';
import { RUNS_COMPILED } from '../lib/server-files.ts';

// int8 (count(*), sums) arrives as a string from pg; every count here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface Database {
  kind: 'embedded' | 'postgres';
  pool: pg.Pool;
  /**
   * Where the busiest short reads go (the session and the bookings page): on PostgreSQL a pipelined connection
   * of their own (db/pipelined-reader.ts), on the embedded database (one connection) the pool itself.
   */
  reader: ReadQueryable;
  /** The embedded database only: writes its whole data folder, as a tarball, to `file` (a template for tests). */
  snapshot?: (file: string) => Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… of a real server; without it the embedded PGlite is used. */
  url?: string | undefined;
  /** Where PGlite keeps its files; 'memory://' keeps nothing (tests). */
  embeddedDataDir?: string | undefined;
  /**
   * A tarball written by `snapshot()` that a new embedded database starts from instead of an empty cluster: PGlite's
   * initdb takes about 4 s, loading a migrated copy under 1 s (the API tests start some 25 embedded databases).
   */
  embeddedTemplateFile?: string | undefined;
  /** Connections to a PostgreSQL server; without it, defaultPoolSize(). */
  poolSize?: number | undefined;
  /** The reader's pipelined connections to a PostgreSQL server (DEFAULT_PIPELINED_CONNECTIONS); 0: the reader is the pool. */
  pipelinedConnections?: number | undefined;
}

/**
 * One pipelined connection a process: it carries the reads of a fraction of a millisecond each that it is for, and
 * a second one served the bookings list no faster on the 2-core bench machine (docs/decisions-bookings.md, Throughput).
 */
export const DEFAULT_PIPELINED_CONNECTIONS = 1;
/** Unanswered reads on one pipelined connection beyond which a read waits in the pool instead. */
const PIPELINE_MAX_DEPTH = 32;

/**
 * A small pool: twice this machine's cores, plus one (PostgreSQL's wiki and HikariCP's "About Pool Sizing"),
 * shared out among the server's processes (WEB_CONCURRENCY), at least 2 each. Each query is short (the list's
 * page statement takes a fraction of a millisecond), so a few connections keep the database busy, and requests
 * beyond them wait in the pool, not in the database. More connections only make the database's backends fight
 * for the same cores: on the 2-core bench machine a pool of 20 served the bookings list about 20 % slower than a
 * pool of 5 (docs/decisions-bookings.md, Throughput). The default assumes the database has about as many cores as
 * this process's machine; DB_POOL_SIZE overrides it.
 */
export function defaultPoolSize(processes = 1): number {
  return Math.max(2, Math.ceil((os.availableParallelism() * 2 + 1) / processes));
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? defaultPoolSize() });
    pool.on('error', () => {
      /* an idle client lost its connection; the pool replaces it on the next checkout */
    });
    const pipelined = options.pipelinedConnections ?? DEFAULT_PIPELINED_CONNECTIONS;
    const reader =
      pipelined > 0
        ? createPipelinedReader({ connectionString: options.url }, { connections: pipelined, maxDepth: PIPELINE_MAX_DEPTH, overflow: pool })
        : null;
    return {
      kind: 'postgres',
      pool,
      reader: reader ?? pool,
      async close() {
        await reader?.close();
        await pool.end();
      },
    };
  }

  const dataDir = options.embeddedDataDir ?? 'memory://';
  let releaseLock = () => {};
  if (!dataDir.startsWith('memory://')) {
    // Another process (the running portal) serves this folder: talk to it over its wire port.
    const runningPort = runningEmbeddedServerPort(dataDir);
    if (runningPort) {
      const pool = unnamedStatementsOnly(new pg.Pool({ host: '127.0.0.1', port: runningPort, user: 'postgres', database: 'postgres', max: 1 }));
      pool.on('error', () => {});
      return { kind: 'embedded', pool, reader: pool, close: () => pool.end() };
    }
    mkdirSync(path.dirname(dataDir), { recursive: true });
    releaseLock = acquireEmbeddedLock(dataDir);
  }
  const { worker, port } = await startEmbeddedWorker(dataDir, options.embeddedTemplateFile).catch((error: unknown) => {
    releaseLock();
    throw error;
  });
  if (!dataDir.startsWith('memory://')) publishEmbeddedPort(dataDir, port);
  // The wire server multiplexes onto one PGlite, which runs one statement at a time; a single pooled
  // connection keeps transactions intact and lets requests queue in the pool instead of in the worker.
  const pool = unnamedStatementsOnly(new pg.Pool({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', max: 1 }));
  pool.on('error', () => {});
  return {
    kind: 'embedded',
    pool,
    reader: pool,
    snapshot: (file) => askWorker(worker, { type: 'snapshot', file }, 'snapshotted'),
    async close() {
      await pool.end();
      await stopEmbeddedWorker(worker);
      releaseLock();
    },
  };
}

/**
 * Sends every statement of the embedded database unnamed. Its wire server puts all connections, of this process
 * and of an attached `npm run admin`, on one PGlite backend, and ends a connection after a failed statement; the
 * new connection's client then knows no prepared statements while the backend still holds them, so the next named
 * statement answered 42P05 ("already exists") on every request until a restart. Names only save planning, which
 * the embedded database's figures do without (README, Performance).
 */
function isNamedQueryConfig(config: unknown): config is pg.QueryConfig {
  // A plain { name, text, values } only: a Submittable (a cursor) keeps its own portal name.
  return typeof config === 'object' && config !== null && Object.getPrototypeOf(config) === Object.prototype && 'name' in config;
}

function unnamedStatementsOnly(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) =>
      query(isNamedQueryConfig(config) ? { ...config, name: undefined } : config, ...rest);
  });
  return pool;
}

/**
 * Run from source, the worker is TypeScript like the rest of the server. Worker threads do not inherit tsx's
 * loader, and `--import tsx` in a worker's execArgv is ignored on Node 20, so a tiny bootstrap registers tsx's ESM
 * hooks inside the worker before importing the real module. The compiled server has it as its own file beside
 * main.js (scripts/build-server.mjs), and needs no tsx.
 */
function embeddedWorker(workerData: { dataDir: string; templateFile: string | undefined }): Worker {
  if (RUNS_COMPILED) return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const workerModule = new URL('./pglite-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(workerModule)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}

async function startEmbeddedWorker(dataDir: string, templateFile: string | undefined): Promise<{ worker: Worker; port: number }> {
  const worker = embeddedWorker({ dataDir, templateFile });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`Embedded database worker exited with code ${code}`)));
    worker.on('message', (message: { type: string; port?: number }) => {
      if (message.type === 'ready' && message.port) resolve(message.port);
    });
  });
  worker.removeAllListeners('error');
  worker.removeAllListeners('exit');
  worker.on('error', (error) => {
    console.error('Embedded database worker failed', error);
  });
  return { worker, port };
}

/** Sends the worker a request and waits for its answer of type `answer` (or its error). */
function askWorker(worker: Worker, request: { type: string; file: string }, answer: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onMessage = (message: { type: string; error?: string }) => {
      if (message.type === 'failed') reject(new Error(message.error));
      else if (message.type !== answer) return;
      else resolve();
      worker.off('message', onMessage);
    };
    worker.on('message', onMessage);
    worker.postMessage(request);
  });
}

async function stopEmbeddedWorker(worker: Worker): Promise<void> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 5000);
    worker.on('message', (message: { type: string }) => {
      if (message.type !== 'stopped') return;
      clearTimeout(timer);
      void worker.terminate().then(() => resolve());
    });
    worker.postMessage({ type: 'stop' });
  });
}
