/**
 * `node --import tsx job-worker-test-support.ts <postgres://… | embedded data folder> [template tarball]`: a process
 * that runs the job queue's workers against that database, for the test of several processes sharing one queue
 * (two-processes.test.ts). Its one job, 'test.record', notes which process ran which job in `job_runs`, taking a
 * moment as real work does, so that both processes are busy at once. A new embedded folder starts from the template
 * (Database.snapshot) when one is given.
 *
 * It loads its code at once, then waits for a line on its standard input before it opens the database: the test
 * starts both processes together, so the second one's start-up overlaps the first's, and lets the second open the
 * database once the first serves it. It prints 'ready' once its workers run, and stops on SIGTERM.
 */
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import { openDatabase } from '../../db/client.ts';
import { createJobQueue } from './job-queue.ts';

const [target, templateFile] = process.argv.slice(2);
if (!target) throw new Error('Usage: job-worker-test-support.ts <database url or embedded data folder> [template tarball]');
await once(process.stdin, 'data');
const database = await openDatabase(
  target.startsWith('postgres') ? { url: target, poolSize: 2 } : { embeddedDataDir: target, embeddedTemplateFile: templateFile },
);
const jobs = createJobQueue({ pool: database.pool, log: { info() {}, warn() {}, error: (object, message) => console.error(message, object) } });
jobs.define<{ n: number }>({
  name: 'test.record',
  pollingIntervalSeconds: 0.5,
  async handle(_data, job) {
    await delay(20);
    await database.pool.query('INSERT INTO job_runs (job_id, pid) VALUES ($1, $2)', [job.id, process.pid]);
  },
});
await jobs.start({ workers: true });
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void (async () => {
    await jobs.stop();
    await database.close();
    process.exit(0);
  })();
});
