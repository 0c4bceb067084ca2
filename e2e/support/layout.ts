import { expect, type Page } from '@playwright/test';

/**
 * Nothing on the page is wider than the screen, so it cannot be scrolled sideways (the guide: responsive down to
 * 360 px). Polled: just after a resize, or while a page lays itself out (a chart follows its box through a
 * ResizeObserver, tables turn into cards below the sm breakpoint), it is wider for a moment; a loaded run once read
 * 493 px on a 360 px dashboard that then fitted.
 */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const screen = page.viewportSize()!.width;
  await expect
    .poll(() => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)), {
      message: `${where}: nothing wider than the ${screen} px screen`,
    })
    .toBeLessThanOrEqual(screen);
}
