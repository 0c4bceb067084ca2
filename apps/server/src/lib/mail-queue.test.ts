import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SCHEMA } from './jobs/job-queue.ts';
import { MAIL_JOB } from './mail-queue.ts';
import { readOutbox } from '../test/outbox.ts';
import { createPartner } from '../test/factories.ts';
import { TestClient } from '../test/http-client.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/** A mail server that accepts connections and never says a word: any request waiting on SMTP would hang. */
async function silentSmtpServer(): Promise<{ server: Server; port: number; connections: Socket[] }> {
  const connections: Socket[] = [];
  const server = createServer((socket) => connections.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, connections };
}

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

  it('answers forgot-password without waiting on a mail server that does not answer', async () => {
    const smtp = await silentSmtpServer();
    const slow = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false' });
    try {
      const partner = await createPartner(slow.database.pool);
      const client = new TestClient(slow.app);
      await client.csrf();
      const response = await client.post('/api/users/forgot-password', { email: partner.email });
      expect(response.statusCode).toBe(200);
      // Answered before anything spoke to the mail server: the e-mail is a job, sent by a worker.
      expect(smtp.connections).toHaveLength(0);
      const { rows } = await slow.database.pool.query<{ to: string }>(`SELECT data->>'to' AS to FROM ${JOB_SCHEMA}.job WHERE name = $1`, [MAIL_JOB]);
      expect(rows).toEqual([{ to: partner.email }]);
    } finally {
      await slow.close();
      for (const socket of smtp.connections) socket.destroy();
      await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    }
  });
});
