import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { createScratchDatabase, pollUntil, repositoryRoot } from '../../test/server-process.ts';
import { installJobQueueSchema, JOB_SCHEMA } from './job-queue.ts';

/**
 * Two processes working one queue, on each kind of database: PostgreSQL (a scratch database on the machine's server),
 * and the embedded one, where the first process owns the data folder and the second reaches it through the first's
 * wire port, as `npm run admin` does. Every job must run exactly once, with both processes taking part.
 */
const WORKER = fileURLToPath(new URL('./job-worker-test-support.ts', import.meta.url));
const JOBS = 60;

interface WorkerProcess {
  child: ChildProcess;
  output: string[];
  ready: Promise<void>;
}

function startWorker(target: string): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, target], { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('ready')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`The worker exited with ${code}:\n${output.join('')}`)));
  });
  return { child, output, ready };
}

function stopWorker(worker: WorkerProcess): Promise<void> {
  if (worker.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => worker.child.kill('SIGKILL'), 15_000);
    worker.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    worker.child.kill('SIGTERM');
  });
}

describe('one job queue, two processes', () => {
  const workers: WorkerProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];

  afterEach(async () => {
    for (const worker of workers.splice(0).reverse()) await stopWorker(worker);
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  }, 60_000);

  /** Starts the first worker, connects this test (after it: on the embedded database it serves), then the second. */
  async function runEveryJobOnce(target: string, connect: () => Promise<Database>): Promise<void> {
    workers.push(startWorker(target));
    await workers[0]!.ready;
    const database = await connect();
    cleanups.push(() => database.close());
    await database.pool.query('CREATE TABLE job_runs (job_id uuid NOT NULL, pid int NOT NULL)');
    workers.push(startWorker(target));
    await workers[1]!.ready;

    // Every job in one statement, from this third connection: both workers find work on their next poll.
    await database.pool.query(
      `INSERT INTO ${JOB_SCHEMA}.job (name, data) SELECT 'test.record', json_build_object('n', n)::jsonb FROM generate_series(1, $1) AS n`,
      [JOBS],
    );
    await pollUntil(
      async () => {
        const { rows } = await database.pool.query<{ done: number }>(
          `SELECT count(*)::int AS done FROM ${JOB_SCHEMA}.job WHERE name = 'test.record' AND state = 'completed'`,
        );
        return rows[0]!.done === JOBS ? true : undefined;
      },
      `${JOBS} completed jobs`,
      120_000,
      200,
    );
    const { rows: runs } = await database.pool.query<{ job_id: string; pid: number }>('SELECT job_id::text, pid FROM job_runs');
    expect(runs).toHaveLength(JOBS);
    expect(new Set(runs.map((run) => run.job_id)).size).toBe(JOBS);
    // Both took part: the test is about two processes competing, not one doing everything.
    expect([...new Set(runs.map((run) => run.pid))].sort()).toEqual(workers.map((worker) => worker.child.pid).sort());
  }

  it('runs every job exactly once on PostgreSQL', async () => {
    const scratch = await createScratchDatabase('portal_jobs_two_processes');
    cleanups.push(() => scratch.drop());
    const setup = await openDatabase({ url: scratch.url, poolSize: 1, pipelinedConnections: 0 });
    await migrate(setup.pool);
    await installJobQueueSchema(setup.pool);
    await setup.close();
    await runEveryJobOnce(scratch.url, () => openDatabase({ url: scratch.url, poolSize: 2, pipelinedConnections: 0 }));
  }, 240_000);

  it('runs every job exactly once on the embedded database, the second process attached through the first', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'portal-jobs-embedded-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const dataDir = path.join(folder, 'pglite');
    // Migrated here first, then closed: the first worker process owns the folder from then on.
    const setup = await openDatabase({ embeddedDataDir: dataDir });
    await migrate(setup.pool);
    await installJobQueueSchema(setup.pool);
    await setup.close();
    await runEveryJobOnce(dataDir, () => openDatabase({ embeddedDataDir: dataDir }));
  }, 240_000);
});
