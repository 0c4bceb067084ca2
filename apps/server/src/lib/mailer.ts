import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The part of a pino logger the mailer needs (the CLI passes a console-backed one). */
export interface MailLogger {
  info(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

export interface Mailer {
  /** 'smtp' sends for real; 'outbox' writes each message as an .eml file into `outboxDir`. */
  readonly mode: 'smtp' | 'outbox';
  readonly outboxDir: string;
  /** Sends now; rejects when the transport fails. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends in the background and logs a failure instead of throwing: for answers that must not take
   * longer, or fail, depending on whether a message went out (forgot-password must not reveal accounts).
   */
  queue(message: MailMessage): void;
  /** Resolves once every queued message has been handed to the transport (tests, shutdown). */
  flush(): Promise<void>;
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * nodemailer over SMTP when SMTP_HOST is set; otherwise an outbox folder of .eml files, so the mail
 * flows (password reset, approval links) work in a demo without a mail server.
 */
export function createMailer(config: Config, log: MailLogger): Mailer {
  const smtp = config.mail.smtp;
  const outboxDir = config.mail.outboxDir;
  const transport = smtp
    ? nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  if (!smtp) mkdirSync(outboxDir, { recursive: true });

  // Tokens never reach a log, with one deliberate exception: in demo mode (no SMTP, not production)
  // the links of an e-mail are logged too, so that someone trying the portal without a mail server can
  // follow a reset or sign-in link from the console (issue 2: "a log line shows the link").
  const logLinks = !smtp && !config.isProduction;
  const pending = new Set<Promise<void>>();
  let sequence = 0;

  async function send(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({
      from: config.mail.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    });
    if (smtp) {
      log.info({ to: message.to, subject: message.subject }, 'mail sent');
      return;
    }
    sequence += 1;
    const file = path.join(outboxDir, `${Date.now()}-${String(sequence).padStart(4, '0')}-${process.pid}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    log.info({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    if (logLinks) {
      // Links with a query carry the token (reset, sign-in); plain ones (/login) are not worth a line.
      for (const link of message.text.match(LINK) ?? []) {
        if (link.includes('?')) log.info({ to: message.to, link }, 'demo mode: link in the e-mail');
      }
    }
  }

  return {
    mode: smtp ? 'smtp' : 'outbox',
    outboxDir,
    send,
    queue(message) {
      const job = send(message)
        .catch((error: unknown) => {
          log.error({ err: error, to: message.to, subject: message.subject }, 'mail could not be sent');
        })
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
