import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../support/accounts';
import { adminNotify } from '../support/admin';
import { expectAccessible } from '../support/axe';
import { csrfHeaders } from '../support/sign-in';
import { keepToastsOpen } from '../support/toasts';

/**
 * Live notifications in two browsers signed in as the same demo partner (two contexts: two separate sessions, as
 * two devices would have). An operator sends a notification with the admin command; both show the toast and the
 * badge; reading it in one updates the other.
 */
const PARTNER = { email: 'partner@demo.test', password: 'Portal-Demo-2026' };
const BELL = /^Notifications, (\d+) unread$/;

async function signedInPage(browser: Browser, account = PARTNER): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await keepToastsOpen(page);
  // The realtime subscription is authorised once the socket is up: wait for it before anything is published.
  const authorised = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/broadcasting/auth' && response.status() === 200,
  );
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
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

test('a published notification reaches both signed-in pages, and reading it in one updates the other', async ({ browser }) => {
  // Two browsers, and axe in light and dark on each state: more than the default minute.
  test.slow();
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
  // The live toast, held on screen by the pointer (Mantine pauses its timer meanwhile).
  await first.getByRole('alert').filter({ hasText: title }).hover();
  await expectAccessible(first, 'a live notification toast');

  // The second page shows the list; the first reads the notification from its bell.
  await second.getByRole('link', { name: 'Notifications' }).first().click();
  await expect(second).toHaveURL(/\/notifications$/);
  const item = second.getByRole('listitem').filter({ hasText: title });
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expectAccessible(second, 'notifications, one unread');

  await first.getByRole('button', { name: `Notifications, ${before + 1} unread` }).click();
  await expect(first.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: new RegExp(title) })).toBeVisible();
  await expectAccessible(first, 'the bell open, one unread');
  await first.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: new RegExp(title) }).click();
  await expect(first.getByRole('button', { name: `Notifications, ${before} unread` })).toBeVisible();

  await expect(second.getByRole('button', { name: `Notifications, ${before} unread` })).toBeVisible();
  await expect(item).not.toHaveAttribute('data-unread', 'true');

  await first.context().close();
  await second.context().close();
});

test('changing the password signs the other device out at once, and the other tabs of this browser stay live', async ({ browser }) => {
  // The affiliate demo account: nothing else in the run changes it, and its password is given back at the end.
  const account = { email: DEMO_EMAILS.affiliate, password: DEMO_PASSWORD };
  const newPassword = 'Affiliate-Own-Pass-2026';
  const keeper = await signedInPage(browser, account);
  const other = await signedInPage(browser, account);

  // A second tab of the keeper's browser (same session) changes the password. The server ends the other device's
  // session and closes every socket of the account, the first tab's too; that tab finds its session alive and
  // connects again. The password is given back whatever happens, for the tests that sign in as this account.
  const changer = await keeper.context().newPage();
  let changed = false;
  try {
    await changer.goto('/update-password');
    await changer.getByRole('textbox', { name: 'Current password', exact: true }).fill(account.password);
    await changer.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await changer.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
    const reauthorised = keeper.waitForResponse(
      (response) => new URL(response.url()).pathname === '/broadcasting/auth' && response.status() === 200,
      { timeout: 60_000 },
    );
    const updated = changer.waitForResponse((response) => new URL(response.url()).pathname === '/api/users/update-password');
    await changer.getByRole('button', { name: 'Update password' }).click();
    changed = (await updated).ok();
    await expect(changer.getByRole('alert').filter({ hasText: 'Your password has been updated.' })).toBeVisible();
    await reauthorised;
    await expectAccessible(changer, 'password changed');

    // The other device learns from its closed socket that its session is gone: it is on the sign-in page, untouched.
    await expect(other).toHaveURL(/\/login$/, { timeout: 60_000 });

    // And a notification still reaches the first tab live.
    const title = `Password changed ${Date.now()}`;
    await adminNotify([account.email, '--title', title, '--body', 'Still connected after the change.']);
    await expect(keeper.getByRole('alert').filter({ hasText: title })).toBeVisible();
  } finally {
    if (changed) {
      const restored = await changer.request.post('/api/users/update-password', {
        headers: await csrfHeaders(changer),
        data: { current_password: newPassword, password: account.password, password_confirmation: account.password },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  }
  await keeper.context().close();
  await other.context().close();
});
