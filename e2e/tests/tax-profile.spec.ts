import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_AGENTS, DEMO_EMAILS, DEMO_OPERATORS, DEMO_PASSWORD } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { pdfText } from '../../apps/server/src/test/pdf-text.ts';
import { expectAccessible } from '../support/axe';
import { signInToConsole } from '../support/console-sign-in';
import { expectNoSidewaysScroll } from '../support/layout';
import { signInThroughApi } from '../support/sign-in';

/**
 * Tax details in the browser (issue 31, docs/payment-details.md "Tax details"): Harbor's finance member opens the
 * tax profile its statements print, changes the legal name, the address and the VAT number, and the self-billing
 * statement downloaded next prints them, with the reverse-charge note (a British VAT-registered partner of a business
 * in the Emirates). axe on the page and the dialog; the page at 360 px. Then an operator who reads earnings sees the
 * profile in the console, and the demo's statement numbers run per year from 1 without a gap.
 */

test('a finance member edits the tax profile, and the statement prints it with the reverse-charge note', async ({ page }) => {
  test.slow();
  await signInThroughApi(page, DEMO_EMAILS.finance, DEMO_PASSWORD);
  await page.goto('/tax-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Tax details' })).toBeVisible({ timeout: 60_000 });
  const card = page.getByRole('region', { name: 'Printed on your statements' });
  await expect(card.getByText('Harbor Health Partners Ltd')).toBeVisible();
  await expect(card.getByText(/Your statements carry the reverse-charge note/)).toBeVisible();
  await expectAccessible(page, 'tax details');

  await card.getByRole('button', { name: 'Edit tax details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tax details' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'tax details dialog', { schemes: 'current', exclude: [{ selector: 'main', reason: "the page behind the dialog's overlay: dimmed on purpose, and out of reach while the dialog is open" }] });
  await dialog.getByRole('textbox', { name: 'Legal name' }).fill('Harbor Health Partners Limited');
  await dialog.getByRole('textbox', { name: 'Address', exact: true }).fill('3 Admiralty Yard');
  // Another country's number is refused before anything is sent.
  await dialog.getByRole('textbox', { name: 'VAT number' }).fill('DE318472905');
  await dialog.getByRole('button', { name: 'Save tax details' }).click();
  await expect(dialog.getByText('A VAT number of this country starts with GB.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'VAT number' }).fill('GB 731 2049 58');
  const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/tax-profile' && response.request().method() === 'PUT');
  await dialog.getByRole('button', { name: 'Save tax details' }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Harbor Health Partners Limited')).toBeVisible();
  await expect(card.getByText('GB731204958')).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page, 'tax details at 360 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  // A paid payout's statement, written now: the oldest on the first page (the newest may be another test's, written
  // when it was paid, before this change).
  await page.getByRole('navigation').getByRole('link', { name: 'My earnings' }).click();
  const payouts = page.getByRole('region', { name: 'Payouts' });
  const statements = payouts.getByRole('link', { name: /^Statement SB-\d{4}-\d{6}$/ });
  await expect(statements.first()).toBeVisible({ timeout: 60_000 });
  const link = statements.last();
  const number = (await link.textContent())!.replace('Statement ', '');
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number}.pdf`);
  const text = pdfText(readFileSync((await file.path())!)).texts.join(' ').replace(/\s+/g, ' ');
  for (const expected of ['Harbor Health Partners Limited', 'Trading as Harbor Health Partners', '3 Admiralty Yard', 'United Kingdom (GB)', 'VAT number: GB731204958', 'Reverse charge: the supplier is established in another country']) {
    expect(text).toContain(expected);
  }
});

test("an operator with earnings.read sees the partner's tax profile, and statement numbers run per year without a gap", async ({ page }) => {
  const support = DEMO_OPERATORS.find((each) => each.role === 'support')!;
  await signInToConsole(page, support.email, '/console/payment-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment details' })).toBeVisible();
  await page.getByRole('button', { name: `Open the payment details of ${DEMO_AGENTS.second}` }).click();
  const drawer = page.getByRole('dialog', { name: `Payment details of ${DEMO_AGENTS.second}` });
  const tax = drawer.getByRole('region', { name: 'Tax profile' });
  await expect(tax.getByText('Northwind Care Network GmbH')).toBeVisible();
  await expect(tax.getByText('DE318472905')).toBeVisible();
  await expect(tax.getByText('Yes: printed on its statements')).toBeVisible();
  await expectAccessible(page, 'console payment details drawer with the tax profile', {
    schemes: 'current',
    exclude: [{ selector: 'main', reason: "the page behind the drawer's overlay: dimmed on purpose, and out of reach while the drawer is open" }],
  });

  // Every paid payout's number, the demo's and any paid by the tests before: per year 1, 2, 3… with none missing.
  const numbers: string[] = [];
  for (let page_ = 1; ; page_ += 1) {
    const response = await page.request.get(`/api/console/earnings/payouts?status=paid&per_page=200&page=${page_}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { data: { statement_number: string | null }[]; last_page: number };
    numbers.push(...body.data.map((payout) => payout.statement_number!));
    if (page_ >= body.last_page) break;
  }
  const byYear = new Map<string, number[]>();
  for (const number of numbers) {
    const [, year, sequence] = /^SB-(\d{4})-(\d{6})$/.exec(number)!;
    byYear.set(year!, [...(byYear.get(year!) ?? []), Number(sequence)]);
  }
  expect(byYear.size).toBeGreaterThan(0);
  for (const [year, sequences] of byYear) {
    expect(sequences.sort((a, b) => a - b), `statement numbers of ${year}`).toEqual(sequences.map((_, index) => index + 1));
  }
});
