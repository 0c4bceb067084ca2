import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_AGENTS, DEMO_EMAILS, DEMO_OPERATORS, DEMO_PASSWORD } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { CONSOLE_CSRF_COOKIE } from '../../packages/contracts/src/console-session.ts';
import { minorToDecimal } from '../../packages/contracts/src/money.ts';
import { TAX_PROFILE_URL } from '../../packages/contracts/src/tax-profile.ts';
import { pdfText } from '../../apps/server/src/test/pdf-text.ts';
import { expectAccessible } from '../support/axe';
import { signInToConsole } from '../support/console-sign-in';
import { signInThroughApi } from '../support/sign-in';

/**
 * Four eyes in the browser (issue 31, docs/earnings.md "Four eyes"): a finance operator corrects a completed booking's
 * amount; the partner sees the adjustment line with its reason; the admin sets the currency's four-eyes threshold on its
 * page; the finance operator proposes the payout batch that includes the adjustment, and cannot approve it himself;
 * the admin approves it, and its payouts are sent, with both names on the batch; once paid, the partner's statement
 * of it prints the agent's tax profile. The demo's own batch and verification
 * awaiting a second operator are there for the admin too.
 */

const finance = DEMO_OPERATORS.find((each) => each.role === 'finance')!;
const admin = DEMO_OPERATORS.find((each) => each.role === 'admin')!;

interface Line {
  kind: string;
  status: string;
  amount_minor: number;
  currency: string;
  clawed_back_by: number | null;
  rate: { kind: string };
  treatment_on: string;
  adjustment: { reason: string } | null;
}

const THRESHOLDS_URL = '/api/console/earnings/payout-approval-thresholds';

async function json<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.ok(), `${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test('a second operator approves the payout batch that includes a corrected booking’s adjustment', async ({ browser, page }) => {
  test.setTimeout(600_000);
  const today = new Date().toISOString().slice(0, 10);
  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await signInThroughApi(partner, DEMO_EMAILS.finance, DEMO_PASSWORD);
  const user = (await (await partner.request.get('/api/user')).json()) as { partner_profile: { referral_agent: { id: number } } };
  const agentId = user.partner_profile.referral_agent.id;

  // A completed booking of the partner's agent whose percentage commission is approved or paid: its adjustment is then
  // payable by today, in a currency where the agent has no payout today (so the next run builds one with it), and with it
  // at least the currency's minimum (so the run does not carry it forward).
  await signInToConsole(page, finance.email, '/console/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  const schedules = await json<{ schedules: { currency: string; minimum_minor: number }[] }>(page, '/api/console/earnings/payout-schedules');
  // One payout per agent, currency and run day (a failed one aside): a currency paid today already is no use.
  const todays = await json<{ data: { currency: string; status: string }[] }>(page, `/api/console/earnings/payouts?referral_agent_id=${agentId}&scheduled_on=${today}&per_page=100`);
  const busy = new Set(todays.data.filter((payout) => payout.status !== 'failed').map((payout) => payout.currency));
  // What the agent has approved and waiting in a currency (a clawback nets it): the run pays it with the adjustment.
  const balances = new Map<string, number>();
  const balanceIn = async (currency: string) => {
    if (!balances.has(currency)) {
      const approved = await json<{ data: { amount_minor: number }[] }>(page, `/api/console/earnings/lines?referral_agent_id=${agentId}&status=approved&currency=${currency}&per_page=100`);
      balances.set(currency, approved.data.reduce((sum, each) => sum + each.amount_minor, 0));
    }
    return balances.get(currency)!;
  };
  let chosen: { id: number; amount: string; line: Line } | undefined;
  for (let pageNumber = 1; pageNumber <= 10 && !chosen; pageNumber += 1) {
    const listed = await json<{ data: { id: number; amount: string }[] }>(page, `/api/console/bookings?status=completed&agent_id=${agentId}&per_page=100&page=${pageNumber}`);
    for (const row of listed.data) {
      const money = await json<{ lines: Line[] }>(page, `/api/console/earnings/bookings/${row.id}`);
      const line = money.lines[0];
      if (money.lines.length !== 1 || !line || line.kind !== 'commission' || line.clawed_back_by !== null || line.rate.kind !== 'percentage' || busy.has(line.currency)) continue;
      const minimum = schedules.schedules.find((schedule) => schedule.currency === line.currency)?.minimum_minor ?? Number.POSITIVE_INFINITY;
      // The adjustment (as much as the line again) joins what is approved and waiting (the line itself, when approved).
      if ((line.status === 'paid' || line.status === 'approved') && (await balanceIn(line.currency)) + line.amount_minor >= minimum) {
        chosen = { id: row.id, amount: row.amount, line };
        break;
      }
    }
    if (listed.data.length < 100) break;
  }
  expect(chosen, 'a completed demo booking with an approved or paid percentage commission').toBeDefined();
  const { id, amount, line } = chosen!;
  const currency = line.currency;

  // The clinic's final invoice doubles the amount: the commission's adjustment is as much again.
  await page.goto(`/console/bookings/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Booking / })).toBeVisible();
  const reason = 'The clinic’s final invoice added the second stage of the treatment.';
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill((Number(amount) * 2).toFixed(2));
  await page.getByRole('textbox', { name: /^Reason \(shown to the partner\)/ }).fill(reason);
  await page.getByRole('button', { name: 'Save amount' }).click();
  await expect(page.getByRole('list', { name: 'Commission lines' }).getByText(reason)).toBeVisible({ timeout: 30_000 });

  // The partner reads the adjustment and its reason on My earnings.
  await partner.goto(`/my-earnings?from=${line.treatment_on}&to=${line.treatment_on}`);
  await expect(partner.getByRole('heading', { level: 1, name: 'My earnings' })).toBeVisible({ timeout: 60_000 });
  await expect(partner.getByRole('row').filter({ hasText: `Adjustment: ${reason}` })).toBeVisible({ timeout: 30_000 });

  // The admin makes every batch of the currency need two operators (0), on the thresholds' page.
  const adminContext = await browser.newContext();
  const second = await adminContext.newPage();
  await signInToConsole(second, admin.email, '/console/payouts/approval-thresholds');
  await expect(second.getByRole('heading', { level: 1, name: 'Four-eyes thresholds' })).toBeVisible();
  const before = (await json<{ thresholds: { currency: string; threshold_minor: number }[] }>(second, THRESHOLDS_URL)).thresholds.find((row) => row.currency === currency);
  const table = second.getByRole('table', { name: 'Four-eyes thresholds by currency' });
  // The demo's rupee threshold, set by the admin.
  await expect(table.getByRole('row').filter({ hasText: /^INR/ }).filter({ hasText: `by ${admin.name}` })).toBeVisible();
  await expectAccessible(second, 'console four-eyes thresholds');
  let dialog;
  if (before) {
    await table.getByRole('button', { name: `Edit the threshold of ${currency}` }).click();
    dialog = second.getByRole('dialog', { name: `Four-eyes threshold of ${currency}` });
  } else {
    await second.getByRole('button', { name: 'Add a currency' }).click();
    dialog = second.getByRole('dialog', { name: 'Add a four-eyes threshold' });
    await dialog.getByRole('combobox', { name: /^Currency/ }).fill(currency);
    await second.getByRole('option', { name: new RegExp(`^${currency}`) }).click();
  }
  await expectAccessible(second, 'console four-eyes threshold dialog', { schemes: 'current' });
  await dialog.getByRole('textbox', { name: /^Threshold/ }).fill('0');
  await dialog.getByRole('button', { name: 'Save threshold' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: new RegExp(`^${currency}`) })).toContainText('Every batch');

  try {
    // Finance runs the payouts: the agent's draft in the currency now holds the adjustment.
    await page.goto('/console/payouts');
    await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
    await page.getByRole('button', { name: 'Run payouts now' }).click();
    await page.getByRole('dialog', { name: 'Run payouts now?' }).getByRole('button', { name: 'Run payouts' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Payouts built: [1-9]/ })).toBeVisible({ timeout: 30_000 });
    const built = await json<{ data: { id: number; status: string }[] }>(page, `/api/console/earnings/payouts?referral_agent_id=${agentId}&currency=${currency}&scheduled_on=${today}`);
    expect(built.data).toHaveLength(1);
    const payout = await json<{ lines: Line[] }>(page, `/api/console/earnings/payouts/${built.data[0]!.id}`);
    expect(payout.lines.map((each) => each.adjustment?.reason)).toContain(reason);

    // The first operator proposes the batch: it awaits a second operator, and his own Approve is disabled, saying why.
    await page.goto(`/console/payouts?currency=${currency}&scheduled_on=${today}&status=draft`);
    await page.getByRole('button', { name: 'Send batch' }).click();
    await page.getByRole('dialog', { name: /^Send the .* batch of / }).getByRole('button', { name: 'Send batch' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Batch proposed' })).toBeVisible();
    const batches = page.getByRole('region', { name: 'Batches awaiting a second approval' });
    const proposed = batches.getByRole('article', { name: new RegExp(`^${currency}\\s`) });
    await expect(proposed.getByText('Awaiting approval by a second operator')).toBeVisible();
    await expect(proposed.getByText(`Proposed by ${finance.name}`, { exact: false })).toBeVisible();
    await expect(proposed.getByRole('button', { name: /^Approve and send/ })).toBeDisabled();
    await expect(proposed.getByText('You proposed this batch, so a different operator must approve it.')).toBeVisible();
    await expectAccessible(page, 'console payouts with a batch awaiting approval', { schemes: 'current' });
    expect((await json<{ data: { status: string }[] }>(page, `/api/console/earnings/payouts?referral_agent_id=${agentId}&currency=${currency}&scheduled_on=${today}`)).data[0]!.status).toBe('draft');

    // The admin sees it, and the demo's rupee batch proposed by finance, each with Approve; approves the first.
    await second.goto('/console/payouts');
    const waiting = second.getByRole('region', { name: 'Batches awaiting a second approval' });
    await expect(waiting.getByRole('article', { name: /^INR\s/ }).getByText(`Proposed by ${finance.name}`, { exact: false })).toBeVisible();
    const toApprove = waiting.getByRole('article', { name: new RegExp(`^${currency}\\s`) });
    await toApprove.getByRole('button', { name: /^Approve and send/ }).click();
    const confirm = second.getByRole('dialog', { name: /^Approve and send / });
    await expect(confirm).toContainText(`${finance.name} proposed this batch`);
    await confirm.getByRole('button', { name: 'Approve and send' }).click();
    await expect(second.getByRole('alert').filter({ hasText: 'Batch approved and sent' })).toBeVisible();
    await expect(waiting.getByRole('listitem').filter({ hasText: new RegExp(`^${currency}\\s`) })).toContainText(`Proposed by ${finance.name}, approved and sent by ${admin.name}`);
    expect((await json<{ data: { status: string; sent_by: string | null }[] }>(second, `/api/console/earnings/payouts?referral_agent_id=${agentId}&currency=${currency}&scheduled_on=${today}`)).data[0]).toMatchObject({ status: 'sent', sent_by: finance.name });

    // The bank confirms the transfer; finance marks it paid. The partner's self-billing statement of that payout prints
    // the agent's tax profile (legal name, VAT number) and, for a partner VAT-registered abroad, the reverse charge.
    const payoutId = built.data[0]!.id;
    const paid = await page.request.post(`/api/console/earnings/payouts/${payoutId}/paid`, { data: { bank_reference: 'FOUR-EYES-E2E' }, headers: await csrf(page) });
    expect(paid.status()).toBe(200);
    const number = ((await paid.json()) as { payout: { statement_number: string } }).payout.statement_number;
    expect(number).toMatch(/^SB-\d{4}-\d{6}$/);
    const { profile } = await json<{ profile: { legal_name: string; vat_status: string; vat_number: string | null } }>(partner, TAX_PROFILE_URL);
    await partner.goto('/');
    await partner.getByRole('navigation').getByRole('link', { name: 'My earnings' }).click();
    const statement = partner.getByRole('region', { name: 'Payouts' }).getByRole('link', { name: `Statement ${number}` });
    const download = partner.waitForEvent('download');
    await statement.click();
    const printed = pdfText(readFileSync((await (await download).path())!)).texts.join(' ').replace(/\s+/g, ' ');
    expect(printed).toContain(profile.legal_name);
    expect(printed).toContain(number);
    expect(printed).toContain('Adjustment: ');
    if (profile.vat_number) expect(printed).toContain(`VAT number: ${profile.vat_number}`);

    // The demo's verification awaiting a second operator: the admin proposed it, so finance is the one to approve it.
    await page.goto('/console/payment-details');
    await page.getByRole('button', { name: `Open the payment details of ${DEMO_AGENTS.second}` }).click();
    const drawer = page.getByRole('dialog', { name: `Payment details of ${DEMO_AGENTS.second}` });
    await expect(drawer.getByText(`${admin.name} proposed this verification: check the details and approve it`)).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Approve verification' })).toBeEnabled();
  } finally {
    // The currency's threshold as it was, for the specs after this one.
    const restore = before
      ? await second.request.put(`${THRESHOLDS_URL}/${currency}`, { data: { threshold: minorToDecimal(before.threshold_minor, currency) }, headers: await csrf(second) })
      : await second.request.delete(`${THRESHOLDS_URL}/${currency}`, { headers: await csrf(second) });
    expect(restore.ok()).toBe(true);
    await adminContext.close();
    await partnerContext.close();
  }
});

/** The console's CSRF header, from its cookie, for a request made outside the page. */
async function csrf(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((each) => each.name === CONSOLE_CSRF_COOKIE);
  return cookie ? { 'x-xsrf-token': decodeURIComponent(cookie.value) } : {};
}
