import { expect, test } from '@playwright/test';
import { DEMO_OPERATORS } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { signInToConsole } from '../support/console-sign-in';
import { expectNoSidewaysScroll } from '../support/layout';
import { signInThroughApi } from '../support/sign-in';

/**
 * Partner tiers (issue 15): the demo owner's agent is Gold and on its way to Platinum. The page shows the tier and
 * its benefits, a progress bar per Platinum criterion with the days left in the quarter, what Platinum would change
 * in its rates, and the history. In the console, a finance operator freezes an agent's tier and releases it again.
 */
test("a partner reads their tier, the progress toward the next one and what it would change", async ({ page }) => {
  test.slow();
  await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Partner tiers' }).click();
  await expect(page).toHaveURL(/\/partner-tiers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Partner tiers' })).toBeVisible();

  const current = page.getByRole('region', { name: 'Your tier' });
  await expect(current.getByRole('heading', { name: 'Gold' })).toBeVisible();
  await expect(current).toContainText('A named partner manager');

  const progress = page.getByRole('region', { name: 'Progress to Platinum' });
  await expect(progress.getByText(/\d+ days? left in this quarter \(until 31 (Mar|Jun|Sept?|Dec) \d{4}\)|One day left in this quarter/)).toBeVisible();
  const bookings = progress.getByRole('progressbar', { name: /^Completed treatments: \d+ % of the target$/ });
  await expect(bookings).toBeVisible();
  await expect(progress.getByText(/^[\d,]+ of 300$/)).toBeVisible();
  await expect(progress.getByRole('progressbar', { name: /^Completed treatment value: \d+ % of the target$/ })).toBeVisible();
  await expect(progress.getByText(/exchange rates of \d{1,2} [A-Z][a-z]{2} \d{4}/)).toBeVisible();

  // The demo card pays Gold 10 % and Platinum 12 % where nothing more specific applies.
  const next = page.getByRole('region', { name: 'What Platinum changes' });
  await expect(next.getByRole('listitem').filter({ hasText: 'All services · all facilities · Platinum' })).toContainText('10 % → 12 %');
  await expect(next).toContainText('Co-branded patient guides');

  const history = page.getByRole('table', { name: 'Your tier history' });
  await expect(history.getByRole('row').filter({ hasText: 'Moved up from Silver to Gold' })).toContainText('Automatic');
  await expectAccessible(page, 'the partner tiers page');

  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSidewaysScroll(page, 'partner tier at 360 px');
});

test("a finance operator freezes an agent's tier with a reason, and releases it", async ({ page }) => {
  const finance = DEMO_OPERATORS.find((each) => each.role === 'finance')!;
  await signInToConsole(page, finance.email, '/console/partner-tiers');
  await expect(page.getByRole('heading', { level: 1, name: 'Partner tiers' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Platinum' })).toContainText('300 completed treatments');
  const table = page.getByRole('table', { name: /Agents’ tiers/ });
  const lakeside = table.getByRole('row').filter({ hasText: 'Lakeside Physiotherapy' });
  await expect(lakeside).toContainText('Silver');
  await expectAccessible(page, 'the console tiers');

  await lakeside.getByRole('button', { name: 'Freeze the tier of Lakeside Physiotherapy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Freeze the tier of Lakeside Physiotherapy' });
  await dialog.getByRole('textbox', { name: /^Reason/ }).fill('New partner: held at Silver through onboarding');
  await dialog.getByRole('button', { name: 'Freeze' }).click();
  await expect(dialog).toBeHidden();
  await expect(lakeside).toContainText('Frozen');

  await lakeside.getByRole('button', { name: 'Unfreeze the tier of Lakeside Physiotherapy' }).click();
  const release = page.getByRole('dialog', { name: 'Unfreeze the tier of Lakeside Physiotherapy' });
  await release.getByRole('textbox', { name: /^Reason/ }).fill('Onboarding finished');
  await release.getByRole('button', { name: 'Unfreeze' }).click();
  await expect(release).toBeHidden();
  await expect(lakeside).toContainText('Evaluated nightly');
});
