import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCTION_ISSUER_ENV } from '../test/production-env.ts';
import { loadConfig } from '../config.ts';
import { readOutbox } from '../test/outbox.ts';
import { createMailer, type MailLogger } from './mailer.ts';

function recordingLogger(): MailLogger & { lines: { level: string; object: Record<string, unknown>; message: string }[] } {
  const lines: { level: string; object: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    info: (object, message) => void lines.push({ level: 'info', object, message }),
    error: (object, message) => void lines.push({ level: 'error', object, message }),
  };
}

describe('createMailer without SMTP: the outbox folder', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  function configFor(environment: 'development' | 'production') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-mailer-'));
    folders.push(dataDir);
    return loadConfig({ NODE_ENV: environment, DATA_DIR: dataDir, APP_KEY: 'k'.repeat(40), ...PRODUCTION_ISSUER_ENV, ...(environment === 'production' ? { APP_URL: 'http://localhost:3000' } : {}) });
  }

  // Long enough that quoted-printable breaks it over lines, with '=' and '&' in it.
  const link = `http://localhost:3000/reset-password?token=${'Ab3_-x'.repeat(12)}&email=someone%40example.test`;

  it('writes each message as an .eml file whose links read back intact', async () => {
    const config = configFor('development');
    const mailer = createMailer(config, recordingLogger());
    expect(mailer.mode).toBe('outbox');
    await mailer.send({ to: 'someone@example.test', subject: 'Reset your password', text: `Hello Zoë,\n\nOpen ${link}\n`, html: `<p><a href="${link}">Reset</a></p>` });
    const [mail] = readOutbox(config.mail.outboxDir);
    expect(mail).toBeDefined();
    expect(mail!.to).toBe('someone@example.test');
    expect(mail!.subject).toBe('Reset your password');
    expect(mail!.text).toContain('Hello Zoë');
    expect(mail!.links).toContain(link);
    // The raw file really is encoded (soft line breaks), which is what the reader must undo.
    expect(readFileSync(mail!.file, 'utf8')).toMatch(/=\r\n/);
  });

  it('logs the recipient and subject but not the body; in demo mode it logs the link too', async () => {
    const config = configFor('development');
    const log = recordingLogger();
    const mailer = createMailer(config, log);
    await mailer.send({ to: 'someone@example.test', subject: 'Subject line', text: `Private body text ${link}` });
    const logged = JSON.stringify(log.lines);
    expect(log.lines[0]).toMatchObject({ object: { to: 'someone@example.test', subject: 'Subject line' } });
    expect(logged).not.toContain('Private body text');
    expect(log.lines.some((line) => line.object.link === link)).toBe(true);
  });

  it('never logs a link in production, even without SMTP', async () => {
    const config = configFor('production');
    const log = recordingLogger();
    await createMailer(config, log).send({ to: 'someone@example.test', subject: 'Subject', text: `Body ${link}` });
    expect(JSON.stringify(log.lines)).not.toContain('token=');
  });

  it('gives a queued message the same Message-ID on every attempt, so a copy sent twice is known as the same', async () => {
    const config = configFor('development');
    const mailer = createMailer(config, recordingLogger());
    await mailer.send({ to: 'a@example.test', subject: 'One', text: 'one' }, { messageId: 'job-7f3a' });
    await mailer.send({ to: 'a@example.test', subject: 'One', text: 'one' }, { messageId: 'job-7f3a' });
    const files = readOutbox(config.mail.outboxDir).filter((mail) => mail.subject === 'One').map((mail) => readFileSync(mail.file, 'utf8'));
    expect(files).toHaveLength(2);
    for (const raw of files) expect(raw).toMatch(/^Message-ID: <job-7f3a@localhost>$/im);
  });
});
