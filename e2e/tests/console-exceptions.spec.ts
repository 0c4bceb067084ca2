import { expect, test } from '@playwright/test';
import { DEMO_OPERATORS } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { expectAccessible } from '../support/axe';
import { signInToConsole } from '../support/console-sign-in';

/**
 * Finance's exceptions and the Overview's counts (issues 31 and 34, docs/console-exceptions.md): the demo finance operator
 * signs in to the Overview, reads the work waiting, follows the exceptions count, narrows the page to the unpriced
 * completion the demo leaves (a Northwind booking made the day before the rate card started) and follows its action to
 * the rate card; then the held payouts' action to the payment details waiting for verification. axe on each page.
 */

const finance = DEMO_OPERATORS.find((each) => each.role === 'finance')!;

test('a finance operator reads the work waiting, opens the exceptions and follows the action that resolves one', async ({ page }) => {
  // Sign-in and four pages with axe in both schemes, on two cores shared with other runs.
  test.setTimeout(360_000);
  await signInToConsole(page, finance.email, '/console');

  const waiting = page.getByRole('region', { name: 'Work waiting' });
  await expect(waiting.getByRole('link', { name: /^\d+ Payouts due to be sent$/ })).toBeVisible();
  const exceptionsCount = waiting.getByRole('link', { name: /^\d+ Finance exceptions$/ });
  await expect(exceptionsCount).toBeVisible();
  // Finance reviews no applications: the count its role cannot open is not there.
  await expect(waiting.getByRole('link', { name: /Partner applications/ })).toHaveCount(0);
  const total = Number((await exceptionsCount.innerText()).replace(/\D/g, ''));
  expect(total).toBeGreaterThanOrEqual(2);
  await expectAccessible(page, 'console overview with the work waiting');

  await exceptionsCount.click();
  await expect(page).toHaveURL(/\/console\/exceptions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Exceptions' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Exceptions' });
  await expect(table.getByRole('row').filter({ hasText: 'Payout held' }).first()).toContainText('Northwind Care Network');
  await expect(table.getByRole('row').filter({ hasText: 'Failed payout' }).first()).toContainText('account closed (AC04)');
  await expectAccessible(page, 'console exceptions');

  // The count of a kind shows only that kind, in the URL.
  const counts = page.getByRole('group', { name: 'Open exceptions by kind' });
  await counts.getByRole('button', { name: /^[1-9]\d* Unpriced completions$/ }).click();
  await expect(page).toHaveURL(/kind=unpriced_completion/);
  const unpriced = table.getByRole('row').filter({ hasText: 'Valencia Instituto de Fertilidad' });
  await expect(unpriced).toContainText('No rate of the card applies');
  await expect(table.getByRole('row').filter({ hasText: 'Payout held' })).toHaveCount(0);
  await expectAccessible(page, 'console exceptions, unpriced completions', { schemes: 'current' });

  await unpriced.getByRole('link', { name: 'Add a rate on the rate card' }).click();
  await expect(page).toHaveURL(/\/console\/rate-card\?facility_id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rate card' })).toBeVisible();

  // Back on the list, a held payout's action opens the payment details waiting for verification.
  await page.goBack();
  await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Held payouts' });
  await expect(page).toHaveURL(/kind=held_payout/);
  await table.getByRole('link', { name: 'Verify the payment details' }).first().click();
  await expect(page).toHaveURL(/\/console\/payment-details\?status=unverified$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment details' })).toBeVisible();
  await expectAccessible(page, 'console payment details from an exception', { schemes: 'current' });
});
