import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { JOB_SCHEMA } from '../../lib/jobs/job-queue.ts';
import { MAIL_JOB } from '../../lib/mail-queue.ts';
import { createPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createApprovalService } from './approval.ts';

/** A mail server that accepts connections and never says a word: any request waiting on SMTP would hang. */
async function silentSmtpServer(): Promise<{ server: Server; port: number; connections: Socket[] }> {
  const connections: Socket[] = [];
  const server = createServer((socket) => connections.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port, connections };
}

describe('e-mail never holds up an answer (issue 14)', () => {
  it('answers forgot-password, a sign-in and an approval without waiting on a mail server that does not answer', async () => {
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
      // Nor a sign-in.
      expect((await client.post('/api/login', { email: partner.email, password: partner.password })).statusCode).toBe(200);
      // Nor an approval: its e-mail is queued in the approval's transaction.
      const applicant = await createPartner(slow.database.pool, { status: 'pending' });
      await createApprovalService({ pool: slow.database.pool, config: slow.config, mailer: slow.app.mailer }).approveRegistration(applicant.email);
      expect(smtp.connections).toHaveLength(0);
      const { rows } = await slow.database.pool.query<{ to: string }>(`SELECT data->>'to' AS to FROM ${JOB_SCHEMA}.job WHERE name = $1 ORDER BY created_on`, [MAIL_JOB]);
      expect(rows).toEqual([{ to: partner.email }, { to: applicant.email }]);
    } finally {
      await slow.close();
      for (const socket of smtp.connections) socket.destroy();
      await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    }
  });
});
