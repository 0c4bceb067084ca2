import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../support/accounts';
import { adminNotify } from '../support/admin';
import { fillSignInForm, signInThroughApi } from '../support/sign-in';
import { holdToast, keepToastsOpen } from '../support/toasts';

/**
 * Accessibility as a property of the widgets (issue #13): axe-core on every page and widget state a partner meets
 * that the other specs do not open (menus, dialogs, calendars, toasts), in light and dark, and the keyboard and
 * screen-reader behaviour of navigation: a title per page, focus on the page's heading after a move, spoken page
 * and list changes, and focus kept on a control after it removes itself or opens a download.
 */

// Unread notifications for the bell and the list (their dimmed text sits on the unread background): sent once.
test.beforeAll(async () => {
  await adminNotify([DEMO_EMAILS.partner, '--title', 'Booking confirmed', '--body', 'Your referral MT-100234 is confirmed.', '--link', '/bookings']);
});

test('sign-in, forgot-password and registration pages, in light and dark', async ({ page }) => {
  // Two axe runs a state (light and dark): more than the default minute on two shared cores.
  test.slow();
  await keepToastsOpen(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'sign in');

  // A failed sign-in: the field marked invalid and the error toast with its close button.
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_EMAILS.affiliate);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Not-The-Password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await holdToast(page, 'Login failed');
  await expectAccessible(page, 'sign in, failed with its toast');

  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await expectAccessible(page, 'forgot password');

  await page.goto('/registration');
  await expect(page.getByRole('heading', { level: 1, name: 'Become a partner' })).toBeVisible();
  await expectAccessible(page, 'registration');
  await page.getByRole('combobox', { name: 'Country code' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectAccessible(page, 'registration, country list open');
});

test('password reset, sign-in link, registration outcomes and the not-found page, in light and dark', async ({ page }) => {
  test.slow();
  await page.goto('/reset-password?token=not-a-real-token&email=someone%40example.test');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expectAccessible(page, 'reset password');
  await page.goto('/reset-password');
  await expect(page.getByText('This link is incomplete')).toBeVisible();
  await expectAccessible(page, 'reset password without a token');

  await page.goto('/authenticate');
  await expect(page.getByText('We could not sign you in')).toBeVisible();
  await expectAccessible(page, 'sign-in link without a token');

  for (const [path, heading] of [
    ['/thank-you', 'Thank you for registering'],
    ['/approval-waiting', 'Your account is awaiting approval'],
    ['/broken-page', 'Page not found'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page, heading);
  }
});

test('the app shell: the sign-in toast, the bell and the account menu, in light and dark', async ({ page }) => {
  test.slow();
  await keepToastsOpen(page);
  await fillSignInForm(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Amelia' })).toBeVisible();
  await holdToast(page, 'Login successful');
  await expectAccessible(page, 'dashboard with the sign-in toast');

  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const bellDialog = page.getByRole('dialog', { name: 'Notifications' });
  await expect(bellDialog.getByRole('link', { name: 'View all' })).toBeVisible();
  await expect(bellDialog.getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page, 'notification bell open');
  await page.keyboard.press('Escape');
  await expect(bellDialog).toBeHidden();

  await page.getByRole('button', { name: /^Account menu for / }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expectAccessible(page, 'account menu open');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
});

test('bookings and every widget of its toolbar, in light and dark', async ({ page }) => {
  test.slow();
  await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  await page.goto('/bookings');
  const table = page.getByRole('table', { name: 'Bookings' });
  await expect(table.locator('tbody tr')).toHaveCount(10);
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expectAccessible(page, 'bookings');

  await page.getByRole('button', { name: 'Filter' }).click();
  const filterDialog = page.getByRole('dialog', { name: 'Filter' });
  await filterDialog.getByRole('combobox', { name: 'Facility' }).click();
  await expect(filterDialog.getByRole('listbox')).toBeVisible();
  await expectAccessible(page, 'bookings, facility list open');
  await filterDialog.getByRole('option').first().click();
  await expect(page.getByRole('button', { name: 'Remove facility filter' })).toBeVisible();
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expectAccessible(page, 'bookings, facility chip');

  await page.getByRole('button', { name: /^Appointment date: / }).click();
  const datesDialog = page.getByRole('dialog', { name: /^Appointment date:/ });
  await expect(datesDialog.getByRole('button', { name: 'Today' })).toBeVisible();
  await expectAccessible(page, 'bookings, date ranges open');
  await datesDialog.getByRole('button', { name: 'Custom Monthly' }).click();
  await expect(datesDialog.getByLabel('Start date')).toBeVisible();
  await expectAccessible(page, 'bookings, custom dates with two calendars');
  await datesDialog.getByRole('button', { name: 'Month', exact: true }).click();
  await expectAccessible(page, 'bookings, month picker');
  await datesDialog.getByRole('button', { name: 'Year range' }).click();
  await expect(datesDialog.getByRole('combobox', { name: 'Start year' })).toBeVisible();
  await expectAccessible(page, 'bookings, year range');
  await page.keyboard.press('Escape');
  await expect(datesDialog).toBeHidden();

  await page.getByRole('button', { name: 'Export as' }).click();
  await expect(page.getByRole('menuitem', { name: 'PDF' })).toBeVisible();
  await expectAccessible(page, 'bookings, export menu open');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
});

test('notifications and the voluntary password change, in light and dark', async ({ page }) => {
  await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page, 'notifications');

  await page.goto('/update-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Update your password' })).toBeVisible();
  await expectAccessible(page, 'update password (voluntary)');
});

test('a phone-sized bookings page, in light and dark', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  await page.goto('/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'My Referrals' })).toBeVisible();
  await expect(page.getByText(/^Showing [\d,]+ of [\d,]+ entries$/)).toBeVisible();
  await expectAccessible(page, 'bookings on a phone');
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectAccessible(page, 'navigation drawer on a phone');
});

test('page titles, focus and announcements as a keyboard and screen-reader user moves through the portal', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign in · Partner Portal');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_EMAILS.partner);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');

  // Signed in: the dashboard's heading has focus (it was on <body> once the form went away).
  const welcome = page.getByRole('heading', { level: 1, name: 'Welcome, Amelia' });
  await expect(welcome).toBeFocused();
  await expect(page).toHaveTitle('Dashboard · Partner Portal');

  // A sidebar link: focus leaves the link for the new page's heading, and the page's name is announced.
  const referrals = page.getByRole('navigation', { name: 'Main' }).getByRole('group').filter({ hasText: 'My Referrals' });
  await referrals.getByRole('link', { name: 'Bookings' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bookings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Referrals' })).toBeFocused();
  await expect(page).toHaveTitle('Bookings · Partner Portal');
  await expect(page.getByRole('status').filter({ hasText: /^Bookings$/ })).toBeAttached();
  const table = page.getByRole('table', { name: 'Bookings' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const shownText = await page.getByText(/^Showing [\d,]+ of [\d,]+ entries$/).textContent();
  const total = Number(/of ([\d,]+)/.exec(shownText ?? '')![1]!.replaceAll(',', ''));

  // Page 2: the rows shown are announced (the visible text reads the same on every page), focus stays on the
  // page link, which stays on screen.
  const pageTwo = page.getByRole('button', { name: 'Page 2', exact: true });
  await pageTwo.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('status').filter({ hasText: `Showing 11–20 of ${total.toLocaleString('en')}` })).toBeAttached();
  await expect(page.getByText(`Showing 10 of ${total.toLocaleString('en')} entries`)).toBeVisible();
  await expect(pageTwo).toBeFocused();
  await expect(pageTwo).toBeInViewport();
  await expectAccessible(page, 'bookings, page 2');

  // A facility chip: its × is at least 24 px square; removing it gives focus back to Filter, not to <body>.
  await page.getByRole('button', { name: 'Filter' }).click();
  const filterDialog = page.getByRole('dialog', { name: 'Filter' });
  await filterDialog.getByRole('combobox', { name: 'Facility' }).click();
  await filterDialog.getByRole('option').first().click();
  const remove = page.getByRole('button', { name: 'Remove facility filter' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const box = (await remove.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(24);
  expect(box.height).toBeGreaterThanOrEqual(24);
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(remove).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filter' })).toBeFocused();

  // Export by keyboard: the menu opens on its first item; after the download focus is back on Export as.
  const exportButton = page.getByRole('button', { name: 'Export as' });
  await exportButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'PDF' })).toBeFocused();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  await download;
  await expect(exportButton).toHaveAttribute('aria-busy', 'false');
  await expect(exportButton).toBeFocused();

  // Menus give focus back to what opened them.
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await bell.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(bell).toBeFocused();
  const account = page.getByRole('button', { name: /^Account menu for / });
  await account.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(account).toBeFocused();
});
