import { expect, test } from '@playwright/test';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { expectAccessible } from '../support/axe';
import { signInThroughApi } from '../support/sign-in';

/**
 * A partner page the member's role cannot open says so, why and who can change it, inside the app's frame and at the
 * address typed (issue 34 item 9); the affiliates rule of spec §2 for /commission-structure stays a redirect to /.
 */
test("a page a role cannot open says it is not available for that role and who can grant it; affiliates still go from /commission-structure to /", async ({ browser, page }) => {
  test.setTimeout(240_000);
  await signInThroughApi(page, DEMO_EMAILS.finance, DEMO_PASSWORD);
  await page.goto('/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Not available for your role' })).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/bookings$/);
  await expect(page.getByText('Bookings is not available to the Finance role: it shows bookings and patients’ names.')).toBeVisible();
  await expect(page.getByText('The Owner of your organisation can change your role on the Team page.')).toBeVisible();
  // The frame stays: the sidebar leads on.
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expectAccessible(page, 'not available for your role');
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();

  const affiliateContext = await browser.newContext();
  const affiliate = await affiliateContext.newPage();
  await signInThroughApi(affiliate, DEMO_EMAILS.affiliate, DEMO_PASSWORD);
  await affiliate.goto('/commission-structure');
  await expect(affiliate).toHaveURL(/\/$/);
  await expect(affiliate.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible({ timeout: 60_000 });
  await affiliateContext.close();
});
