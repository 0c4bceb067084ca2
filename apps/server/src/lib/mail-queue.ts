import { createEncrypter } from './encryption.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { MailMessage, Mailer, MailTransport } from './mailer.ts';

/** The background job that sends one e-mail. */
export const MAIL_JOB = 'mail.send';
/** Purpose label of the key that seals queued e-mail bodies (lib/encryption.ts). */
const MAIL_BODY_PURPOSE = 'queued-mail-body';

/** A queued e-mail as the job table holds it: the body sealed, since its links carry one-time tokens. */
interface MailJobData {
  to: string;
  subject: string;
  body: string;
}

/**
 * E-mail through the job queue (docs/services.md): `queue` adds a job and returns, so no request waits on SMTP, and
 * a failure is retried with backoff (SMTP servers answer 4xx "try later") before it lands in the failed list. The
 * body is sealed with a key derived from APP_KEY while it waits: the reset and sign-in links in it are as good as a
 * password for their lifetime, and the database only ever keeps their hashes otherwise. Defines the job on `jobs`,
 * so call it before the queue starts.
 */
export function createQueuedMailer(deps: { transport: MailTransport; jobs: JobQueue; appKey: string }): Mailer {
  const { transport, jobs } = deps;
  const sealer = createEncrypter(deps.appKey, MAIL_BODY_PURPOSE);

  jobs.define<MailJobData>({
    name: MAIL_JOB,
    retryLimit: 8,
    retryDelaySeconds: 30,
    // An e-mail someone waits for (a sign-in link) goes out within a second of the request.
    pollingIntervalSeconds: 1,
    async handle(data, job) {
      const body = JSON.parse(sealer.decrypt(data.body)) as Pick<MailMessage, 'text' | 'html'>;
      await transport.send({ to: data.to, subject: data.subject, ...body }, { messageId: job.id });
    },
    describe: (data) => ({ to: data.to, subject: data.subject }),
  });

  return {
    mode: transport.mode,
    outboxDir: transport.outboxDir,
    send: (message, options) => transport.send(message, options),
    async queue(message, options = {}) {
      const body = sealer.encrypt(JSON.stringify({ text: message.text, ...(message.html ? { html: message.html } : {}) }));
      await jobs.send<MailJobData>(MAIL_JOB, { to: message.to, subject: message.subject, body }, options);
    },
    async flush() {
      await jobs.drain({ names: [MAIL_JOB] });
    },
  };
}
