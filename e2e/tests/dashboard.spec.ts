import { expect, test } from '@playwright/test';
import { DEMO_EMAILS, DEMO_OPERATORS, DEMO_PASSWORD } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { expectAccessible } from '../support/axe';
import { signInToConsole } from '../support/console-sign-in';
import { expectNoSidewaysScroll } from '../support/layout';
import { signInThroughApi } from '../support/sign-in';

/**
 * The dashboard in the browser (issue 16, docs/dashboard.md): the owner of the demo's main agent sees the figures of
 * the last 30 days beside the 30 before, the action list, the chart and the recent bookings; a range chosen goes in
 * the URL and survives a reload; an operator completes one of the agent's bookings and the earnings card, watched by
 * the owner, changes without a reload. axe on the page, and nothing wider than a 360 px phone.
 */

const admin = DEMO_OPERATORS.find((each) => each.role === 'admin')!;

test("the dashboard compares the range with the period before, keeps the range in the URL, and shows a completed booking's commission live", async ({ browser, page }) => {
  // Two browsers, a live update and axe in both schemes, on two shared cores.
  test.setTimeout(420_000);

  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await signInThroughApi(partner, DEMO_EMAILS.partner, DEMO_PASSWORD);
  const subscribed = partner.waitForResponse((response) => new URL(response.url()).pathname === '/broadcasting/auth' && response.status() === 200);
  await partner.goto('/');
  await expect(partner.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible({ timeout: 60_000 });
  await subscribed;

  // The figures of the last 30 days, and what they are compared with.
  const caption = partner.getByText(/ compared with /);
  await expect(caption).toBeVisible();
  const bookings = partner.getByRole('region', { name: 'Bookings', exact: true });
  await expect(bookings.getByText('Referred', { exact: true })).toBeVisible();
  await expect(bookings.getByText('Completed', { exact: true })).toBeVisible();
  const earnings = partner.getByRole('region', { name: 'Earnings', exact: true });
  await expect(earnings.getByText('Pending', { exact: true })).toBeVisible();
  await expect(partner.getByRole('region', { name: 'Next payout' })).toBeVisible();
  await expect(partner.getByRole('region', { name: 'Needs your attention' })).toBeVisible();
  // The ten most recent bookings, newest first (a header row and ten).
  const recent = partner.getByRole('region', { name: 'Recent bookings' });
  await expect(recent.getByRole('row')).toHaveCount(11);
  await expectAccessible(partner, 'dashboard');

  // 90 days: in the URL, compared with the 90 days before, and still there after a reload.
  const thirtyDays = await caption.textContent();
  await partner.getByText('90 days', { exact: true }).click();
  await expect(partner).toHaveURL(/[?&]range=90d(&|$)/);
  await expect(caption).not.toHaveText(thirtyDays!);
  const ninetyDays = await caption.textContent();
  await partner.reload();
  await expect(partner.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible({ timeout: 60_000 });
  await expect(partner.getByText(/ compared with /)).toHaveText(ninetyDays!);

  // The chart as a table: the same figures, readable without the picture.
  const chart = partner.getByRole('region', { name: 'Bookings and earnings' });
  await chart.getByRole('button', { name: 'Show as table' }).click();
  await expect(chart.getByRole('table')).toBeVisible();

  // An operator completes one of the agent's confirmed bookings; the owner's pending earnings change on their own.
  const resubscribed = partner.waitForResponse((response) => new URL(response.url()).pathname === '/broadcasting/auth' && response.status() === 200);
  await partner.reload();
  await resubscribed;
  const pending = partner.getByRole('region', { name: 'Earnings', exact: true }).locator('div', { has: partner.getByText('Pending', { exact: true }) }).last();
  await expect(pending).toBeVisible();
  const pendingBefore = await pending.textContent();
  const user = (await (await partner.request.get('/api/user')).json()) as { partner_profile: { referral_agent: { id: number } } };
  await signInToConsole(page, admin.email, '/console/bookings?status=confirmed');
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  await page.goto(`/console/bookings?status=confirmed&agent_id=${user.partner_profile.referral_agent.id}&sort=date_time`);
  const list = page.getByRole('table', { name: 'Bookings' });
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  await list.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Booking MT-\d+$/ })).toBeVisible();
  await page.getByRole('group', { name: 'Status actions' }).getByRole('button', { name: 'Mark completed' }).click();
  await page.getByRole('dialog', { name: /^Mark completed: booking MT-\d+\?$/ }).getByRole('button', { name: 'Mark completed' }).click();
  await expect(page.getByText('Confirmed → Completed')).toBeVisible();
  await expect(pending).not.toHaveText(pendingBefore!, { timeout: 60_000 });
  // …and the commission is among the latest notifications.
  await expect(partner.getByRole('region', { name: 'Latest notifications' }).getByText('Commission earned').first()).toBeVisible();

  // A phone: one column, nothing wider than the screen.
  await partner.setViewportSize({ width: 360, height: 800 });
  await expect(partner.getByRole('combobox', { name: 'Period' })).toBeVisible();
  await expectNoSidewaysScroll(partner, 'dashboard at 360 px');
  await partnerContext.close();
});
