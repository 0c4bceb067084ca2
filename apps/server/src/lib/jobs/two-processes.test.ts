import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { createScratchDatabase, pollUntil, repositoryRoot } from '../../test/server-process.ts';
// The type of the embedded template the 'server-db' project provides is declared there.
import type {} from '../../test/test-app.ts';
import { JOB_SCHEMA } from './job-queue.ts';

/**
 * Two processes working one queue, on the database of the test pass (this file reads TEST_DATABASE_URL, so it is in
 * the 'server-db' project, which runs on each kind): a scratch database on the PostgreSQL server, or an embedded one
 * in a folder, where the first process owns the data folder and the second reaches it through the first's wire port,
 * as `npm run admin` does. Every job must run exactly once, with both processes taking part.
 *
 * What it costs (issue 12): the embedded folder starts from the pass's migrated template (test/embedded-template.ts)
 * rather than from PGlite's initdb (some 7 s of CPU, 45 s and more on a loaded machine), and is opened once, by the
 * first process; both processes load their code at once. The jobs take about JOBS / 2 polls of half a second
 * (pg-boss's shortest interval, one job a poll in each process).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const WORKER = fileURLToPath(new URL('./job-worker-test-support.ts', import.meta.url));
const JOBS = 30;

interface WorkerProcess {
  child: ChildProcess;
  output: string[];
  ready: Promise<void>;
}

/** Starts a worker process; it opens the database (a new embedded folder from `templateFile`) when told to (openDatabaseIn). */
function startWorker(target: string, templateFile?: string): WorkerProcess {
  const args = ['--import', 'tsx', WORKER, target, ...(templateFile ? [templateFile] : [])];
  const child = spawn(process.execPath, args, { cwd: repositoryRoot, stdio: ['pipe', 'pipe', 'pipe'] });
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

function openDatabaseIn(worker: WorkerProcess): void {
  worker.child.stdin!.end('open\n');
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

  /**
   * Starts both worker processes; the first opens the database, then this test connects (after it: on the embedded
   * database it serves), then the second opens it.
   */
  async function runEveryJobOnce(target: string, connect: () => Promise<Database>, templateFile?: string): Promise<void> {
    workers.push(startWorker(target, templateFile), startWorker(target));
    openDatabaseIn(workers[0]!);
    await workers[0]!.ready;
    const database = await connect();
    cleanups.push(() => database.close());
    await database.pool.query('CREATE TABLE job_runs (job_id uuid NOT NULL, pid int NOT NULL)');
    openDatabaseIn(workers[1]!);
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

  if (onPostgres) {
    it('runs every job exactly once on PostgreSQL', async () => {
      const scratch = await createScratchDatabase('portal_jobs_two_processes');
      cleanups.push(() => scratch.drop());
      await runEveryJobOnce(scratch.url, () => openDatabase({ url: scratch.url, poolSize: 2, pipelinedConnections: 0 }));
    }, 240_000);
  } else {
    it('runs every job exactly once on the embedded database, the second process attached through the first', async () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'portal-jobs-embedded-'));
      cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
      // The first worker process makes the folder from the template (migrated, the queue's tables in place) and owns it.
      const dataDir = path.join(folder, 'pglite');
      const template = inject('embeddedTemplateFile');
      if (!template) throw new Error("The 'server-db' project's global setup provides the embedded template.");
      await runEveryJobOnce(dataDir, () => openDatabase({ embeddedDataDir: dataDir }), template);
    }, 240_000);
  }
});
