import { test } from '@playwright/test';
import { DEMO_OPERATORS } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { signInToConsole } from '../support/console-sign-in';

const admin = DEMO_OPERATORS.find((each) => each.role === 'admin')!;

test('shots', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  await signInToConsole(page, admin.email, '/console/exchange-rates');
  await page.getByRole('table', { name: /Exchange rates/ }).getByText('Latest').first().waitFor();
  await page.screenshot({ path: '/tmp/shot-fx.png' });
  await page.getByRole('button', { name: 'Set a rate' }).click();
  await page.getByRole('dialog').waitFor();
  await page.screenshot({ path: '/tmp/shot-fx-dialog.png' });
  await page.keyboard.press('Escape');
  await page.goto('/console/agreements');
  await page.getByRole('link', { name: /^Negotiated rates of/ }).first().click();
  await page.getByRole('table', { name: /Rate card/ }).getByText(/Contract of/).first().waitFor();
  await page.getByRole('button', { name: 'New rate' }).click();
  await page.getByRole('dialog').waitFor();
  await page.screenshot({ path: '/tmp/shot-contract-rate.png', fullPage: true });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 360, height: 760 });
  await page.goto('/console/exchange-rates');
  await page.getByText('Latest').first().waitFor();
  await page.screenshot({ path: '/tmp/shot-fx-phone.png' });
  await page.goto('/console/facilities');
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.getByRole('button', { name: 'New facility' }).click();
  await page.getByRole('dialog').waitFor();
  await page.screenshot({ path: '/tmp/shot-facility.png' });
});
