import { expect, test } from '@playwright/test';
import { DEMO_OPERATORS } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { signInToConsole } from '../support/console-sign-in';
import { signInThroughApi } from '../support/sign-in';

/**
 * The rate card in the console (issue 15): a finance operator adds a facility's rate starting in ten days; the demo
 * partner finds it among the upcoming changes of /commission-structure, and is told in the bell.
 */
const finance = DEMO_OPERATORS.find((each) => each.role === 'finance')!;

function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test('a finance operator adds a rate; the partner sees the change coming and is told of it', async ({ page, browser }) => {
  test.slow();
  await signInToConsole(page, finance.email, '/console/rate-card');
  await expect(page.getByRole('heading', { level: 1, name: 'Rate card' })).toBeVisible();
  const table = page.getByRole('table', { name: /Rate card/ });
  await expect(table.getByText('Dentistry · all facilities').first()).toBeVisible();
  await expectAccessible(page, 'the console rate card');

  await page.getByRole('button', { name: 'New rate' }).click();
  const dialog = page.getByRole('dialog', { name: 'New rate' });
  await dialog.getByRole('combobox', { name: 'Facility' }).selectOption({ label: 'Saadiyat Fertility Clinic' });
  await expect(dialog.getByText('The facility bills in AED.').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: /^Rate \(%\)/ }).fill('7.25');
  await dialog.getByLabel(/^Valid from/).fill(inDays(10));
  await expectAccessible(page, 'the new rate form');
  await dialog.getByRole('button', { name: 'Add rate' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Upcoming' });
  await expect(table.getByRole('row').filter({ hasText: 'Saadiyat Fertility Clinic · all services' })).toContainText('7.25 %');

  // The partner: the change among the upcoming ones, and a notification once the announcement job has run.
  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await signInThroughApi(partner, DEMO_EMAILS.partner, DEMO_PASSWORD);
  await expect
    .poll(async () => {
      const answer = await partner.request.get('/api/notifications?per_page=5', { headers: { Accept: 'application/json' } });
      return ((await answer.json()) as { data: { type: string; body: string }[] }).data.find((notification) => notification.type === 'rates.changed')?.body ?? '';
    }, { timeout: 60_000 })
    .toContain('Saadiyat Fertility Clinic · all services: 6 % → 7.25 %');
  await partner.goto('/commission-structure');
  const upcoming = partner.getByRole('region', { name: 'Upcoming changes' });
  await expect(upcoming.getByRole('listitem').filter({ hasText: 'Saadiyat Fertility Clinic · all services' }).filter({ hasText: '6 % → 7.25 %' })).toHaveCount(1);
  await partnerContext.close();
});

test("an individual contract's negotiated rates: from the agreements page to the rate card, and one more added", async ({ page }) => {
  const admin = DEMO_OPERATORS.find((each) => each.role === 'admin')!;
  await signInToConsole(page, admin.email, '/console/agreements');
  const agreements = page.getByRole('table', { name: /Agreements/ });
  await agreements.getByRole('link', { name: /^Negotiated rates of Individual contract: Northwind Care Network/ }).click();
  await expect(page).toHaveURL(/\/console\/rate-card\?scope=contracts&contract_id=\d+$/);
  const table = page.getByRole('table', { name: /Rate card/ });
  await expect(table.getByRole('row').filter({ hasText: 'Pearl Dental Studio · Dental Implant' })).toContainText('Contract of Northwind Care Network');

  await page.getByRole('button', { name: 'New rate' }).click();
  const dialog = page.getByRole('dialog', { name: 'New rate' });
  await expect(dialog.getByRole('combobox', { name: /^For/ })).toHaveValue(/\d+/);
  await expect(dialog.getByRole('combobox', { name: 'Tier' })).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Specialty' }).selectOption({ label: 'Ophthalmology' });
  await dialog.getByRole('textbox', { name: /^Rate \(%\)/ }).fill('9');
  await dialog.getByLabel(/^Valid from/).fill(inDays(20));
  await expectAccessible(page, "the new rate form for an individual contract");
  await dialog.getByRole('button', { name: 'Add rate' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: 'Ophthalmology · all facilities' })).toContainText('9 %');
  await expect(table.getByRole('row').filter({ hasText: 'Ophthalmology · all facilities' })).toContainText('Contract of Northwind Care Network');
});
