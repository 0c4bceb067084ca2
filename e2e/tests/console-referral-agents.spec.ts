import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { signInToConsole } from '../support/console-sign-in';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_OPERATORS } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { expectAccessible } from '../support/axe';
import { csrfHeaders, signInThroughApi } from '../support/sign-in';

/**
 * The console's Referral agents pages in the browser (issue 14): an operator of role content signs in with TOTP,
 * creates an agent with a logo (an oversize image refused at the field first), edits its name and group, sees an
 * HTML file named .png refused by the server, replaces the logo and removes it; then opens the groups. Last, it gives
 * a newly approved partner's organisation a logo, which that partner then sees in the portal's header. axe on every
 * page and state visited.
 */

const content = DEMO_OPERATORS.find((each) => each.role === 'content')!;

/**
 * A partner registered through the API with `organisation` (which makes it a referral agent of its own) and approved
 * with the admin command, as an operator approves one next to the portal.
 */
async function approvedPartner(browser: Browser, organisation: string): Promise<{ email: string; password: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const partner = { email: `e2e-agent-logo-${Date.now()}@example.test`, password: 'Agent-Logo-2026' };
  await page.request.get('/sanctum/csrf-cookie');
  const options = (await (await page.request.get('/api/registration/options')).json()) as { partner_types: { id: number }[] };
  const registered = await page.request.post('/api/registration', {
    headers: await csrfHeaders(page),
    data: {
      first_name: 'Mira',
      last_name: 'Castellanos',
      email: partner.email,
      password: partner.password,
      password_confirmation: partner.password,
      phone_country: 'AE',
      phone: '+971501234567',
      organisation,
      partner_type_id: options.partner_types[0]!.id,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  await context.close();
  await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', 'approve', partner.email], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: process.env.E2E_DATA_DIR, APP_URL: process.env.E2E_BASE_URL, LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  return partner;
}

/** Picks `file` through the page's "Choose an image" button, as a person does (the browser's file chooser). */
async function chooseLogo(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Choose (an|another) image/ }).click();
  await (await chooser).setFiles(file);
}

/** Whether the image `name` shows a decoded picture (not a broken one). */
async function expectImageShown(page: Page, name: string): Promise<void> {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
}

test('an operator of role content creates a referral agent with a logo, edits it, and replaces and removes the logo', async ({ browser, page }) => {
  // A long journey with axe in both schemes at most steps, on shared cores.
  test.setTimeout(600_000);
  const suffix = Date.now() % 100_000;
  const name = `Juniper Family Clinics ${suffix}`;
  const renamed = `Juniper Health Affiliates ${suffix}`;
  const picture = sharp({ create: { width: 240, height: 80, channels: 3, background: { r: 20, g: 110, b: 90 } } });
  const png = { name: 'juniper.png', mimeType: 'image/png', buffer: await picture.clone().png().toBuffer() };
  const jpeg = { name: 'juniper-2026.jpg', mimeType: 'image/jpeg', buffer: await picture.clone().jpeg().toBuffer() };

  // Sign in: password, then a code of the demo secret; back on the page asked for.
  await signInToConsole(page, content.email, '/console/referral-agents');

  await expect(page).toHaveURL(/\/console\/referral-agents$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Referral agents' })).toBeVisible();
  const agents = page.getByRole('table', { name: 'Referral agents' });
  await expect(agents.getByRole('link', { name: 'Harbor Health Partners' })).toBeVisible();
  await expectAccessible(page, 'console referral agents');

  // A new agent: the contract's messages at the fields first.
  await page.getByRole('link', { name: 'New referral agent' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New referral agent' })).toBeVisible();
  await expectAccessible(page, 'console new referral agent');
  await page.getByRole('button', { name: 'Create referral agent' }).click();
  await expect(page.getByText('The name field is required.')).toBeVisible();
  await expect(page.getByText('Choose a referral group.')).toBeVisible();
  await expectAccessible(page, 'console new referral agent, fields missing', { schemes: 'current' });

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('combobox', { name: 'Referral group' }).selectOption({ label: 'Partners' });
  // Too large: refused before it is sent, with its size.
  await chooseLogo(page, { name: 'poster.png', mimeType: 'image/png', buffer: Buffer.concat([png.buffer, Buffer.alloc(700 * 1024)]) });
  await expect(page.getByText(/a logo may be at most 512 KB/)).toBeVisible();
  await expectAccessible(page, 'console new referral agent, logo too large', { schemes: 'current' });
  await chooseLogo(page, png);
  await expectImageShown(page, 'Preview of the chosen logo');
  await expect(page.getByText(/a logo may be at most 512 KB/)).toHaveCount(0);
  await expectAccessible(page, 'console new referral agent, logo chosen', { schemes: 'current' });

  const created = page.waitForResponse((response) => /\/logo\?/.test(response.url()) && response.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Create referral agent' }).click();
  expect((await created).status()).toBe(200);
  await expect(page).toHaveURL(/\/console\/referral-agents\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expectImageShown(page, `Current logo of ${name}`);
  await expect(page.getByText(/^PNG, \d/)).toBeVisible();
  await expectAccessible(page, 'console referral agent, created with its logo');

  // Edit: another name and group.
  await page.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await page.getByRole('combobox', { name: 'Referral group' }).selectOption({ label: 'affiliates' });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expectAccessible(page, 'console referral agent, saved', { schemes: 'current' });

  // An HTML file named .png passes the browser's check (its name says PNG) and is refused by the server, which reads it.
  await chooseLogo(page, { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><title>x</title><script>alert(1)</script>') });
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await expect(page.getByText('The logo must be a PNG, JPEG or WebP image.')).toBeVisible();
  await expectAccessible(page, 'console referral agent, logo refused by the server', { schemes: 'current' });

  // Another logo replaces it; then it is removed after a confirmation.
  await chooseLogo(page, jpeg);
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await expect(page.getByText(/^JPEG, \d/)).toBeVisible();
  await expectImageShown(page, `Current logo of ${renamed}`);

  await page.getByRole('button', { name: 'Remove logo' }).click();
  const dialog = page.getByRole('dialog', { name: `Remove the logo of ${renamed}?` });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'console remove logo dialog', { schemes: 'current' });
  await dialog.getByRole('button', { name: 'Remove logo' }).click();
  await expect(page.getByText('No logo: partners see the agent’s name instead.')).toBeVisible();

  // The list finds it in its new group.
  await page.getByRole('link', { name: 'All referral agents' }).click();
  await page.getByRole('combobox', { name: 'Referral group' }).selectOption({ label: 'affiliates' });
  await expect(agents.getByRole('link', { name: renamed })).toBeVisible();
  // The renamed agent was on the unfiltered page too: wait for the filtered answer itself (the table faded while it
  // refreshes, which axe rightly reads as too little contrast), not for a row the old answer already showed.
  await expect(agents).toHaveAttribute('aria-busy', 'false');
  await expectAccessible(page, 'console referral agents, filtered by group', { schemes: 'current' });

  // The groups, and the dialog of a new one.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Referral groups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Referral groups' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Referral groups' }).getByRole('cell', { name: 'Partners', exact: true })).toBeVisible();
  await expectAccessible(page, 'console referral groups');
  await page.getByRole('button', { name: 'New referral group' }).click();
  const groupDialog = page.getByRole('dialog', { name: 'New referral group' });
  await groupDialog.getByRole('textbox', { name: 'Name' }).fill(`Hospital networks ${suffix}`);
  await groupDialog.getByRole('textbox', { name: 'Slug' }).fill('partners');
  await groupDialog.getByRole('button', { name: 'Create group' }).click();
  await expect(groupDialog.getByText('A referral group with this slug already exists.')).toBeVisible();
  await expectAccessible(page, 'console new referral group, slug taken', { schemes: 'current' });
  await groupDialog.getByRole('textbox', { name: 'Slug' }).fill(`hospital-networks-${suffix}`);
  await groupDialog.getByRole('button', { name: 'Create group' }).click();
  await expect(groupDialog).toBeHidden();

  // A new partner's organisation gets its logo; the partner sees it in the portal's header.
  const organisation = `Cedar Grove Clinics ${suffix}`;
  const partner = await approvedPartner(browser, organisation);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Referral agents' }).click();
  await page.getByRole('textbox', { name: /search/i }).fill(organisation);
  await agents.getByRole('link', { name: organisation }).click();
  await expect(page.getByRole('heading', { level: 1, name: organisation })).toBeVisible();
  await chooseLogo(page, png);
  await page.getByRole('button', { name: 'Upload logo' }).click();
  await expect(page.getByText(/^PNG, \d/)).toBeVisible();

  const partnerContext = await browser.newContext();
  const partnerPage = await partnerContext.newPage();
  await signInThroughApi(partnerPage, partner.email, partner.password);
  await partnerPage.goto('/');
  const brand = partnerPage.getByRole('img', { name: organisation, exact: true });
  await expect(brand).toHaveAttribute('src', /^\/api\/agent-logo\?v=/);
  await expect.poll(() => brand.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(240);
  await partnerContext.close();
});
