import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_OPERATORS } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { signInToConsole } from '../support/console-sign-in';
import { signInThroughApi } from '../support/sign-in';

/**
 * Agreements (issue 15): the demo owner's organisation has version 2 of the Partner Programme Agreement to sign. The
 * banner says so on every page; the owner reads it to its end, consents, types their name and signs; the banner goes,
 * the signed PDF downloads and re-hashes to the stored SHA-256; the console shows the signature.
 */
test('an owner signs the pending agreement: the banner goes and the signed PDF downloads', async ({ page, browser }) => {
  test.slow();
  await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  await page.goto('/bookings');
  const banner = page.getByRole('region', { name: 'An agreement needs your signature' });
  // The banner follows the agreements' answer, which the embedded database serves after the page's own (one query
  // at a time): on a busy machine that has taken more than the default 10 s.
  await expect(banner).toContainText('Partner Programme Agreement (version 2) must be signed by an owner', { timeout: 30_000 });
  await banner.getByRole('link', { name: 'Read and sign' }).click();
  await expect(page).toHaveURL(/\/agreements\?agreement=\d+$/);

  const reader = page.getByRole('dialog', { name: 'Partner Programme Agreement' });
  await expect(reader.getByRole('heading', { name: '7. Held commissions' })).toBeAttached();
  await expect(reader.getByText('Scroll to the end of the agreement to sign it.')).toBeVisible();
  await expectAccessible(page, 'the agreement reader');
  // Signing before reading to the end is refused with the reason.
  await reader.getByRole('checkbox').check();
  await reader.getByRole('textbox', { name: /^Your full name/ }).fill('Amelia Hart');
  await reader.getByRole('button', { name: 'Sign agreement' }).click();
  await expect(reader.getByText('Scroll to the end of the agreement to sign it.')).toHaveAttribute('role', 'alert');
  // Read to the end (the region scrolls), then sign.
  await reader.getByRole('region', { name: 'Agreement text: scroll to its end' }).evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(reader.getByText('You have reached the end of the agreement.')).toBeVisible();
  await reader.getByRole('button', { name: 'Sign agreement' }).click();
  await expect(reader.getByText(/^Signed by Amelia Hart on/)).toBeVisible();
  await expect(banner).toBeHidden();

  const downloading = page.waitForEvent('download');
  await reader.getByRole('button', { name: 'Download signed PDF: Partner Programme Agreement, version 2' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('partner-programme-agreement-v2-signed.pdf');
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const list = await (await page.request.get('/api/agreements', { headers: { Accept: 'application/json' } })).json();
  const signed = list.agreements.find((agreement: { version: number; key: string }) => agreement.key === 'partner-programme-agreement' && agreement.version === 2);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(signed.acceptance.pdf_sha256);

  await reader.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contracts' }).click();
  await expect(page.getByRole('article', { name: 'Partner Programme Agreement, Version 2' })).toContainText('Active');
  await expectAccessible(page, 'the contracts page');

  // The console sees the signature.
  const finance = DEMO_OPERATORS.find((each) => each.role === 'finance')!;
  const consoleContext = await browser.newContext();
  const operator = await consoleContext.newPage();
  await signInToConsole(operator, finance.email, '/console/agreements');
  await operator.getByRole('button', { name: 'Signatures of Partner Programme Agreement, version 2' }).click();
  const signatures = operator.getByRole('table', { name: 'Who signed and who has not' });
  await expect(signatures.getByRole('row').filter({ hasText: 'Harbor Health Partners' })).toContainText('Amelia Hart');
  await expectAccessible(operator, 'the console signatures');
  await consoleContext.close();
});
