import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../lib/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** `app.mailer`: SMTP when configured, otherwise the outbox folder (config.mail.outboxDir). */
export const mailerPlugin = fp(
  async (app: FastifyInstance) => {
    const mailer = createMailer(app.config, app.log);
    app.decorate('mailer', mailer);
    // Messages queued by the last requests still go out before the process stops.
    app.addHook('onClose', async () => mailer.flush());
  },
  { name: 'mailer' },
);
