import { expect, type Page } from '@playwright/test';

/** The page's XSRF-TOKEN cookie as the X-XSRF-TOKEN header the API wants on every POST/PUT/PATCH/DELETE. */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('No XSRF-TOKEN cookie: GET /sanctum/csrf-cookie first');
  return {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'X-XSRF-TOKEN': decodeURIComponent(cookie.value),
  };
}

/** Opens /login and signs in through the real form (where the page ends up is the caller's to check). */
export async function fillSignInForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitSignInForm(page, email, password);
}

/** Signs in through the form of the /login page already shown (no page load: the SPA's state carries on). */
export async function submitSignInForm(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs the page's browser context in without the form: the session cookie from POST /api/login (with the CSRF
 * cookie and header, as the SPA does it) is shared by the page. The SPA then restores the user through its route
 * guard on the first login-required page.
 */
export async function signInThroughApi(page: Page, email: string, password: string): Promise<void> {
  const csrf = await page.request.get('/sanctum/csrf-cookie');
  expect(csrf.ok(), `GET /sanctum/csrf-cookie answered ${csrf.status()}`).toBe(true);
  const response = await page.request.post('/api/login', {
    headers: await csrfHeaders(page),
    data: { email, password, remember: false },
  });
  expect(response.status(), `POST /api/login for ${email}: ${await response.text()}`).toBe(200);
  const body = (await response.json()) as { two_factor?: boolean };
  expect(body.two_factor, `${email} needs two-factor: sign in through the form`).toBeFalsy();
}

/** Signs out through the user menu of the app shell, and waits for /login. */
export async function signOutThroughMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
