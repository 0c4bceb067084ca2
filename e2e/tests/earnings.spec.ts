import { expect, test } from '@playwright/test';
import { DEMO_AGENTS, DEMO_EMAILS, DEMO_OPERATORS, DEMO_PASSWORD } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { expectAccessible } from '../support/axe';
import { signInToConsole } from '../support/console-sign-in';
import { signInThroughApi } from '../support/sign-in';

/**
 * Earnings in the browser (issue 16, docs/earnings.md): an operator completes a partner's booking and the partner,
 * watching My earnings, sees the commission arrive; then finance runs the payouts, sends one of the partner's and pays
 * it, and the partner, who did nothing, sees it paid and downloads its self-billing statement. axe on each page.
 */

const admin = DEMO_OPERATORS.find((each) => each.role === 'admin')!;

test('a completed booking earns a commission the partner sees arrive; a payout run, sent and paid, gives the partner its statement', async ({ browser, page }) => {
  // Two browsers, live updates and axe in both schemes, on two shared cores.
  test.setTimeout(600_000);

  // The partner: Harbor's finance member (money, no patients), on My earnings, subscribed to their channel.
  const partnerContext = await browser.newContext({ acceptDownloads: true });
  const partner = await partnerContext.newPage();
  await signInThroughApi(partner, DEMO_EMAILS.finance, DEMO_PASSWORD);
  const subscribed = partner.waitForResponse((response) => new URL(response.url()).pathname === '/broadcasting/auth' && response.status() === 200);
  await partner.goto('/my-earnings');
  await expect(partner.getByRole('heading', { level: 1, name: 'My earnings' })).toBeVisible({ timeout: 60_000 });
  await subscribed;
  const balances = partner.getByRole('table', { name: /Your balances per currency/ });
  await expect(balances).toBeVisible();
  await expectAccessible(partner, 'my earnings');

  // The operator completes one of Harbor's confirmed bookings in the console.
  await signInToConsole(page, admin.email, '/console/bookings?status=confirmed');
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  const user = (await (await partner.request.get('/api/user')).json()) as { partner_profile: { referral_agent: { id: number } } };
  await page.goto(`/console/bookings?status=confirmed&agent_id=${user.partner_profile.referral_agent.id}&sort=date_time`);
  const bookings = page.getByRole('table', { name: 'Bookings' });
  await expect(bookings.getByRole('row').nth(1)).toBeVisible();
  await bookings.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Booking MT-\d+$/ })).toBeVisible();
  const bookingId = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Booking ', '');
  const booking = (await (await page.request.get(`/api/console/bookings/${new URL(page.url()).pathname.split('/').pop()}`)).json()) as { booking?: { currency: string }; currency?: string };
  const currency = booking.booking?.currency ?? booking.currency!;
  const pendingBefore = await balances.getByRole('row', { name: new RegExp(`^${currency}\\b`) }).getByRole('button').first().textContent();

  // The partner's toast shows for a few seconds: watched for from before the click.
  const earned = expect(partner.getByRole('alert').filter({ hasText: 'Commission earned' }).filter({ hasText: bookingId })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: 'Mark completed' }).click();
  await page.getByRole('dialog', { name: `Mark completed: booking ${bookingId}?` }).getByRole('button', { name: 'Mark completed' }).click();
  await expect(page.getByText('Confirmed → Completed')).toBeVisible();
  await earned;
  // …and the pending balance of that currency grew, without a reload.
  await expect(balances.getByRole('row', { name: new RegExp(`^${currency}\\b`) }).getByRole('button').first()).not.toHaveText(pendingBefore!, { timeout: 30_000 });

  // Finance runs the payouts now: drafts for every agent with approved commissions and verified payment details.
  await page.goto('/console/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await expectAccessible(page, 'console payouts');
  await page.getByRole('button', { name: 'Run payouts now' }).click();
  await page.getByRole('dialog', { name: 'Run payouts now?' }).getByRole('button', { name: 'Run payouts' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Payouts built: [1-9]/ })).toBeVisible({ timeout: 30_000 });

  // One of Harbor's drafts: sent, then paid with the bank's reference.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('draft');
  const open = page.getByRole('button', { name: new RegExp(`^Open the payout of .* to ${DEMO_AGENTS.main}`) }).first();
  await expect(open).toBeVisible();
  await open.click();
  const drawer = page.getByRole('dialog', { name: `Payout to ${DEMO_AGENTS.main}` });
  await expect(drawer).toBeVisible();
  await expectAccessible(page, 'console payout drawer', {
    schemes: 'current',
    exclude: [{ selector: 'main', reason: "the page behind the drawer's overlay: dimmed on purpose, and out of reach while the drawer is open" }],
  });
  await drawer.getByRole('button', { name: 'Mark sent' }).click();
  await page.getByRole('dialog', { name: /^Mark the payout of .* sent\?$/ }).getByRole('button', { name: 'Mark sent' }).click();
  await expect(drawer.getByRole('button', { name: 'Mark paid' })).toBeVisible();
  const paidTold = expect(partner.getByRole('alert').filter({ hasText: 'Payout paid' })).toBeVisible({ timeout: 60_000 });
  await drawer.getByRole('button', { name: 'Mark paid' }).click();
  const confirmPaid = page.getByRole('dialog', { name: /^Mark the payout of .* paid\?$/ });
  await confirmPaid.getByRole('textbox', { name: 'Bank reference' }).fill('TRF-E2E-0001');
  await confirmPaid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(drawer.getByText(/SB-\d{4}-\d{6}/)).toBeVisible();
  const statementNumber = (await drawer.getByText(/SB-\d{4}-\d{6}/).first().textContent())!.match(/SB-\d{4}-\d{6}/)![0];
  await paidTold;

  // The partner's payouts list shows it paid (live), and its statement downloads as a PDF named by its number.
  const payouts = partner.getByRole('region', { name: 'Payouts' });
  const link = payouts.getByRole('link', { name: `Statement ${statementNumber}` });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expectAccessible(partner, 'my earnings with a paid payout', { schemes: 'current' });
  const download = partner.waitForEvent('download');
  await link.click();
  expect((await download).suggestedFilename()).toBe(`${statementNumber}.pdf`);

  // Finance reports: the monthly statements are there; the partner asks for one more version and downloads it.
  await partner.getByRole('navigation').getByRole('link', { name: 'Finance reports' }).click();
  await expect(partner.getByRole('heading', { level: 1, name: 'Finance reports' })).toBeVisible();
  const reports = partner.getByRole('table', { name: /Your finance reports/ });
  await expect(reports.getByText('Ready').first()).toBeVisible();
  await expectAccessible(partner, 'finance reports');
  const asked = partner.waitForResponse((response) => new URL(response.url()).pathname === '/api/finance-reports' && response.request().method() === 'POST');
  await partner.getByRole('button', { name: 'Ask for the report' }).click();
  await expect(partner.getByRole('alert').filter({ hasText: 'Report queued' })).toBeVisible();
  const queued = ((await (await asked).json()) as { report: { kind: 'monthly' | 'yearly'; period: string; currency: string; version: number } }).report;
  // The row by its period too: another period's report of the currency may have the same version (the demo's has).
  const periodLabel = queued.kind === 'yearly' ? queued.period : new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${queued.period}-01T00:00:00Z`));
  expect(queued.version).toBeGreaterThan(1);
  // Written by the job in the background; the list follows without a reload.
  const newest = partner.getByRole('button', { name: `Download the PDF of ${periodLabel} ${queued.currency} version ${queued.version}`, exact: true });
  await expect(newest).toBeVisible({ timeout: 60_000 });
  const reportDownload = partner.waitForEvent('download');
  await newest.click();
  expect((await reportDownload).suggestedFilename()).toMatch(new RegExp(`^commission-statement-\\d{4}-\\d{2}-${queued.currency}-v${queued.version}\\.pdf$`));

  // Where the money goes: the partner's payment details, and the console's pages of the ledger and of the details.
  await partner.getByRole('navigation').getByRole('link', { name: 'Payment details' }).click();
  await expect(partner.getByRole('heading', { level: 1, name: 'Payment details' })).toBeVisible();
  await expect(partner.getByText('•••• 5555').first()).toBeVisible();
  await expectAccessible(partner, 'payment details');
  await partnerContext.close();

  await page.keyboard.press('Escape');
  await page.goto('/console/payment-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment details' })).toBeVisible();
  // Northwind changed its account three days ago: it waits for verification, first in the list.
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(DEMO_AGENTS.second);
  await expectAccessible(page, 'console payment details');
  await page.goto('/console/commission-ledger');
  await expect(page.getByRole('heading', { level: 1, name: 'Commission ledger' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'console commission ledger');
});
