import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_EMAILS, DEMO_PASSWORD, DEMO_RECOVERY_CODES, DEMO_TOTP_SECRET } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { linkTo, outboxFiles, waitForMail } from '../support/outbox';
import { csrfHeaders, fillSignInForm, signInThroughApi, signOutThroughMenu, submitSignInForm } from '../support/sign-in';
import { keepToastsOpen } from '../support/toasts';
import { totpCode, wrongTotpCode } from '../support/totp';

/**
 * Sign-in, sessions and the route guard in the browser (issue 2, spec §2, §4, §8, §9).
 *
 * One server and one database serve every spec file of the run: partner@demo.test keeps its password (the other
 * specs sign in with it); second@demo.test gets its password back at the end of the reset test; the two-factor
 * account spends one of its eight recovery codes; newpassword@demo.test is changed for good (no other spec uses it).
 */

/** The six keys sign-out clears (spec §3). */
const STORED_KEYS = ['username', 'auth', 'referralHome', 'referral', 'partnerCertification', 'bookingFlow'] as const;
/** The server's default session cookie name (SESSION_COOKIE). */
const SESSION_COOKIE = 'partner_portal_session';

/** The page's path is exactly `pathname` (any query string aside). */
function at(pathname: string): RegExp {
  return new RegExp(`^https?://[^/]+${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?.*)?$`);
}

/** The toast (spec §8) whose title is exactly `title`. */
function toast(page: Page, title: string): Locator {
  return page.getByRole('alert').filter({ has: page.getByText(title, { exact: true }) });
}

async function expectToast(page: Page, title: string, message: string): Promise<void> {
  const shown = toast(page, title);
  await expect(shown).toBeVisible();
  await expect(shown).toContainText(message);
}

/** The dashboard as the server describes the user (spec: greeting, partner type, industry, referral agent). */
async function expectDashboard(
  page: Page,
  user: { firstName: string; partnerType: string; industry: string; agent: string },
): Promise<void> {
  await expect(page).toHaveURL(at('/'));
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${user.firstName}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Partner type' })).toContainText(user.partnerType);
  await expect(page.getByRole('region', { name: 'Industry' })).toContainText(user.industry);
  await expect(page.getByRole('region', { name: 'Referral agent' })).toContainText(user.agent);
}

const AMELIA = { firstName: 'Amelia', partnerType: 'Clinic', industry: 'Healthcare', agent: 'Harbor Health Partners' };

/** The keys of STORED_KEYS present in the page's localStorage. */
function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate((keys) => keys.filter((key) => window.localStorage.getItem(key) !== null), [...STORED_KEYS]);
}

/** Records every request of `page` whose path is one of `pathnames`, as "METHOD /path STATUS" once answered. */
function recordRequests(page: Page, pathnames: string[]): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathnames.includes(pathname)) seen.push(`${request.method()} ${pathname}`);
  });
  return seen;
}

/**
 * Returns once every request the page had started so far has been seen: the page sends one more of its own and this
 * waits for it, which comes after them. So a check that something was NOT requested (no sign-out) waits on an event,
 * not on a guessed time.
 */
async function settle(page: Page): Promise<void> {
  const marker = page.waitForRequest((request) => new URL(request.url()).searchParams.has('settled'));
  await page.evaluate(() => fetch('/api/health?settled=1').then(() => undefined));
  await marker;
}

/** Types the 6-digit code into the two-factor page's pin input (it submits itself when complete). */
async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Authentication code, digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

/** Signs in as the two-factor account through the form and expects the full-page navigation to its challenge. */
async function reachTwoFactorChallenge(page: Page): Promise<void> {
  // A document request for the path proves a full-page navigation, not a client-side route change (spec §2).
  const documentLoad = page.waitForRequest(
    (request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/two/factor/verification',
  );
  await fillSignInForm(page, DEMO_EMAILS.twoFactor, DEMO_PASSWORD);
  await documentLoad;
  await expect(page).toHaveURL(at('/two/factor/verification'));
  await expect(page.getByRole('heading', { name: 'Two-factor verification' })).toBeVisible();
}

test('sign in through the form, reload and stay signed in, then sign out: /login, the six keys gone, the old session dead', async ({ page }) => {
  await keepToastsOpen(page);
  await fillSignInForm(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  await expectDashboard(page, AMELIA);
  await expectToast(page, 'Login successful', 'Welcome back, Amelia!');
  await expectAccessible(page, 'dashboard after sign-in');
  expect(await page.evaluate(() => window.localStorage.getItem('username'))).toBe('Amelia Hart');
  expect(await storedKeys(page)).toEqual(['username', 'auth']);

  await page.reload();
  await expectDashboard(page, AMELIA);
  await expect(page.getByRole('button', { name: 'Account menu for AH Amelia Hart' })).toBeVisible();

  const oldSession = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  expect(oldSession, `the ${SESSION_COOKIE} cookie`).toBeDefined();
  // What other areas keep there: set now, so their removal at sign-out is proven.
  await page.evaluate(() => {
    for (const key of ['referralHome', 'referral', 'partnerCertification', 'bookingFlow']) {
      window.localStorage.setItem(key, JSON.stringify({ left: 'by the test' }));
    }
  });
  expect(await storedKeys(page)).toEqual([...STORED_KEYS]);

  await signOutThroughMenu(page);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect.poll(() => storedKeys(page)).toEqual([]);
  await expectAccessible(page, 'sign in after signing out');

  // The old session cookie opens nothing any more.
  await page.context().clearCookies();
  await page.context().addCookies([oldSession!]);
  const response = await page.request.get('/api/user', { headers: { Accept: 'application/json' } });
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
});

test('a protected path while signed out leads to /login', async ({ page }) => {
  for (const pathname of ['/', '/bookings']) {
    await page.goto(pathname);
    await expect(page).toHaveURL(at('/login'));
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }
  expect(await storedKeys(page)).toEqual([]);
});

test('an unknown path leads to /broken-page, which offers a way back', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(at('/broken-page'));
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page, 'page not found, signed out');
  const back = page.getByRole('link', { name: 'Go to dashboard' });
  await expect(back).toHaveAttribute('href', '/');
  // Signed out, the way back goes through sign-in.
  await back.click();
  await expect(page).toHaveURL(at('/login'));
});

test('a wrong password shows "Login failed" with the server message and stays on /login', async ({ page }) => {
  await fillSignInForm(page, DEMO_EMAILS.affiliate, 'Not-The-Password-1');
  await expectToast(page, 'Login failed', 'These credentials do not match our records.');
  await expect(page).toHaveURL(at('/login'));
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(await storedKeys(page)).toEqual([]);
  await expectAccessible(page, 'sign in, wrong password');
});

test('forgot and reset password through the outbox e-mail; the link works once', async ({ page }) => {
  // Several pages, each checked by axe in light and dark: more than the default minute on two shared cores.
  test.slow();
  const email = DEMO_EMAILS.second;
  const newPassword = 'Northwind-Reset-2026';
  const seen = outboxFiles();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(at('/forgot-password'));
  await expectAccessible(page, 'forgot password');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expectToast(page, 'Password reset link sent', 'Password reset successfully');
  await expect(page).toHaveURL(at('/login'));

  const mail = await waitForMail(email, seen);
  const link = linkTo(mail, '/reset-password');
  expect(link.origin).toBe(new URL(process.env.E2E_BASE_URL!).origin);
  expect(link.searchParams.get('email')).toBe(email);
  expect(link.searchParams.get('token')).toBeTruthy();
  const resetPath = `${link.pathname}${link.search}`;

  await page.goto(resetPath);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  // The strength rules are listed, and ticked off as the password is typed.
  const rules = page.getByRole('list', { name: 'Password requirements' }).getByRole('listitem');
  await expect(rules).toHaveCount(4);
  for (const rule of await rules.all()) await expect(rule).toHaveAttribute('data-met', 'false');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  for (const rule of await rules.all()) await expect(rule).toHaveAttribute('data-met', 'true');
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
  await expectAccessible(page, 'reset password, rules met');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expectToast(page, 'Password reset success', 'Your password has been reset.');
  await expect(page).toHaveURL(at('/login'));

  // The old password no longer works.
  await fillSignInForm(page, email, DEMO_PASSWORD);
  await expectToast(page, 'Login failed', 'These credentials do not match our records.');
  await expect(page).toHaveURL(at('/login'));

  // The link is spent.
  await page.goto(resetPath);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Another-Reset-2026');
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Another-Reset-2026');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expectToast(page, 'Failed', 'This password reset token is invalid.');
  await expect(page).toHaveURL(at('/reset-password'));
  await expectAccessible(page, 'reset password, link spent');

  // The new one does.
  await fillSignInForm(page, email, newPassword);
  await expectDashboard(page, { firstName: 'Omar', partnerType: 'Insurance broker', industry: 'Insurance', agent: 'Northwind Care Network' });

  // Give the demo account its password back for anyone who needs it later in the run.
  const restored = await page.request.post('/api/users/update-password', {
    headers: await csrfHeaders(page),
    data: { current_password: newPassword, password: DEMO_PASSWORD, password_confirmation: DEMO_PASSWORD },
  });
  expect(restored.status(), await restored.text()).toBe(200);
});

test('two-factor: a full-page navigation to the challenge, a wrong code, a valid TOTP code; a recovery code works once', async ({ page }) => {
  // Several pages, each checked by axe in light and dark: more than the default minute on two shared cores.
  test.slow();
  await reachTwoFactorChallenge(page);

  await expectAccessible(page, 'two-factor challenge');
  await typeCode(page, wrongTotpCode(DEMO_TOTP_SECRET));
  await expect(page.getByText('The provided two factor authentication code was invalid.')).toBeVisible();
  await expect(page).toHaveURL(at('/two/factor/verification'));
  await expectAccessible(page, 'two-factor challenge, wrong code');

  // The code of this 30-second step (the server also takes the previous step's, so a step change on the way is fine).
  // It is the only code this run spends: a code accepted once is refused again.
  await typeCode(page, totpCode(DEMO_TOTP_SECRET));
  await expectDashboard(page, { firstName: 'Daniel', partnerType: 'Corporate HR', industry: 'Technology', agent: 'Harbor Health Partners' });
  await signOutThroughMenu(page);

  const recoveryCode = DEMO_RECOVERY_CODES[0];
  await reachTwoFactorChallenge(page);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(at('/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Daniel' })).toBeVisible();
  await signOutThroughMenu(page);

  // The same recovery code a second time is refused.
  await reachTwoFactorChallenge(page);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('The provided two factor recovery code was invalid.')).toBeVisible();
  await expect(page).toHaveURL(at('/two/factor/verification'));
  await expectAccessible(page, 'two-factor recovery code, refused');
});

test('a user who must change the password is held on /update-password until done; realtime waits for it too', async ({ page }) => {
  const realtime = recordRequests(page, ['/api/realtime/config', '/broadcasting/auth']);
  const refusedChannels: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/broadcasting/auth' && response.status() !== 200) {
      refusedChannels.push(String(response.status()));
    }
  });

  // Someone else used this tab first, so the realtime client already follows the session (the case where it used
  // to connect for a user the server still holds on /update-password, and get 403).
  await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  await page.goto('/');
  await expectDashboard(page, AMELIA);
  await expect.poll(() => realtime.includes('POST /broadcasting/auth')).toBe(true);
  await signOutThroughMenu(page);
  realtime.length = 0;

  // Same page, no reload: the realtime client still follows the session.
  await submitSignInForm(page, DEMO_EMAILS.mustChangePassword, DEMO_PASSWORD);
  await expect(page).toHaveURL(at('/update-password'));
  await expect(page.getByRole('heading', { name: 'Update your password' })).toBeVisible();
  await expect(page.getByText('You need to set a new password to use the portal.')).toBeVisible();

  // A wrong current password: the field says so.
  const newPassword = 'Marin-Own-Pass-2026';
  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill('Not-The-Password-1');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
  await expect(page.getByRole('list', { name: 'Password requirements' }).locator('[data-met="true"]')).toHaveCount(4);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('The provided password does not match your current password.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Current password', exact: true })).toHaveAttribute('aria-invalid', 'true');
  expect(realtime, 'no realtime connection while the password must be changed').toEqual([]);
  await expectAccessible(page, 'forced password change, wrong current password');

  // No other page opens meanwhile.
  for (const pathname of ['/', '/bookings']) {
    await page.goto(pathname);
    await expect(page).toHaveURL(at('/update-password'));
    await expect(page.getByRole('heading', { name: 'Update your password' })).toBeVisible();
  }

  await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expectToast(page, 'Password updated', 'Your password has been updated.');
  await expectDashboard(page, { firstName: 'Sofia', partnerType: 'Individual', industry: 'individual', agent: 'Harbor Health Partners' });
  // Now the portal is theirs, realtime included.
  await expect.poll(() => realtime.includes('POST /broadcasting/auth')).toBe(true);
  expect(refusedChannels).toEqual([]);
});

test('the affiliates rule: an affiliate opening /commission-structure is sent to /', async ({ page }) => {
  await signInThroughApi(page, DEMO_EMAILS.affiliate, DEMO_PASSWORD);
  await page.goto('/commission-structure');
  await expectDashboard(page, { firstName: 'Priya', partnerType: 'Travel agency', industry: 'Hospitality', agent: 'Bright Path Affiliates' });
  await expectAccessible(page, "an affiliate's dashboard");
});

test('the affiliates rule does not apply to other partners: /commission-structure is not a way to /', async ({ page }) => {
  await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  await page.goto('/commission-structure');
  // Everyone else stays and reads their rates (issue 15).
  await expect(page).toHaveURL(at('/commission-structure'));
  await expect(page.getByRole('heading', { level: 1, name: 'Commission structure' })).toBeVisible();
});

test('an account pending approval sees /approval-waiting', async ({ page }) => {
  await fillSignInForm(page, DEMO_EMAILS.pending, DEMO_PASSWORD);
  await expect(page).toHaveURL(at('/approval-waiting'));
  await expect(page.getByRole('heading', { name: 'Your account is awaiting approval' })).toBeVisible();
  await expect(toast(page, 'Login failed')).toHaveCount(0);
  expect(await storedKeys(page)).toEqual([]);
  await expectAccessible(page, 'awaiting approval');
});

// No axe here: axe waits on the page's timers, which these tests stop; the same dashboard is checked above.
test.describe('inactivity sign-out (spec §9: one hour without activity), on a clock the test controls', () => {
  /** Signed in as the demo partner on the dashboard, with the page's clock stopped: only the test moves it. */
  async function signedInWithStoppedClock(page: Page): Promise<string[]> {
    await page.clock.install();
    const signOuts = recordRequests(page, ['/api/logout']);
    await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
    await page.goto('/');
    await expectDashboard(page, AMELIA);
    // pauseAt only goes forward, and the page's clock runs on between the read and the pause: a second ahead was
    // in the past by then on a loaded machine. A minute ahead is far inside the hour the tests count.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 60_000);
    return signOuts;
  }

  async function expectStillSignedIn(page: Page, signOuts: string[]): Promise<void> {
    await settle(page);
    expect(signOuts).toEqual([]);
    await expect(page).toHaveURL(at('/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Amelia' })).toBeVisible();
  }

  async function expectSignedOutForInactivity(page: Page): Promise<void> {
    // Let the page's own timers run again (toasts, transitions).
    await page.clock.resume();
    await expect(page).toHaveURL(at('/login'));
    await expectToast(page, 'Signed out', 'You were signed out after an hour without activity.');
    await expect.poll(() => storedKeys(page)).toEqual([]);
  }

  test('59:59 without activity keeps the session; 60:00 signs out to /login', async ({ page }) => {
    const signOuts = await signedInWithStoppedClock(page);
    // The hour counts from the last activity. The sign-in's own moment is a few real milliseconds before the clock
    // stopped and not known exactly, so the test makes the last activity now, on the stopped clock.
    await page.mouse.move(40, 40);
    await page.mouse.move(60, 80);

    await page.clock.fastForward('59:59');
    await expectStillSignedIn(page, signOuts);

    await page.clock.fastForward('00:02');
    await expectSignedOutForInactivity(page);
    expect(signOuts).toEqual(['POST /api/logout']);
  });

  test('activity restarts the hour', async ({ page }) => {
    const signOuts = await signedInWithStoppedClock(page);

    await page.clock.fastForward('30:00');
    await expectStillSignedIn(page, signOuts);
    await page.mouse.move(40, 40);
    await page.mouse.move(60, 80);

    // About 90 minutes after sign-in, 59 after the mouse moved.
    await page.clock.fastForward('59:00');
    await expectStillSignedIn(page, signOuts);

    // An hour after the mouse moved.
    await page.clock.fastForward('01:01');
    await expectSignedOutForInactivity(page);
  });
});

test('registration with a country picker and a phone valid for it → /thank-you; signing in then shows /approval-waiting', async ({ page }) => {
  // Several pages, each checked by axe in light and dark: more than the default minute on two shared cores.
  test.slow();
  const email = `e2e-registration-${Date.now()}@example.test`;
  const password = 'Dubois-Kine-2026';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(at('/registration'));
  await page.getByRole('textbox', { name: 'First name' }).fill('Camille');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Dubois');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(password);

  const country = page.getByRole('combobox', { name: 'Country code' });
  await country.click();
  await country.fill('France');
  await page.getByRole('option', { name: 'France (+33)', exact: true }).click();
  await expect(country).toHaveValue('France (+33)');

  await page.getByRole('combobox', { name: 'Partner type' }).click();
  await page.getByRole('option', { name: 'Clinic', exact: true }).click();
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Healthcare', exact: true }).click();
  await page.getByRole('textbox', { name: 'Organisation' }).fill('Cabinet Dubois');

  // A number valid elsewhere (the United States) but not in the chosen country is refused beside the field…
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await phone.fill('202 555 0143');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('The phone number is not valid for the chosen country.')).toBeVisible();
  await expect(page).toHaveURL(at('/registration'));
  await expectAccessible(page, 'registration, phone refused');

  // …a French mobile number is accepted.
  await phone.fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(at('/thank-you'));
  await expect(page.getByRole('heading', { name: 'Thank you for registering' })).toBeVisible();
  await expectAccessible(page, 'thank you');

  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(at('/login'));
  await fillSignInForm(page, email, password);
  await expect(page).toHaveURL(at('/approval-waiting'));
  await expect(page.getByRole('heading', { name: 'Your account is awaiting approval' })).toBeVisible();
});
