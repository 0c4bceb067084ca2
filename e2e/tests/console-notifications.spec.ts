import { signInToConsole } from '../support/console-sign-in';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_AGENTS, DEMO_OPERATORS, DEMO_PASSWORD } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { DEMO_EMAILS } from '../support/accounts';
import { expectAccessible } from '../support/axe';

/**
 * The console's Notifications page in the browser (issue 14): an operator of the content role writes a notification
 * to every partner of the demo partner's referral agent, with an Arabic version, confirms the count and sends it; the
 * partner, signed in in another browser, sees it arrive live (toast and bell). axe on every state of both pages.
 */

// The machine is shared by several test runs: page loads get 30 s, not the default 10.
const expect = baseExpect.configure({ timeout: 30_000 });

const BELL = /^Notifications, (\d+) unread$/;

/** The partner in a browser of their own, with the realtime subscription authorised (so nothing published is missed). */
async function signedInPartner(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const authorised = page.waitForResponse((response) => new URL(response.url()).pathname === '/broadcasting/auth' && response.status() === 200);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO_EMAILS.partner);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await authorised;
  return page;
}

async function unreadCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: BELL });
  await expect(bell).toBeVisible();
  return Number(BELL.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? Number.NaN);
}

test('an operator sends a notification to an agent’s partners, and a signed-in partner sees it arrive live', async ({ browser, page }) => {
  // Two browsers and axe in light and dark at each state, on two shared cores.
  test.setTimeout(300_000);
  const partner = await signedInPartner(browser);
  const before = await unreadCount(partner);

  const content = DEMO_OPERATORS.find((operator) => operator.role === 'content')!;
  await signInToConsole(page, content.email, '/console/notifications');
  await expect(page).toHaveURL(/\/console\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page).toHaveTitle('Notifications · Operations console');
  // The demo history: what the demo operators sent.
  const history = page.getByRole('table', { name: 'Notifications' });
  await expect(history.getByText('Portal maintenance on Saturday night')).toBeVisible();
  await expectAccessible(page, 'console notifications history');

  await page.getByRole('link', { name: 'New notification' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New notification' })).toBeVisible();
  await expectAccessible(page, 'console new notification, empty');

  // Nothing chosen or written: the fields say what is missing, and nothing is sent.
  await page.getByRole('radio', { name: 'Every partner of a referral agent' }).check();
  await page.getByRole('textbox', { name: 'Link' }).fill('https://example.com/login');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Choose a referral agent.')).toBeVisible();
  await expect(page.getByText('The title field is required.')).toBeVisible();
  await expect(page.getByText('The link must be a page of the portal, starting with a single "/" (for example /bookings).')).toBeVisible();
  await expectAccessible(page, 'console new notification, errors');

  // The demo partner's agent, found by search; the count before sending.
  await page.getByRole('combobox', { name: /^Referral agent/ }).fill(DEMO_AGENTS.main.slice(0, 6));
  await expect(page.getByRole('option', { name: new RegExp(DEMO_AGENTS.main) })).toBeVisible();
  await expectAccessible(page, 'console new notification, agent search open', { schemes: 'current' });
  await page.getByRole('option', { name: new RegExp(DEMO_AGENTS.main) }).click();
  const reach = page.getByRole('status').filter({ hasText: /This reaches \d+ partners?\./ });
  await expect(reach).toBeVisible();
  const recipients = Number(/This reaches ([\d,]+)/.exec((await reach.textContent()) ?? '')?.[1]?.replace(/,/g, ''));
  expect(recipients).toBeGreaterThan(0);

  const title = `New facility: Mediclinic City Hospital ${Date.now() % 100_000}`;
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByRole('textbox', { name: /^Message/ }).fill('You can now refer patients for cardiology and orthopaedics.');
  await page.getByRole('textbox', { name: 'Link' }).fill('/bookings');
  await page.getByRole('textbox', { name: 'Arabic title' }).fill('منشأة جديدة: مستشفى ميديكلينيك سيتي');
  await page.getByRole('textbox', { name: 'Arabic message' }).fill('يمكنك الآن إحالة المرضى لأمراض القلب وجراحة العظام.');
  const preview = page.getByRole('figure', { name: 'Preview in the partner’s bell' });
  await expect(preview.getByText(title)).toBeVisible();
  await expectAccessible(page, 'console new notification, written, with the preview');
  // The segmented control's radios are drawn by their labels.
  await page.locator('label[for$="-ar"]').filter({ hasText: 'Arabic' }).click();
  await expect(page.getByRole('radio', { name: 'Arabic', exact: true })).toBeChecked();
  await expect(preview.getByText('منشأة جديدة: مستشفى ميديكلينيك سيتي')).toBeVisible();
  await expectAccessible(page, 'console new notification, Arabic preview', { schemes: 'current' });

  await page.getByRole('button', { name: 'Send' }).click();
  const confirm = page.getByRole('dialog', { name: recipients === 1 ? 'Send to 1 partner?' : `Send to ${recipients.toLocaleString('en')} partners?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'console new notification, confirmation', { schemes: 'current' });
  await confirm.getByRole('button', { name: 'Send' }).click();

  // The partner's browser, at once: the toast (held by the pointer: it lasts 6 s) and the bell, live.
  const toast = partner.getByRole('alert').filter({ hasText: title });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('You can now refer patients for cardiology and orthopaedics.');
  await toast.hover();
  await expect(partner.getByRole('button', { name: `Notifications, ${before + 1} unread` })).toBeVisible();
  await partner.getByRole('button', { name: `Notifications, ${before + 1} unread` }).click();
  await expect(partner.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: new RegExp(title) })).toBeVisible();

  // Back on the history, the send at the top, sent at once (one agent's partners).
  await expect(page).toHaveURL(/\/console\/notifications$/);
  const row = history.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(`Partners of ${DEMO_AGENTS.main}`);
  await expect(row).toContainText('Hana Sato');
  await expect(row).toContainText('Sent');
  await expectAccessible(page, 'console notifications history after a send');

  await partner.context().close();

  // The history in Arabic, right to left.
  await page.getByRole('button', { name: /^Operator menu for / }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'الإشعارات' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'الإشعارات' }).getByRole('row').filter({ hasText: title })).toContainText(`شركاء ${DEMO_AGENTS.main}`);
  await expectAccessible(page, 'console notifications history in Arabic');
});
