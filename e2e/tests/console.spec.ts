import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_OPERATORS, DEMO_PASSWORD } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { expectAccessible } from '../support/axe';
import { outboxFiles, waitForMail } from '../support/outbox';
import { csrfHeaders, signInThroughApi, submitSignInForm } from '../support/sign-in';
import { signInToConsole, typeConsoleCode, unusedOperatorCode } from '../support/console-sign-in';

/**
 * The operations console in the browser (issue 14): an operator signs in with the demo password and a TOTP code,
 * approves a partner's pending application, and that partner can then sign in. axe on every console page visited.
 * The demo operators accept each code once, so each test signs in a different operator.
 */

const operator = (role: string) => DEMO_OPERATORS.find((each) => each.role === role)!;

/** A fresh registration through the API, as the registration page sends it: it waits for an operator. */
async function registerPartner(page: Page): Promise<{ email: string; password: string; firstName: string; lastName: string }> {
  const registration = {
    first_name: 'Greta',
    last_name: `Lindqvist${Date.now() % 100_000}`,
    email: `e2e-console-${Date.now()}@example.test`,
    password: 'Console-E2e-2026',
    password_confirmation: 'Console-E2e-2026',
    phone_country: 'AE',
    phone: '+971501234567',
    organisation: 'Lindqvist Wellness',
  };
  await page.request.get('/sanctum/csrf-cookie');
  const options = (await (await page.request.get('/api/registration/options')).json()) as { partner_types: { id: number }[] };
  const response = await page.request.post('/api/registration', {
    headers: await csrfHeaders(page),
    data: { ...registration, partner_type_id: options.partner_types[0]!.id },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email: registration.email, password: registration.password, firstName: registration.first_name, lastName: registration.last_name };
}

/**
 * A partner signs in in a browser of their own: its first page load compiles the whole SPA from cold, which on two
 * shared cores under load can take longer than the usual expect timeout.
 */
async function signInInNewBrowser(target: Page, email: string, password: string, firstName: string): Promise<void> {
  await target.goto('/login');
  await expect(target.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 60_000 });
  await submitSignInForm(target, email, password);
  await expect(target.getByRole('heading', { level: 1, name: `Welcome, ${firstName}` })).toBeVisible({ timeout: 60_000 });
}

test('an operator signs in with TOTP and approves a pending partner, who then signs in; the operator completes one of their bookings and the partner sees it arrive live', async ({ browser, page }) => {
  // A long journey with axe in both schemes at every step, two browsers, on two shared cores.
  test.setTimeout(900_000);
  const applicant = await registerPartner(page);
  await page.context().clearCookies();

  const support = operator('support');
  await page.goto('/console/partner-applications');
  await expect(page).toHaveURL(/\/console\/login$/);
  await expectAccessible(page, 'console sign-in');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(support.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
  await expectAccessible(page, 'console two-factor challenge');
  await typeConsoleCode(page, await unusedOperatorCode(page, support.email));

  // Back on the page asked for, in the console's frame.
  await expect(page).toHaveURL(/\/console\/partner-applications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Partner applications' })).toBeVisible();
  await expect(page).toHaveTitle('Partner applications · Operations console');
  const navigation = page.getByRole('navigation', { name: 'Console' });
  // Support's pages (other areas add theirs): these among them.
  for (const link of ['Overview', 'Partner applications', 'Partners', 'Bookings']) await expect(navigation.getByRole('link', { name: link, exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Partner applications' });
  const name = `${applicant.firstName} ${applicant.lastName}`;
  await expect(table.getByRole('row').filter({ hasText: applicant.email })).toBeVisible();
  await expectAccessible(page, 'console partner applications');

  await page.getByRole('button', { name: `Approve ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Approve ${name}?` });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'console approve dialog', { schemes: 'current' });
  const seen = outboxFiles();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${applicant.email} has been e-mailed a sign-in link.` })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: applicant.email })).toHaveCount(0);
  // The partner is e-mailed as by the admin command.
  const mail = await waitForMail(applicant.email, seen);
  expect(mail.subject).toBe('Your partner portal account is approved');

  // The reject dialog of another application, for axe (nothing is sent).
  const other = await registerPartner(page);
  await page.reload();
  const otherName = `${other.firstName} ${other.lastName}`;
  await page.getByRole('button', { name: `Reject ${otherName}` }).click();
  const reject = page.getByRole('dialog', { name: `Reject ${otherName}?` });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('The reason field is required.')).toBeVisible();
  await expectAccessible(page, 'console reject dialog, reason missing', { schemes: 'current' });
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await expect(reject).toBeHidden();

  // The operator menu: who, the role, language, theme, sign out.
  await page.getByRole('button', { name: /^Operator menu for / }).click();
  await expect(page.getByRole('menu')).toContainText('Signed in as Support');
  await expectAccessible(page, 'console operator menu', { schemes: 'current' });
  await page.keyboard.press('Escape');

  // The partner signs in, in a browser of their own.
  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await signInInNewBrowser(partner, applicant.email, applicant.password, applicant.firstName);

  // Partners: the account, its sign-in just now, and ending its sessions signs the partner's browser out.
  await navigation.getByRole('link', { name: 'Partners' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(applicant.email);
  // The searched list first (a click on the unfiltered one can land as it is replaced).
  await expect(page.getByRole('table', { name: 'Partners' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const history = page.getByRole('table', { name: 'Sign-in history' });
  await expect(history.getByRole('row').nth(1)).toContainText('Signed in');
  await expectAccessible(page, 'console partner detail');
  await page.getByRole('button', { name: 'End sessions' }).click();
  await page.getByRole('dialog', { name: `End every session of ${name}?` }).getByRole('button', { name: 'End sessions' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '1 session ended' })).toBeVisible();
  await partner.reload();
  await expect(partner).toHaveURL(/\/login$/);
  await partnerContext.close();
  await page.getByRole('link', { name: 'All partners' }).click();
  await expect(page.getByRole('table', { name: 'Partners' })).toBeVisible();
  await expectAccessible(page, 'console partners');

  // Bookings: the partner signs in again, in a second browser, and stays there. The operator makes a booking for the
  // partner's agent, confirms it and completes it; the partner's page shows each notification as it arrives.
  const liveContext = await browser.newContext();
  const live = await liveContext.newPage();
  const subscribed = live.waitForResponse((response) => new URL(response.url()).pathname === '/broadcasting/auth' && response.status() === 200);
  await signInInNewBrowser(live, applicant.email, applicant.password, applicant.firstName);
  await subscribed;
  const user = (await (await live.request.get('/api/user')).json()) as { partner_profile: { referral_agent: { id: number; name: string } } };
  const agentName = user.partner_profile.referral_agent.name;
  const agentId = user.partner_profile.referral_agent.id;

  await navigation.getByRole('link', { name: 'Bookings', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Bookings' }).getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page, 'console bookings');
  await page.getByRole('link', { name: 'New booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New booking' })).toBeVisible();
  await expectAccessible(page, 'console new booking');
  await page.getByRole('button', { name: 'Create booking' }).click();
  await expect(page.getByText('The agent field is required.')).toBeVisible();
  await expectAccessible(page, 'console new booking, fields missing', { schemes: 'current' });
  const choose = async (label: string, option: string | RegExp, search?: string) => {
    const box = page.getByRole('combobox', { name: label });
    await box.click();
    if (search) await box.fill(search);
    await page.getByRole('option', { name: option }).first().click();
  };
  // Agents may share a name (two registrations of one organisation): each option names its id too.
  await choose('Referral agent', `${agentName} · #${agentId}`, agentName);
  await page.getByText('A new patient').click();
  const patientName = `Samira Okafor ${Date.now() % 10_000}`;
  await page.getByRole('textbox', { name: 'Full name' }).fill(patientName);
  await choose('Referring member', new RegExp(applicant.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await choose('Facility', /·/);
  await choose('Service', /·/);
  // Yesterday's appointment, reported today: a booking is completed only after its appointment.
  await page.getByLabel('Appointment date').fill(new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
  // Watched for from before the click: the partner's toast shows for a few seconds (the only booking made meanwhile).
  const created = expect(live.getByRole('alert').filter({ hasText: /New booking MT-\d+/ })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Create booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Booking MT-\d+$/ })).toBeVisible();
  const bookingTitle = (await page.getByRole('heading', { level: 1 }).textContent())!;
  const bookingId = bookingTitle.replace('Booking ', '');
  await created;
  await expectAccessible(page, 'console booking (pending)');

  const actions = page.getByRole('group', { name: 'Status actions' });
  await expect(actions.getByRole('button')).toHaveText(['Confirm', 'Cancel booking']);
  await actions.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('dialog', { name: `Confirm: booking ${bookingId}?` }).getByRole('button', { name: 'Confirm' }).click();
  await expect(actions.getByRole('button')).toHaveText(['Mark completed', 'Cancel booking', 'Mark no-show']);
  await actions.getByRole('button', { name: 'Mark no-show' }).click();
  const noShow = page.getByRole('dialog', { name: `Mark no-show: booking ${bookingId}?` });
  await noShow.getByRole('button', { name: 'Mark no-show' }).click();
  await expect(noShow.getByText('The reason field is required.')).toBeVisible();
  await expectAccessible(page, 'console booking no-show dialog, reason missing', { schemes: 'current' });
  await noShow.getByRole('button', { name: 'Keep as it is' }).click();
  await expect(noShow).toBeHidden();

  await actions.getByRole('button', { name: 'Mark completed' }).click();
  const complete = page.getByRole('dialog', { name: `Mark completed: booking ${bookingId}?` });
  await expect(complete).toContainText(`The booking goes from Confirmed to Completed. Partners of ${agentName} are told at once.`);
  // The partner's toast shows for a few seconds: watch for it from before the click, not after the console's checks.
  const arrived = live.getByRole('alert').filter({ hasText: `Booking ${bookingId} updated` }).filter({ hasText: 'Status changed from Confirmed to Completed.' });
  const arrival = expect(arrived).toBeVisible({ timeout: 60_000 });
  await complete.getByRole('button', { name: 'Mark completed' }).click();
  // A completed booking is left only by a refund, which finance records under Commission (docs/console-bookings.md).
  await expect(page.getByText('Completed. If the patient is refunded, finance records it under Commission below: a full refund makes the booking refunded.')).toBeVisible();
  await expect(page.getByText('Confirmed → Completed')).toBeVisible();
  await expectAccessible(page, 'console booking (completed)');

  // …and the partner, who did nothing, saw it arrive.
  await arrival;
  await liveContext.close();

  // Sign out: back at the console's sign-in, and the console's pages need signing in again.
  await page.getByRole('button', { name: /^Operator menu for / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.goto('/console/partner-applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the operations console' })).toBeVisible();
});

test('a role without the permission sees neither the page nor its link; the overview in Arabic reads right to left', async ({ page }) => {
  await signInToConsole(page, operator('finance').email);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Marcus Webb' })).toBeVisible();
  await expectAccessible(page, 'console overview (finance)');
  // Other pages of the role (the audit log, …) come with their areas; the applications' must not be there.
  const financeNavigation = page.getByRole('navigation', { name: 'Console' });
  await expect(financeNavigation.getByRole('link', { name: 'Partners', exact: true })).toBeVisible();
  await expect(financeNavigation.getByRole('link', { name: 'Partner applications' })).toHaveCount(0);

  await page.goto('/console/partner-applications');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await expectAccessible(page, 'console page not allowed');

  await page.goto('/console/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  await page.getByRole('button', { name: /^Operator menu for / }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('navigation', { name: 'اللوحة' })).toBeVisible();
  await page.goto('/console');
  await expect(page.getByRole('heading', { level: 1, name: 'مرحبًا، Marcus Webb' })).toBeVisible();
  await expectAccessible(page, 'console overview in Arabic');
});

test('a partner’s session is nobody to the console, and the partner’s pages load no console code', async ({ browser, page }) => {
  await signInThroughApi(page, 'partner@demo.test', DEMO_PASSWORD);
  // Signed in as a partner: the console still asks for an operator.
  const me = await page.request.get('/api/console/me');
  expect(me.status()).toBe(401);
  await page.goto('/console');
  await expect(page).toHaveURL(/\/console\/login$/);

  // Every script and stylesheet a partner's pages load (sign-in page, dashboard, bookings).
  const loaded = new Set<string>();
  const record = (target: Page) =>
    target.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith('/build/assets/')) loaded.add(pathname.slice('/build/'.length));
    });
  record(page);
  for (const path of ['/', '/bookings', '/notifications']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // …and the sign-in page of a visitor.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  record(visitor);
  await visitor.goto('/login');
  await expect(visitor.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await visitorContext.close();
  expect(loaded.size).toBeGreaterThan(3);

  // The console's own chunks (its sources under src/console/), from the console build's manifest.
  // The build the server under test serves (WEB_DIST_DIR, as scripts/e2e.sh and the server read it).
  const dist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.resolve(import.meta.dirname, '../../apps/web/dist');
  type Manifest = Record<string, { file: string; src?: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }>;
  const portal = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const consoleBuild = JSON.parse(readFileSync(path.join(dist, '.vite/console-manifest.json'), 'utf8')) as Manifest;
  const consoleFiles = Object.values(consoleBuild)
    .filter((chunk) => chunk.src?.startsWith('src/console/'))
    .flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]);
  expect(consoleFiles.length).toBeGreaterThan(3);
  expect([...loaded].filter((file) => consoleFiles.includes(file))).toEqual([]);

  // The portal's build holds no console module, and none of its chunks calls the console's API.
  expect(Object.keys(portal).filter((key) => key.includes('console'))).toEqual([]);
  for (const chunk of Object.values(portal).filter((each) => each.file.endsWith('.js'))) {
    expect(readFileSync(path.join(dist, chunk.file), 'utf8'), chunk.file).not.toContain('/api/console');
  }
});
