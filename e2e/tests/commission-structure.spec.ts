import { expect, test } from '@playwright/test';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll } from '../support/layout';
import { signInThroughApi } from '../support/sign-in';

/**
 * The commission structure (issue 15) as the demo owner reads it: from the sidebar to the rates, the upcoming changes
 * of the demo rate card (three weeks ahead), a search and a country filter, on a phone too; an affiliate has neither
 * the link nor the API.
 */
test('a partner reads their rates and the upcoming changes, searches and filters by country', async ({ page }) => {
  test.slow();
  await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Commission structure' }).click();
  await expect(page).toHaveURL(/\/commission-structure$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Commission structure' })).toBeVisible();

  const table = page.getByRole('table', { name: /Your commission rates/ });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  // The demo card: two changes in three weeks, each said once for everything it covers, with its date.
  const upcoming = page.getByRole('region', { name: 'Upcoming changes' });
  const aldhelm = upcoming.getByRole('listitem').filter({ hasText: 'St Aldhelm Private Hospital · all services' });
  await expect(aldhelm).toContainText('7.5 % → 8.5 %');
  await expect(aldhelm).toContainText(/at one facility/);
  await expect(aldhelm).toContainText(/From \d{1,2} [A-Z][a-z]{2} \d{4}/);
  // One line for the card's one change, whatever currencies its facilities bill in.
  await expect(upcoming.getByRole('listitem').filter({ hasText: 'Dentistry · all facilities' })).toHaveCount(1);
  await expect(upcoming.getByRole('listitem').filter({ hasText: 'Dentistry · all facilities' })).toContainText('10 % → 11 %');

  // The flat fee per implant at Pearl Dental Studio, found by searching.
  await page.getByRole('textbox', { name: 'Search' }).fill('Dental Implant');
  await expect(page).toHaveURL(/search=Dental(\+|%20)Implant/);
  const pearl = table.getByRole('row').filter({ hasText: 'Pearl Dental Studio' });
  await expect(pearl).toContainText('AED 550.00 per treatment');
  await expect(pearl).toContainText('14 days');

  // Country filter, the search cleared: only the United Kingdom's facilities remain.
  await page.getByRole('textbox', { name: 'Search' }).fill('');
  await expect(page).not.toHaveURL(/search=/);
  await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'United Kingdom' });
  await expect(page).toHaveURL(/country=GB/);
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByRole('row').filter({ hasText: 'Pearl Dental Studio' })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'United Kingdom' }).first()).toBeVisible();
  await expectAccessible(page, 'the commission structure');

  // At 360 px the page fits the screen.
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSidewaysScroll(page, 'commission structure at 360 px');
});

test('an affiliate has no commission structure link and the API refuses them with the reason', async ({ page }) => {
  await signInThroughApi(page, DEMO_EMAILS.affiliate, DEMO_PASSWORD);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bookings' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Commission structure' })).toHaveCount(0);
  const answer = await page.request.get('/api/commission-structure', { headers: { Accept: 'application/json' } });
  expect(answer.status()).toBe(403);
  expect(await answer.json()).toMatchObject({ message: 'The commission structure is not part of the affiliates programme.' });
});
