import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SCHEMA } from './jobs/job-queue.ts';
import { MAIL_JOB } from './mail-queue.ts';
import { readOutbox } from '../test/outbox.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

describe('e-mail through the job queue', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => {
    await context?.close();
  });

  const queuedMail = async () =>
    (await context.database.pool.query<{ data: Record<string, string> }>(`SELECT data FROM ${JOB_SCHEMA}.job WHERE name = $1 ORDER BY created_on`, [MAIL_JOB])).rows;

  it('queues a message and sends it when the queue runs, its body sealed while it waits', async () => {
    const link = 'http://localhost:3000/reset-password?token=sealed-while-queued';
    await context.app.mailer.queue({ to: 'queued@example.test', subject: 'Reset your password', text: `Open ${link}`, html: `<a href="${link}">Reset</a>` });
    expect(readOutbox(context.config.mail.outboxDir).filter((mail) => mail.to.includes('queued@'))).toEqual([]);
    const [job] = await queuedMail();
    expect(job!.data).toMatchObject({ to: 'queued@example.test', subject: 'Reset your password' });
    expect(JSON.stringify(job)).not.toContain('sealed-while-queued');

    await context.app.mailer.flush();
    const sent = readOutbox(context.config.mail.outboxDir).filter((mail) => mail.to.includes('queued@'));
    expect(sent.map((mail) => [mail.subject, mail.links])).toEqual([['Reset your password', [link]]]);
    // The failed list shows an operator who and what, never the body.
    expect((await context.app.jobs.failedJobs({ name: MAIL_JOB, page: 1, perPage: 5 })).total).toBe(0);
  });
});
