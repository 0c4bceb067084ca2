import { expect, test } from '@playwright/test';
import { DEMO_EMAILS, DEMO_OPERATORS, DEMO_PASSWORD } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { expectAccessible } from '../support/axe';
import { signInToConsole } from '../support/console-sign-in';
import { signInThroughApi } from '../support/sign-in';

/**
 * Adjustments in the browser (issue 31, docs/earnings.md "Refunds and adjustments"): a finance operator corrects a
 * completed booking's amount in the console with a reason; the booking's Commission panel shows the adjustment, and the
 * partner sees the adjustment line with its reason on My earnings, linked to its booking.
 */

const finance = DEMO_OPERATORS.find((each) => each.role === 'finance')!;

interface Line {
  kind: string;
  status: string;
  clawed_back_by: number | null;
  rate: { kind: string };
  treatment_on: string;
}

test('an operator corrects a completed booking’s amount; the partner sees the adjustment with its reason', async ({ browser, page }) => {
  test.setTimeout(300_000);
  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await signInThroughApi(partner, DEMO_EMAILS.finance, DEMO_PASSWORD);
  const user = (await (await partner.request.get('/api/user')).json()) as { partner_profile: { referral_agent: { id: number } } };
  const agentId = user.partner_profile.referral_agent.id;

  // A completed booking of the partner's agent whose commission is a percentage still standing (not reversed).
  await signInToConsole(page, finance.email, '/console/bookings');
  const listed = (await (await page.request.get(`/api/console/bookings?status=completed&agent_id=${agentId}&per_page=50`)).json()) as { data: { id: number; amount: string }[] };
  let chosen: { id: number; amount: string; line: Line } | undefined;
  for (const row of listed.data) {
    const money = (await (await page.request.get(`/api/console/earnings/bookings/${row.id}`)).json()) as { lines: Line[] };
    const line = money.lines.find((each) => each.kind === 'commission' && each.status !== 'reversed' && each.clawed_back_by === null && each.rate.kind === 'percentage');
    if (line && money.lines.length === 1) {
      chosen = { id: row.id, amount: row.amount, line };
      break;
    }
  }
  expect(chosen, 'a completed demo booking with a percentage commission').toBeDefined();
  const { id, amount, line } = chosen!;

  await page.goto(`/console/bookings/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Booking / })).toBeVisible();
  const commission = page.getByRole('heading', { level: 2, name: 'Commission' });
  await expect(commission).toBeVisible();

  // The corrected amount: the clinic's final invoice, 100 more. A completed treatment's amount asks the partner's reason.
  const corrected = (Number(amount) + 100).toFixed(2);
  const reason = 'The clinic’s final invoice added the follow-up scan.';
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill(corrected);
  await page.getByRole('textbox', { name: /^Reason \(shown to the partner\)/ }).fill(reason);
  await page.getByRole('button', { name: 'Save amount' }).click();
  await expect(page.getByRole('list', { name: 'Commission lines' }).getByText(reason)).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, 'console booking with an adjustment', { schemes: 'current' });

  // The partner, on My earnings for the treatment's day, reads the adjustment and its reason, linked to the booking.
  await partner.goto(`/my-earnings?from=${line.treatment_on}&to=${line.treatment_on}`);
  await expect(partner.getByRole('heading', { level: 1, name: 'My earnings' })).toBeVisible({ timeout: 60_000 });
  const adjustment = partner.getByRole('row').filter({ hasText: `Adjustment: ${reason}` });
  await expect(adjustment).toBeVisible({ timeout: 30_000 });
  await expect(adjustment.getByRole('link', { name: /^MT-/ })).toHaveAttribute('href', /\/bookings\?search=MT-/);
  await partnerContext.close();
});
