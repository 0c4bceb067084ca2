import { signInToConsole } from '../support/console-sign-in';
import { expect, test } from '@playwright/test';
import { DEMO_OPERATORS } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { expectAccessible } from '../support/axe';

/**
 * The audit log viewer and the background jobs page (issue 14): the demo admin signs in with a TOTP code, filters
 * the audit log down to their own console sign-ins, opens one, then opens the jobs page. axe on every state.
 */

const admin = DEMO_OPERATORS.find((each) => each.role === 'admin')!;

test('an admin filters the audit log, opens a row, and sees the background jobs', async ({ page }) => {
  // Sign-in, four pages and states with axe in both schemes, on two cores shared with other runs.
  test.setTimeout(360_000);
  await signInToConsole(page, admin.email, '/console/audit-log');

  await expect(page).toHaveURL(/\/console\/audit-log$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'console audit log');

  // Their own sign-ins to the console: operator, by name, and the action in words.
  await page.getByRole('combobox', { name: 'Actor type' }).selectOption('operator');
  await page.getByRole('combobox', { name: 'Actor', exact: true }).selectOption({ label: `${admin.name} (Admin)` });
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Signed in to the console' });
  await expect(page).toHaveURL(/actor_type=operator&actor=\d+&action=console\.sign_in$/);
  const signIn = table.getByRole('row').filter({ hasText: 'Signed in to the console' }).first();
  await expect(signIn).toContainText(admin.name);
  await expect(table.getByRole('row').filter({ hasNotText: 'Signed in to the console' })).toHaveCount(1);
  await expectAccessible(page, 'console audit log, filtered');

  // The filters survive a reload: they are the URL.
  await page.reload();
  // A whole new load of the console on shared cores: more than the usual 10 s may pass before its first page.
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('combobox', { name: 'Action' })).toHaveValue('console.sign_in');

  await table.getByRole('row').filter({ hasText: 'Signed in to the console' }).first().getByRole('button', { name: /^View event \d+$/ }).click();
  const drawer = page.getByRole('dialog', { name: /^Event \d+$/ });
  await expect(drawer).toBeVisible();
  const changes = drawer.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('row').filter({ hasText: 'method' })).toContainText('totp');
  await expectAccessible(page, 'console audit event detail', { schemes: 'current' });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Background jobs' }).click();
  await expect(page).toHaveURL(/\/console\/jobs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible();
  const queues = page.getByRole('table', { name: 'Jobs in each queue, by state' });
  await expect(queues.getByRole('row', { name: /mail\.send/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Failed jobs' })).toBeVisible();
  await expectAccessible(page, 'console background jobs');
});
