import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createQueuedMailer } from '../lib/mail-queue.ts';
import { createMailer, type Mailer } from '../lib/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * `app.mailer`: e-mail through the job queue (lib/mail-queue.ts) in front of SMTP when configured, otherwise the
 * outbox folder (config.mail.outboxDir). Queued messages are in the database, so a restart loses none.
 */
export const mailerPlugin = fp(
  async (app: FastifyInstance) => {
    const transport = createMailer(app.config, app.log);
    app.decorate('mailer', createQueuedMailer({ transport, jobs: app.jobs, appKey: app.config.appKey }));
  },
  { name: 'mailer', dependencies: ['jobs'] },
);
