import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { signInThroughApi } from '../support/sign-in';

/**
 * Referral details (issue 17): the owner of the demo agent opens the page from the sidebar, sees their code, link and
 * QR code and the team's figures, downloads the QR code as a PNG; the link opens the public landing page, which
 * remembers the code; an agent of the team regenerates their code and the old one keeps resolving.
 */
const CODE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;

test('the owner sees their code and QR code, downloads the PNG, and the link names the agent', async ({ page, browser }) => {
  test.slow();
  await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  await page.goto('/');
  await page.getByRole('link', { name: 'Referral details' }).click();
  await expect(page).toHaveURL(/\/view-referral-details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Referral details' })).toBeVisible();

  const codeSection = page.getByRole('region', { name: 'Your referral code' });
  const code = (await codeSection.getByTestId('referral-code').textContent())?.trim() ?? '';
  expect(code).toMatch(CODE);
  const link = codeSection.getByRole('status', { name: 'Referral link' });
  await expect(link).toHaveText(new RegExp(`/r/${code}$`));

  const qr = codeSection.getByRole('img', { name: /^QR code that opens your referral link/ });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);

  await expect(page.getByRole('region', { name: 'Your organisation' }).getByText('Harbor Health Partners')).toBeVisible();
  const team = page.getByRole('table', { name: 'Referrals by team member, this month and last month' });
  await expect(team.getByRole('rowheader', { name: 'Grace Mwangi' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await codeSection.getByRole('button', { name: 'Download QR code as PNG' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`referral-${code}.png`);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  await expectAccessible(page, 'referral details of an owner');

  // Someone who scans the code: a fresh browser, signed out.
  const visitor = await browser.newContext();
  const landing = await visitor.newPage();
  await landing.goto(`/r/${code}`);
  await expect(landing.getByRole('heading', { name: 'Referred by Harbor Health Partners' })).toBeVisible();
  expect(JSON.parse((await landing.evaluate(() => window.localStorage.getItem('referral'))) ?? '{}')).toMatchObject({ code });
  await landing.goto('/r/ZZZZZZZZ');
  await expect(landing.getByRole('heading', { name: 'This referral link does not work' })).toBeVisible();
  await visitor.close();
});

test('an agent regenerates their code; the old one keeps working', async ({ page }) => {
  await signInThroughApi(page, DEMO_EMAILS.secondAgent, DEMO_PASSWORD);
  await page.goto('/view-referral-details');
  const codeSection = page.getByRole('region', { name: 'Your referral code' });
  const before = (await codeSection.getByTestId('referral-code').textContent())?.trim() ?? '';
  expect(before).toMatch(CODE);
  // An agent sees no team figures.
  await expect(page.getByRole('region', { name: 'Team referrals' })).toHaveCount(0);

  await codeSection.getByRole('button', { name: 'Get a new code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get a new referral code?' });
  await expect(dialog).toContainText(`${before} and its link keep working for 30 days`);
  await dialog.getByRole('button', { name: 'Get a new code' }).click();
  await expect(dialog).toBeHidden();

  await expect(codeSection.getByTestId('referral-code')).not.toHaveText(before);
  const after = (await codeSection.getByTestId('referral-code').textContent())?.trim() ?? '';
  expect(after).toMatch(CODE);
  await expect(codeSection.getByText(new RegExp(`^${before}, works until`))).toBeVisible();
  // The QR code follows the new code.
  await expect(codeSection.getByRole('img', { name: new RegExp(`/r/${after}$`) })).toBeVisible();

  for (const code of [before, after]) {
    const resolved = await page.request.get(`/api/referral-codes/${code}`);
    expect(resolved.status()).toBe(200);
    expect(await resolved.json()).toEqual({ valid: true, code, current_code: after, agent_name: 'Harbor Health Partners' });
  }
});
