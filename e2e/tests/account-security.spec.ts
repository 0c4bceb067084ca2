import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll } from '../support/layout';
import { signInThroughApi, signOutThroughMenu, submitSignInForm } from '../support/sign-in';
import { totpCode } from '../support/totp';

/**
 * The profile's Security tab (issue 17) as a member uses it: turn two-factor on (the test reads the setup key the page
 * shows and computes the app's code from it, as an authenticator would), sign out and back in with a code, end the
 * session of another device, then turn two-factor off again. The demo finance member Elena Petrova is used (no other
 * spec signs her in), and she is left as she was: two-factor off.
 */
const ACCOUNT = DEMO_EMAILS.finance;
const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** The re-authentication dialog the page opens when the server asks for it: the password, then Confirm. */
async function confirmPassword(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Current password')).toBeFocused();
  await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

test('turns two-factor on with the QR key, signs in with a code, ends another session, and turns two-factor off', async ({ page, browser }) => {
  test.slow();
  // Another device of the same member, signed in before: its session is ended from the Security tab later.
  const phone = await browser.newContext({ userAgent: PHONE_AGENT });
  const phonePage = await phone.newPage();
  await signInThroughApi(phonePage, ACCOUNT, DEMO_PASSWORD);
  expect((await phonePage.request.get('/api/user', { headers: { Accept: 'application/json' } })).status()).toBe(200);

  await signInThroughApi(page, ACCOUNT, DEMO_PASSWORD);
  await page.goto('/profile/security');
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  await expectAccessible(page, 'security tab, two-factor off');

  // Turn on: the server asks for the password first (403), the page asks, then carries on by itself.
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await confirmPassword(page);
  const setup = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
  await expect(setup).toBeVisible();
  await expect(setup.getByRole('img', { name: /QR code that adds your portal account/ })).toBeVisible();
  const secret = (await setup.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page, 'two-factor setup dialog', { schemes: 'current' });
  await setup.getByLabel('Code from the app').fill(totpCode(secret));
  await setup.getByRole('button', { name: 'Turn on' }).click();

  const codes = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(codes).toBeVisible();
  await expect(codes.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(8);
  const download = page.waitForEvent('download');
  await codes.getByRole('button', { name: 'Download as text' }).click();
  expect((await download).suggestedFilename()).toBe('partner-portal-recovery-codes.txt');
  await codes.getByRole('button', { name: "I've saved them" }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();

  // Sign out and in again: the password, then a code of the app. The code just used to turn it on is spent, so the
  // next step's code (the server accepts one step of drift) stands in for waiting for the app's next one.
  await signOutThroughMenu(page);
  await submitSignInForm(page, ACCOUNT, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/two\/factor\/verification$/);
  await page.getByRole('textbox', { name: 'Authentication code, digit 1 of 6' }).click();
  await page.keyboard.type(totpCode(secret, Date.now() + 30_000));
  await expect(page).not.toHaveURL(/\/two\/factor\/verification$/);
  await page.goto('/profile/security');

  // The phone's session is listed with its device; end it, and its next request is refused.
  const phoneButton = page.getByRole('button', { name: 'Sign out Mobile Safari 18 on iOS 18.1' });
  await expect(phoneButton).toBeVisible();
  await expect(page.getByText('This device')).toBeVisible();
  await expectAccessible(page, 'security tab, two-factor on, two devices');
  await phoneButton.click();
  const confirm = page.getByRole('dialog', { name: 'Sign out this device?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(phoneButton).toHaveCount(0);
  await expect(page.getByText('No other device is signed in.')).toBeVisible();
  expect((await phonePage.request.get('/api/user', { headers: { Accept: 'application/json' } })).status()).toBe(401);
  await expect(page.getByRole('table', { name: 'Security activity' }).getByText('Device signed out').first()).toBeVisible();

  // At 360 px: nothing wider than the screen, and still accessible.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole('button', { name: 'Turn off two-factor' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'security tab at 360 px');
  await expectAccessible(page, 'security tab at 360 px');

  // Turn it off again (this session has not confirmed the password yet: asked once more), leaving the account as it was.
  await page.getByRole('button', { name: 'Turn off two-factor' }).click();
  await page.getByRole('dialog', { name: 'Turn off two-factor authentication?' }).getByRole('button', { name: 'Turn off two-factor' }).click();
  await confirmPassword(page);
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
  await phone.close();
});
