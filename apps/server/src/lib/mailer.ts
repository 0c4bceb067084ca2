import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/queryable.ts';

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

/** Sending now: SMTP or the outbox folder. Requests never use it directly; they queue (lib/mail-queue.ts). */
export interface MailTransport {
  /** 'smtp' sends for real; 'outbox' writes each message as an .eml file into `outboxDir`. */
  readonly mode: 'smtp' | 'outbox';
  readonly outboxDir: string;
  /**
   * Sends now; rejects when the transport fails. `messageId`: the Message-ID header's left part, the same on every
   * attempt of one queued message, so that a copy sent twice (a retry after a crash) is recognisably the same message.
   */
  send(message: MailMessage, options?: { messageId?: string }): Promise<void>;
}

/** What areas send mail with (`app.mailer`, AuthDependencies.mailer): the queue in front of the transport. */
export interface Mailer extends MailTransport {
  /**
   * Puts the message on the mail queue (a background job) and returns without waiting for SMTP. `db`: the client of
   * the transaction of the change that causes the e-mail, so the two commit together (one INSERT); `key`: one e-mail
   * per key (lib/jobs SendOptions.key).
   */
  queue(message: MailMessage, options?: { db?: Queryable; key?: string }): Promise<void>;
  /** Sends every queued message that is due, in this process, and waits for the ones being sent (tests, the CLI). */
  flush(): Promise<void>;
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/**
 * nodemailer over SMTP when SMTP_HOST is set; otherwise an outbox folder of .eml files, so the mail
 * flows (password reset, approval links) work in a demo without a mail server.
 */
export function createMailer(config: Config, log: MailLogger): MailTransport {
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
  let sequence = 0;
  const domain = new URL(config.appUrl).hostname || 'partner-portal.local';

  async function send(message: MailMessage, options: { messageId?: string } = {}): Promise<void> {
    const info = await transport.sendMail({
      ...(options.messageId ? { messageId: `<${options.messageId}@${domain}>` } : {}),
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

  return { mode: smtp ? 'smtp' : 'outbox', outboxDir, send };
}
