import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll } from '../support/layout';
import { linkTo, outboxFiles, waitForMail } from '../support/outbox';
import { signInThroughApi } from '../support/sign-in';

/**
 * The profile (issue 17) as a partner uses it: change the name and the photo and see both in the header, then turn a
 * notification channel off on /profile/notifications, and find it still off after a reload. The demo agent Lucas
 * Moreau (agent2@demo.test) is used, and his name and preference are put back at the end for the specs after this one.
 */
const ACCOUNT = 'agent2@demo.test';

function accountMenu(page: Page) {
  return page.getByRole('button', { name: /^Account menu for / });
}

async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'E2E camera' } })
    .toBuffer();
}

test('changes the name and the photo, shown in the header, and turns a notification channel off', async ({ page }) => {
  test.slow();
  await signInThroughApi(page, ACCOUNT, DEMO_PASSWORD);
  await page.goto('/');
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Profile sections' });
  await expect(tabs.getByRole('link', { name: 'Personal details' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, 'the profile page');

  // The name: saved, and the header says it at once.
  const first = page.getByRole('textbox', { name: 'First name' });
  await first.fill('Lucien');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(accountMenu(page)).toHaveAccessibleName('Account menu for LM Lucien Moreau');

  // The photo: uploaded, then shown in the header as a loaded image.
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await expect(page.getByRole('button', { name: 'Replace photo' })).toBeVisible();
  const headerImage = accountMenu(page).locator('img');
  await expect(headerImage).toHaveAttribute('src', /^\/api\/profile\/avatar\?v=[0-9a-f-]{36}$/);
  await expect.poll(() => headerImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(512);

  // At 360 px the page fits the screen.
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSidewaysScroll(page, 'profile at 360 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Notifications: the new-booking in-app channel off, still off after a reload; security e-mail stays locked on.
  await tabs.getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/profile\/notifications$/);
  const inApp = page.getByRole('checkbox', { name: 'New booking: In the portal' });
  await expect(inApp).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Security notices: By e-mail' })).toBeDisabled();
  await expectAccessible(page, 'the notification preferences');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/profile/notification-preferences') && response.request().method() === 'PUT');
  await inApp.uncheck();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'New booking: In the portal' })).not.toBeChecked();

  // Put Lucas back as the other specs know him.
  await page.getByRole('checkbox', { name: 'New booking: In the portal' }).check();
  await expect(page.getByRole('checkbox', { name: 'New booking: In the portal' })).toBeChecked();
  await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Personal details' }).click();
  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByRole('button', { name: 'Upload a photo' })).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill('Lucas');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(accountMenu(page)).toHaveAccessibleName('Account menu for LM Lucas Moreau');
});

/** Asks for `to` on /profile and follows the link from the outbox; answers the notice the old address got. */
async function changeEmail(page: Page, from: string, to: string) {
  await page.goto('/profile');
  const seen = outboxFiles();
  await page.getByRole('textbox', { name: 'New e-mail address' }).fill(to);
  await page.getByLabel(/^Current password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${to}. Your address changes when you follow it.`)).toBeVisible();
  const confirmation = await waitForMail(to, seen);
  const notice = await waitForMail(from, seen);
  expect(notice.subject).toBe('Your partner portal e-mail address is being changed');
  // Not changed until the link is followed.
  await page.reload();
  await expect(page.getByText(`Current address: ${from}`)).toBeVisible();
  const link = linkTo(confirmation, '/profile/email/confirm');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText(`Your e-mail address is now ${to}.`)).toBeVisible();
  return page;
}

test('changes the e-mail address only once the link sent to the new one is followed, and tells the old one', async ({ page }) => {
  test.slow();
  const other = 'lucas.moreau+new@demo.test';
  await signInThroughApi(page, ACCOUNT, DEMO_PASSWORD);
  await changeEmail(page, ACCOUNT, other);
  await expectAccessible(page, 'the e-mail confirmation page');
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page.getByText(`Current address: ${other}`)).toBeVisible();
  // Back to the demo address, for the specs after this one.
  await changeEmail(page, other, ACCOUNT);
});
