import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page } from '@playwright/test';

/**
 * Live notifications in two browsers signed in as the same demo partner (two contexts: two separate sessions, as
 * two devices would have). An operator sends a notification with the admin command; both show the toast and the
 * badge; reading it in one updates the other.
 */
const run = promisify(execFile);
const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const PARTNER = { email: 'partner@demo.test', password: 'Portal-Demo-2026' };
const BELL = /^Notifications, (\d+) unread$/;

async function signedInPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The realtime subscription is authorised once the socket is up: wait for it before anything is published.
  const authorised = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/broadcasting/auth' && response.status() === 200,
  );
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(PARTNER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PARTNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await authorised;
  return page;
}

async function unreadCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: BELL });
  await expect(bell).toBeVisible();
  const label = (await bell.getAttribute('aria-label')) ?? '';
  return Number(BELL.exec(label)?.[1] ?? Number.NaN);
}

/**
 * `npm run admin -- notify …`, as an operator runs it next to the portal: the e2e server's data folder (its
 * embedded database, reached through the running portal) and its URL (where the live update is pushed).
 */
async function adminNotify(args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', 'notify', ...args], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: process.env.E2E_DATA_DIR,
      APP_URL: process.env.E2E_BASE_URL,
      LOG_LEVEL: 'warn',
    },
    timeout: 60_000,
  });
  return stdout;
}

test('a published notification reaches both signed-in pages, and reading it in one updates the other', async ({ browser }) => {
  const first = await signedInPage(browser);
  const second = await signedInPage(browser);
  const before = await unreadCount(first);
  expect(await unreadCount(second)).toBe(before);

  const title = `Booking confirmed ${Date.now()}`;
  const output = await adminNotify([PARTNER.email, '--title', title, '--body', 'Your referral MT-100234 is confirmed.', '--link', '/notifications']);
  expect(output).toContain('sent to');

  for (const page of [first, second]) {
    const toast = page.getByRole('alert').filter({ hasText: title });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Your referral MT-100234 is confirmed.');
    await expect(toast.getByRole('link', { name: 'View details' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Notifications, ${before + 1} unread` })).toBeVisible();
  }

  // The second page shows the list; the first reads the notification from its bell.
  await second.getByRole('link', { name: 'Notifications' }).first().click();
  await expect(second).toHaveURL(/\/notifications$/);
  const item = second.getByRole('listitem').filter({ hasText: title });
  await expect(item).toHaveAttribute('data-unread', 'true');

  await first.getByRole('button', { name: `Notifications, ${before + 1} unread` }).click();
  await first.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: new RegExp(title) }).click();
  await expect(first.getByRole('button', { name: `Notifications, ${before} unread` })).toBeVisible();

  await expect(second.getByRole('button', { name: `Notifications, ${before} unread` })).toBeVisible();
  await expect(item).not.toHaveAttribute('data-unread', 'true');

  await first.context().close();
  await second.context().close();
});
