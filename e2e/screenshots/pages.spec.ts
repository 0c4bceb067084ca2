import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { csrfHeaders, signInThroughApi } from '../support/sign-in';

/**
 * The dashboard, My earnings and Finance reports at 1280 and 390 px, in English and Arabic, light and dark, into
 * docs/screenshots/ (issue 34: looked at before resolving). The language and theme are the partner's saved
 * preferences, as a partner would set them; English and the system theme are put back at the end.
 */
const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots');
const PAGES = [
  { path: '/', name: 'dashboard' },
  { path: '/my-earnings', name: 'my-earnings' },
  { path: '/finance-reports', name: 'finance-reports' },
];

test('screenshots of the main pages in every language, theme and width', async ({ page }) => {
  test.setTimeout(900_000);
  await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  try {
    for (const locale of ['en', 'ar'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const saved = await page.request.patch('/api/user/preferences', { headers: await csrfHeaders(page), data: { locale, theme } });
        expect(saved.status()).toBe(200);
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
          for (const { path: route, name } of PAGES) {
            await page.goto(route);
            await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr', { timeout: 60_000 });
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
            await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });
            await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0, { timeout: 60_000 });
            await page.screenshot({ path: path.join(OUT, `${name}-${width}-${locale}-${theme}.png`), fullPage: true });
          }
        }
      }
    }
  } finally {
    await page.request.patch('/api/user/preferences', { headers: await csrfHeaders(page), data: { locale: 'en', theme: 'system' } });
  }
});
