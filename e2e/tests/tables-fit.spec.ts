import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAILS, DEMO_OPERATORS, DEMO_PASSWORD } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { signInToConsole } from '../support/console-sign-in';
import { csrfHeaders, signInThroughApi } from '../support/sign-in';

/**
 * Tables that fit (issue 34 item 4): at 1280 px no column of any table on the main pages is off-screen unless the
 * table shows it scrolls (a shadow over the edge that hides it, or the pinned last column carrying it) and the
 * keyboard can reach the scroller; at phone width axe finds no scrollable region the keyboard cannot reach.
 */

const admin = DEMO_OPERATORS.find((each) => each.role === 'admin')!;

const PARTNER_PAGES = [
  { path: '/', heading: /^Welcome, / },
  { path: '/bookings', heading: 'My Referrals' },
  { path: '/my-earnings', heading: 'My earnings' },
  { path: '/finance-reports', heading: 'Finance reports' },
  { path: '/commission-structure', heading: 'Commission structure' },
  { path: '/partner-tiers', heading: 'Partner tiers' },
  { path: '/view-referral-details', heading: 'Referral details' },
  { path: '/manage-user', heading: 'Team' },
];

const CONSOLE_PAGES = ['/console/jobs', '/console/payouts', '/console/partners', '/console/bookings'];

/** Waits until the page's tables are not loading any more (aria-busy), and their rows or empty row are there. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('[data-placeholder-row]')).toHaveCount(0);
}

/**
 * Every header cell of every visible table that is outside what its scroller (or the window) shows, and why that
 * is not shown to the user: no shadow on that side, no keyboard stop. An empty list passes.
 */
async function hiddenColumnsWithoutAffordance(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const windowWidth = document.documentElement.clientWidth;
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const box = table.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const name = table.getAttribute('aria-label') ?? table.querySelector('caption')?.textContent ?? '(unnamed table)';
      // The nearest ancestor that scrolls sideways.
      let scroller: HTMLElement | null = table.parentElement;
      while (scroller && !(scroller.scrollWidth > scroller.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX))) scroller = scroller.parentElement;
      const view = scroller ? scroller.getBoundingClientRect() : { left: 0, right: windowWidth };
      const frame = scroller?.closest('[data-scroll-frame]') ?? null;
      for (const cell of Array.from(table.querySelectorAll('thead th'))) {
        const rect = cell.getBoundingClientRect();
        if (rect.width === 0) continue;
        const label = `${name}: column "${cell.textContent?.trim() || '(no text)'}"`;
        if (rect.right > windowWidth + 1 || rect.left < -1) {
          if (!scroller) problems.push(`${label} is off the window and nothing scrolls`);
        }
        const pastEnd = rect.right > view.right + 1;
        const pastStart = rect.left < view.left - 1;
        if (!pastEnd && !pastStart) continue;
        if (!scroller || !frame) {
          problems.push(`${label} is cut off with no scroll affordance`);
          continue;
        }
        if (scroller.tabIndex !== 0 || !(scroller.getAttribute('aria-label') || scroller.getAttribute('aria-labelledby'))) problems.push(`${label}: its scroller is not a named keyboard stop`);
        const rtl = getComputedStyle(scroller).direction === 'rtl';
        const endSide = rtl ? pastStart : pastEnd;
        const pseudo = endSide ? '::after' : '::before';
        const shadow = getComputedStyle(frame, pseudo);
        const pinned = frame.querySelector('tbody [data-pinned]');
        const shown = shadow.opacity === '1' && shadow.display !== 'none';
        const pinnedShadow = endSide && pinned !== null && getComputedStyle(pinned).boxShadow !== 'none';
        if (!shown && !pinnedShadow) problems.push(`${label} is hidden past the ${endSide ? 'end' : 'start'} with no shadow there`);
      }
      // A pinned column must itself be in view.
      for (const cell of Array.from(table.querySelectorAll('[data-pinned]'))) {
        const rect = cell.getBoundingClientRect();
        if (rect.right > view.right + 1 || rect.left < view.left - 1) problems.push(`${name}: the pinned column is out of view`);
      }
    }
    return problems;
  });
}

/** Whether a header cell is inside what its table's scroller shows, sideways (the page may still need scrolling down). */
async function shownSideways(page: Page, table: string, column: string): Promise<boolean> {
  return page
    .getByRole('table', { name: table })
    .getByRole('columnheader', { name: column, exact: true })
    .evaluate((cell) => {
      const frame = cell.closest('[data-scroll-frame]') ?? document.documentElement;
      const view = frame.getBoundingClientRect();
      const rect = cell.getBoundingClientRect();
      return rect.width > 0 && rect.left >= view.left - 1 && rect.right <= view.right + 1;
    });
}

test('at 1280 px every table column is on screen, or its table shows it scrolls and the keyboard reaches the scroller', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  for (const { path, heading } of PARTNER_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 60_000 });
    await settled(page);
    await expect.poll(() => hiddenColumnsWithoutAffordance(page), { message: path }).toEqual([]);
  }

  // Finance reports folds its opening, accrued, reversed and clawback figures into each row's details at this
  // width, and keeps the files and the actions in view.
  await page.goto('/finance-reports');
  const reports = page.getByRole('table', { name: 'Your finance reports' });
  await expect.poll(() => shownSideways(page, 'Your finance reports', 'Files')).toBe(true);
  await expect.poll(() => shownSideways(page, 'Your finance reports', 'Actions')).toBe(true);
  await expect(reports.getByRole('columnheader', { name: 'Opening balance' })).toHaveCount(0);
  const toggle = reports.getByRole('button', { name: /^Details of / }).first();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`).getByText('Opening balance')).toBeVisible();

  // My earnings keeps "Payable on" and Status in view; Commission structure keeps the refund window.
  await page.goto('/my-earnings');
  await settled(page);
  await expect.poll(() => shownSideways(page, 'Your commission lines', 'Payable on')).toBe(true);
  await expect.poll(() => shownSideways(page, 'Your commission lines', 'Status')).toBe(true);
  await page.goto('/commission-structure');
  await settled(page);
  await expect.poll(() => shownSideways(page, 'Your commission rates', 'Refund window')).toBe(true);

  // Narrower than the folded table: it scrolls, and says so.
  await page.setViewportSize({ width: 900, height: 900 });
  await page.goto('/finance-reports');
  await settled(page);
  await expect.poll(() => hiddenColumnsWithoutAffordance(page), { message: 'finance reports at 900 px' }).toEqual([]);
});

test('Finance reports at 1280 px in Arabic: the page does not scroll sideways and the files and actions stay in view', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  const saved = await page.request.patch('/api/user/preferences', { headers: await csrfHeaders(page), data: { locale: 'ar' } });
  expect(saved.status()).toBe(200);
  try {
    await page.addInitScript(() => window.localStorage.setItem('locale', 'ar'));
    await page.goto('/finance-reports');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl', { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'التقارير المالية' })).toBeVisible({ timeout: 60_000 });
    await settled(page);
    const table = 'تقاريرك المالية';
    await expect(page.getByRole('table', { name: table })).toBeVisible();
    // The review measured the page 40 px wider than the window in Arabic: nothing may push the page sideways.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    // ... nor the table past its card: every column it keeps at this width fits, in Arabic as in English.
    const overflow = () => page.getByRole('table', { name: table }).evaluate((element) => element.getBoundingClientRect().width - element.closest('[data-scroll-frame]')!.getBoundingClientRect().width);
    await expect.poll(overflow).toBeLessThanOrEqual(1);
    await expect.poll(() => hiddenColumnsWithoutAffordance(page), { message: 'finance reports in Arabic' }).toEqual([]);
    await expect.poll(() => shownSideways(page, table, 'الملفات')).toBe(true);
    await expect.poll(() => shownSideways(page, table, 'الإجراءات')).toBe(true);
  } finally {
    const back = await page.request.patch('/api/user/preferences', { headers: await csrfHeaders(page), data: { locale: 'en' } });
    expect(back.status()).toBe(200);
  }
});

test('the console\'s tables at 1280 px show when they scroll; at phone width every scroller is keyboard-reachable', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToConsole(page, admin.email, '/console');
  for (const path of CONSOLE_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
    await settled(page);
    await expect.poll(() => hiddenColumnsWithoutAffordance(page), { message: path }).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/console/jobs', '/console/payouts']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
    await settled(page);
    const results = await new AxeBuilder({ page }).setLegacyMode(true).withRules(['scrollable-region-focusable']).analyze();
    expect(results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' '))), path).toEqual([]);
  }
});

test('partner pages at phone width have no scroll region the keyboard cannot reach', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  for (const path of ['/partner-tiers', '/my-earnings', '/view-referral-details', '/']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 60_000 });
    await settled(page);
    const results = await new AxeBuilder({ page }).setLegacyMode(true).withRules(['scrollable-region-focusable']).analyze();
    expect(results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' '))), path).toEqual([]);
  }
});
