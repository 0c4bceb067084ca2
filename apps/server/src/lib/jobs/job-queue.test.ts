import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { inTransaction } from '../../db/queryable.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createJobQueue, JOB_SCHEMA, jobIdForKey, type JobDefinition, type JobQueue, type ScheduleDefinition } from './job-queue.ts';

const silent = { info() {}, warn() {}, error() {} };

describe('the job queue', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrate(database.pool);
  });
  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  async function startQueue(jobs: JobDefinition<never>[], schedules: ScheduleDefinition[] = []): Promise<JobQueue> {
    const queue = createJobQueue({ pool: database.pool, log: silent });
    for (const job of jobs) queue.define(job as JobDefinition<object>);
    for (const entry of schedules) queue.schedule(entry);
    queues.push(queue);
    await queue.start({ workers: false });
    return queue;
  }

  async function jobRow(name: string, id: string) {
    const { rows } = await database.pool.query<{ state: string; retry_count: number; start_after: Date; now: Date }>(
      `SELECT state::text AS state, retry_count, start_after, now() AS now FROM ${JOB_SCHEMA}.job WHERE name = $1 AND id = $2`,
      [name, id],
    );
    return rows[0];
  }

  it('retries a job that failed, then completes it', async () => {
    const attempts: number[] = [];
    const queue = await startQueue([
      {
        name: 'test.flaky',
        retryDelaySeconds: 0,
        retryBackoff: false,
        async handle(_data: { n: number }, job) {
          attempts.push(job.attempt);
          if (job.attempt === 1) throw new Error('SMTP said 421, try later');
        },
      },
    ]);
    const id = (await queue.send('test.flaky', { n: 1 }))!;
    expect(await queue.drain()).toBe(2);
    expect(attempts).toEqual([1, 2]);
    expect((await jobRow('test.flaky', id))?.state).toBe('completed');
  });

  it('waits longer before each retry (exponential backoff)', async () => {
    const queue = await startQueue([
      {
        name: 'test.backoff',
        retryLimit: 3,
        retryDelaySeconds: 60,
        async handle() {
          throw new Error('still down');
        },
      },
    ]);
    const id = (await queue.send('test.backoff', {}))!;
    expect(await queue.drain()).toBe(1);
    const row = (await jobRow('test.backoff', id))!;
    expect(row.state).toBe('retry');
    // First retry: between one and two delays from now (jittered), so drain() did not run it again.
    const wait = (row.start_after.getTime() - row.now.getTime()) / 1000;
    expect(wait).toBeGreaterThanOrEqual(59);
    expect(wait).toBeLessThanOrEqual(121);
  });

  it('keeps a job whose attempts all failed in the failed list, and retries it on request', async () => {
    let broken = true;
    const queue = await startQueue([
      {
        name: 'test.report',
        retryLimit: 1,
        retryDelaySeconds: 0,
        retryBackoff: false,
        async handle() {
          if (broken) throw new Error('The report service answered 503');
        },
      },
    ]);
    const id = (await queue.send('test.report', { month: '2026-10', api_token: 'sk_live_123' }, { key: 'report-2026-10' }))!;
    expect(await queue.drain()).toBe(2);
    const failed = await queue.failedJobs({ page: 1, perPage: 10 });
    expect(failed.total).toBe(1);
    expect(failed.rows[0]).toMatchObject({
      id,
      name: 'test.report',
      key: 'report-2026-10',
      attempts: 2,
      error: 'The report service answered 503',
      summary: { month: '2026-10', api_token: '[masked]' },
    });
    expect((await queue.queueSummaries()).find((summary) => summary.name === 'test.report')).toMatchObject({ failed: 1, completed: 0 });

    broken = false;
    expect(await queue.retryFailedJob('test.report', id)).toBe(true);
    expect(await queue.retryFailedJob('test.report', id)).toBe(false);
    expect(await queue.drain()).toBe(1);
    expect((await jobRow('test.report', id))?.state).toBe('completed');
    expect((await queue.failedJobs({ name: 'test.report', page: 1, perPage: 10 })).total).toBe(0);
  });

  it('runs a job sent twice with one key once, also after it completed', async () => {
    const runs: string[] = [];
    const queue = await startQueue([
      {
        name: 'test.welcome',
        async handle(data: { to: string }, job) {
          runs.push(`${data.to} ${job.key}`);
        },
      },
    ]);
    const first = await queue.send('test.welcome', { to: 'a@example.test' }, { key: 'welcome:17' });
    expect(first).toBe(jobIdForKey('test.welcome', 'welcome:17'));
    expect(await queue.send('test.welcome', { to: 'a@example.test' }, { key: 'welcome:17' })).toBeNull();
    expect(await queue.drain()).toBe(1);
    expect(await queue.send('test.welcome', { to: 'a@example.test' }, { key: 'welcome:17' })).toBeNull();
    expect(await queue.drain()).toBe(0);
    // Another key is another job.
    expect(await queue.send('test.welcome', { to: 'b@example.test' }, { key: 'welcome:18' })).not.toBeNull();
    expect(await queue.drain()).toBe(1);
    expect(runs).toEqual(['a@example.test welcome:17', 'b@example.test welcome:18']);
  });

  it('sends inside a transaction with one statement: the job exists only if the transaction commits', async () => {
    let ran = 0;
    const queue = await startQueue([
      {
        name: 'test.after-commit',
        async handle() {
          ran += 1;
        },
      },
    ]);
    await expect(
      inTransaction(database.pool, async (client) => {
        await queue.send('test.after-commit', { n: 1 }, { db: client });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queue.drain()).toBe(0);

    let statements = 0;
    await inTransaction(database.pool, async (client) => {
      const counting = { query: (...args: Parameters<typeof client.query>) => ((statements += 1), client.query(...args)) } as typeof client;
      await queue.send('test.after-commit', { n: 2 }, { db: counting });
    });
    expect(statements).toBe(1);
    expect(await queue.drain()).toBe(1);
    expect(ran).toBe(1);
  });

  it('registers scheduled jobs at start, and drops a schedule the code no longer declares', async () => {
    const nightly: JobDefinition<never> = { name: 'test.nightly', async handle() {} };
    const first = await startQueue([nightly], [{ name: 'test.nightly', cron: '0 3 * * *', timeZone: 'Asia/Dubai', data: { scope: 'all' } }]);
    expect(await first.schedules()).toEqual([{ name: 'test.nightly', cron: '0 3 * * *', timeZone: 'Asia/Dubai', data: { scope: 'all' } }]);
    await first.stop();

    // A restart with another expression updates it; one without the schedule removes it.
    const second = await startQueue([nightly], [{ name: 'test.nightly', cron: '30 2 * * 1' }]);
    expect(await second.schedules()).toEqual([{ name: 'test.nightly', cron: '30 2 * * 1', timeZone: 'UTC', data: {} }]);
    await second.stop();
    const third = await startQueue([nightly]);
    expect(await third.schedules()).toEqual([]);
    await third.stop();
    // A process that is not the portal (the admin command) leaves the schedules as they are.
    const portal = await startQueue([nightly], [{ name: 'test.nightly', cron: '0 4 * * *' }]);
    await portal.stop();
    const command = createJobQueue({ pool: database.pool, log: silent });
    command.define(nightly as JobDefinition<object>);
    queues.push(command);
    await command.start({ workers: false, schedules: false });
    expect(await command.schedules()).toEqual([{ name: 'test.nightly', cron: '0 4 * * *', timeZone: 'UTC', data: {} }]);

    await expect(startQueue([nightly], [{ name: 'test.nightly', cron: 'every night' }])).rejects.toThrow();
    const undefinedName = createJobQueue({ pool: database.pool, log: silent });
    undefinedName.schedule({ name: 'test.nobody', cron: '* * * * *' });
    await expect(undefinedName.start({ workers: false })).rejects.toThrow("No job is defined with the name 'test.nobody'.");
  });
});
