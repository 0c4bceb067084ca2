import path from 'node:path';
import { expect } from '@playwright/test';
import { readOutbox, type OutboxMail } from '../../apps/server/src/test/outbox.ts';

export type { OutboxMail };

/** The e2e server's outbox folder: without SMTP settings every e-mail lands there as an .eml file. */
export function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests with e2e/playwright.config.ts');
  return path.join(dataDir, 'outbox');
}

/** Files of the outbox now: pass to `waitForMail` to wait for one written after this moment. */
export function outboxFiles(): Set<string> {
  return new Set(readOutbox(outboxDir()).map((mail) => mail.file));
}

/**
 * The newest e-mail to `to` that was not in the outbox before (`seen`, from `outboxFiles()`). The server queues
 * e-mails in the background, so this polls.
 */
export async function waitForMail(to: string, seen: Set<string>, timeout = 15_000): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      () => {
        found = readOutbox(outboxDir())
          .filter((mail) => !seen.has(mail.file) && mail.to.toLowerCase().includes(to.toLowerCase()))
          .at(-1);
        return found !== undefined;
      },
      { message: `an e-mail to ${to} in ${outboxDir()}`, timeout },
    )
    .toBe(true);
  return found!;
}

/** The first link of `mail` whose path is `pathname` (e.g. '/reset-password'). */
export function linkTo(mail: OutboxMail, pathname: string): URL {
  const link = mail.links.map((href) => new URL(href)).find((url) => url.pathname === pathname);
  if (!link) throw new Error(`No ${pathname} link in the e-mail "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
}
