import { expect, type Page } from '@playwright/test';
import { NOTIFICATION_DURATION_MS } from '@portal/contracts/constants';

/**
 * Toasts close after NOTIFICATION_DURATION_MS (spec §8: 6 s; the web tests check the duration each toast is given).
 * A test that reads a toast after other checks, or holds one on screen for axe, can get there later than that on a
 * busy machine: in a loaded clean-clone run the dashboard took 12 s to appear after signing in, and the sign-in toast
 * it carried had closed before the test looked. On the pages this is called on (before their first load), a toast's
 * timer runs a minute instead, as if the reader's pointer rested on it (Mantine pauses the timer under the pointer).
 * Nothing else changes: only a timer of exactly the toast's duration is stretched. It holds for every page of the
 * page's browser context, so a second tab opened there keeps its toasts too. A held toast also covers what lies under
 * it for that minute (the top of the page's content, in the corner below the header), and the partner's live toasts
 * from other specs are held too: a test that clicks there after a toast holds only the one toast it reads, with the
 * pointer (hover), instead.
 */
export async function keepToastsOpen(page: Page): Promise<void> {
  await page.context().addInitScript(
    ({ duration, held }) => {
      const schedule = window.setTimeout.bind(window);
      window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) =>
        schedule(handler, timeout === duration ? held : timeout, ...rest)) as typeof window.setTimeout;
    },
    { duration: NOTIFICATION_DURATION_MS, held: 60_000 },
  );
}

/**
 * Rests the pointer on the toast titled `title` as soon as it shows, which holds it open (Mantine pauses its timer
 * under the pointer) while a test reads it or axe checks it; the pointer moves on with the test's next click.
 */
export async function holdToast(page: Page, title: string): Promise<void> {
  const toast = page.getByRole('alert').filter({ hasText: title });
  await toast.hover();
  await expect(toast).toBeVisible();
}
