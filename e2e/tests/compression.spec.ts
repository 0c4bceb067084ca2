import { expect, test, type Response } from '@playwright/test';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../support/accounts';
import { signInThroughApi } from '../support/sign-in';
import { expectAccessible } from '../support/axe';

/**
 * What the browser receives from the real build and server (issue #13, point 6): the SPA's scripts and stylesheets
 * come compressed from the build's precompressed copies, each decoding to the same bytes as the plain file, and the
 * bookings list's JSON comes compressed too.
 */

/** The plain bytes of a file or answer, asked for without any encoding. */
async function plainBody(response: Response): Promise<{ encoding: string | undefined; body: Buffer }> {
  // The request's own headers (the API wants its Accept and X-Requested-With), but no encoding accepted.
  const sent = Object.fromEntries(
    Object.entries(await response.request().allHeaders()).filter(([name]) => !name.startsWith(':') && !['accept-encoding', 'cookie'].includes(name)),
  );
  const plain = await response.request().frame().page().request.get(response.url(), { headers: { ...sent, 'accept-encoding': 'identity' } });
  return { encoding: plain.headers()['content-encoding'], body: await plain.body() };
}

test('the sign-in page arrives compressed, each file decoding to the plain file', async ({ page }) => {
  const assets: Response[] = [];
  page.on('response', (response) => {
    if (/\/build\/assets\/.+\.(js|css)$/.test(new URL(response.url()).pathname)) assets.push(response);
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(assets.some((response) => response.url().endsWith('.css'))).toBe(true);
  expect(assets.some((response) => response.url().endsWith('.js'))).toBe(true);
  for (const response of assets) {
    const headers = await response.allHeaders();
    const { encoding, body } = await plainBody(response);
    expect(encoding, response.url()).toBeUndefined();
    // The build keeps only copies that save bytes, of files of 1 KB or more: those come brotli-encoded.
    if (body.length >= 1024) expect(headers['content-encoding'], response.url()).toBe('br');
    expect(headers.vary ?? '', response.url()).toContain('accept-encoding');
    expect(headers['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
    // What the browser decoded is byte for byte the file.
    expect((await response.body()).equals(body), response.url()).toBe(true);
  }
  await expectAccessible(page, 'sign in, served compressed');
});

test("the bookings list's answer arrives compressed and decodes to the plain answer", async ({ page }) => {
  await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  const list = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/clients/bookings' && !url.searchParams.has('format');
  });
  await page.goto('/bookings');
  const response = await list;
  expect(response.status()).toBe(200);
  expect((await response.allHeaders())['content-encoding']).toBe('br');
  const { encoding, body } = await plainBody(response);
  expect(encoding).toBeUndefined();
  expect(JSON.parse((await response.body()).toString())).toEqual(JSON.parse(body.toString()));
  await expect(page.getByRole('table', { name: 'Bookings' })).toHaveAttribute('aria-busy', 'false');
  await expectAccessible(page, 'bookings, served compressed');
});
