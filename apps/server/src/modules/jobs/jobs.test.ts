import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRequest, createTestOperator, type TestOperator, operatorClientFor } from '../../test/console-sign-in.ts';
import type { TestClient } from '../../test/http-client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let context: TestContext;
let admin: TestOperator;
/** What the test queue's handler does on its next run. */
let broken = true;
const runs: string[] = [];

beforeAll(async () => {
  context = await createTestApp({}, {
    extend: (app) => {
      app.jobs.define<{ month: string; api_token?: string }>({
        name: 'test.report',
        retryLimit: 0,
        async handle(data) {
          runs.push(data.month);
          if (broken) throw new Error('The report service answered 503');
        },
      });
      app.jobs.schedule({ name: 'test.report', cron: '0 3 * * *', timeZone: 'Asia/Dubai' });
    },
  });
  admin = await createTestOperator(context, { role: 'admin' });
});
afterAll(async () => {
  await context.close();
});

function operatorClient(operator: TestOperator = admin): Promise<TestClient> {
  return operatorClientFor(context, operator);
}

async function failedJob(month: string): Promise<string> {
  broken = true;
  const id = (await context.app.jobs.send('test.report', { month, api_token: 'sk_live_1' }))!;
  await context.app.jobs.drain({ names: ['test.report'] });
  return id;
}

async function retryAudits(id: string) {
  const { rows } = await context.database.pool.query(
    "SELECT actor_type, actor_id, actor_role, target_type, before, after FROM audit_events WHERE action = 'job.retried' AND target_id = $1",
    [id],
  );
  return rows;
}

describe('the jobs page', () => {
  it('shows each queue by state and the schedules with their next run', async () => {
    await failedJob('2026-01');
    const response = await consoleRequest(await operatorClient(), 'GET', '/api/console/jobs');
    expect(response.statusCode).toBe(200);
    const { queues, schedules } = response.json();
    expect(queues.map((queue: { name: string }) => queue.name)).toEqual(expect.arrayContaining(['mail.send', 'test.report']));
    expect(queues.find((queue: { name: string }) => queue.name === 'test.report')).toMatchObject({ queued: 0, active: 0, retrying: 0 });
    expect(queues.find((queue: { name: string }) => queue.name === 'test.report').failed).toBeGreaterThanOrEqual(1);
    // The portal's own schedules (the ledger's daily approval, payout run, hourly sweep and monthly statements, the
    // exceptions' five-minute scan for negative balances, the nightly tier evaluation, the reconciliation periods' locks) are listed beside the test's.
    expect(schedules).toEqual([
      { name: 'earnings.approve-due', cron: '30 0 * * *', time_zone: 'UTC', next_run_at: expect.stringMatching(/T00:30:00\.000Z$/) },
      { name: 'earnings.monthly-reports', cron: '0 3 1 * *', time_zone: 'UTC', next_run_at: expect.stringMatching(/-01T03:00:00\.000Z$/) },
      { name: 'earnings.payout-run', cron: '0 2 * * *', time_zone: 'UTC', next_run_at: expect.stringMatching(/T02:00:00\.000Z$/) },
      { name: 'earnings.sweep', cron: '15 * * * *', time_zone: 'UTC', next_run_at: expect.stringMatching(/:15:00\.000Z$/) },
      { name: 'exceptions.negative-balances', cron: '*/5 * * * *', time_zone: 'UTC', next_run_at: expect.stringMatching(/:[0-5][05]:00\.000Z$/) },
      { name: 'partner-tiers.evaluate', cron: '20 2 * * *', time_zone: 'UTC', next_run_at: expect.stringMatching(/T02:20:00\.000Z$/) },
      { name: 'reconciliation.lock-due', cron: '15 0 * * *', time_zone: 'UTC', next_run_at: expect.stringMatching(/T00:15:00\.000Z$/) },
      { name: 'test.report', cron: '0 3 * * *', time_zone: 'Asia/Dubai', next_run_at: expect.stringMatching(/T23:00:00\.000Z$/) },
    ]);
  });

  it('lists the failed jobs, newest failure first, with what an operator may see of them', async () => {
    const older = await failedJob('2026-02');
    const newer = await failedJob('2026-03');
    const response = await consoleRequest(await operatorClient(), 'GET', '/api/console/jobs/failed?name=test.report&per_page=5');
    expect(response.statusCode).toBe(200);
    const ids = response.json().data.map((row: { id: string }) => row.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(response.json().data.find((row: { id: string }) => row.id === newer)).toMatchObject({
      name: 'test.report',
      key: null,
      summary: { month: '2026-03', api_token: '[masked]' },
      attempts: 1,
      error: 'The report service answered 503',
      created_at: expect.stringMatching(/Z$/),
      failed_at: expect.stringMatching(/Z$/),
    });
    expect((await consoleRequest(await operatorClient(), 'GET', '/api/console/jobs/failed?name=mail.send')).json().total).toBe(0);
    const bad = await consoleRequest(await operatorClient(), 'GET', '/api/console/jobs/failed?name=Mail%20Send');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('name');
  });

  it('retries a failed job: it runs again, and one audit row says who retried it', async () => {
    const id = await failedJob('2026-04');
    broken = false;
    runs.length = 0;
    const response = await consoleRequest(await operatorClient(), 'POST', `/api/console/jobs/test.report/failed/${id}/retry`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id, name: 'test.report', state: 'retrying' });

    await context.app.jobs.drain({ names: ['test.report'] });
    expect(runs).toEqual(['2026-04']);
    expect(await context.app.jobs.findJob('test.report', id)).toMatchObject({ state: 'completed' });
    expect(await retryAudits(id)).toEqual([
      {
        actor_type: 'operator',
        actor_id: String(admin.id),
        actor_role: 'admin',
        target_type: 'job',
        before: { queue: 'test.report', state: 'failed' },
        after: { queue: 'test.report', state: 'retrying' },
      },
    ]);

    // Done now: not failed any more, so a second retry is a conflict and records nothing.
    const again = await consoleRequest(await operatorClient(), 'POST', `/api/console/jobs/test.report/failed/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a failed job can be retried: this one is queued, running or done already.');
    expect(await retryAudits(id)).toHaveLength(1);
  });

  it('answers 409 for a job waiting in its queue, 404 for an unknown job or queue, 422 for an id that is none', async () => {
    const client = await operatorClient();
    const waiting = (await context.app.jobs.send('test.report', { month: '2026-05' }))!;
    expect((await consoleRequest(client, 'POST', `/api/console/jobs/test.report/failed/${waiting}/retry`)).statusCode).toBe(409);
    const unknown = '0b7e3f5c-2f43-4f4c-9c1f-5b3f0b1a2c3d';
    expect((await consoleRequest(client, 'POST', `/api/console/jobs/test.report/failed/${unknown}/retry`)).statusCode).toBe(404);
    expect((await consoleRequest(client, 'POST', `/api/console/jobs/test.nothing/failed/${waiting}/retry`)).statusCode).toBe(404);
    const malformed = await consoleRequest(client, 'POST', '/api/console/jobs/test.report/failed/42/retry');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toHaveProperty('id');
    expect(await retryAudits(waiting)).toEqual([]);
    broken = false;
    await context.app.jobs.drain({ names: ['test.report'] });
  });

  it('is for admins only (jobs.manage)', async () => {
    const id = await failedJob('2026-06');
    for (const role of ['finance', 'support', 'content'] as const) {
      const client = await operatorClient(await createTestOperator(context, { role }));
      expect((await consoleRequest(client, 'GET', '/api/console/jobs')).statusCode).toBe(403);
      expect((await consoleRequest(client, 'GET', '/api/console/jobs/failed')).statusCode).toBe(403);
      expect((await consoleRequest(client, 'POST', `/api/console/jobs/test.report/failed/${id}/retry`)).statusCode).toBe(403);
    }
    expect(await context.app.jobs.findJob('test.report', id)).toMatchObject({ state: 'failed' });
    expect(await retryAudits(id)).toEqual([]);
  });
});
