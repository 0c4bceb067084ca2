import { expect, test } from '@playwright/test';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { signInThroughApi } from '../support/sign-in';

/** The agent's logo keeps its contrast on the dark header (issue 34 item 13): a light backplate in dark, none in light. */
test('the agent logo sits on a light backplate in the dark scheme and on nothing in the light one', async ({ browser }) => {
  test.setTimeout(180_000);
  for (const colorScheme of ['dark', 'light'] as const) {
    const context = await browser.newContext({ colorScheme });
    const page = await context.newPage();
    await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
    await page.goto('/');
    const logo = page.getByRole('banner').locator('img[data-agent-logo]');
    await expect(logo).toBeVisible({ timeout: 60_000 });
    const background = await logo.evaluate((image) => getComputedStyle(image).backgroundColor);
    if (colorScheme === 'dark') {
      // rgb(r, g, b): every channel light.
      const channels = background.match(/\d+/g)!.slice(0, 3).map(Number);
      expect(channels.every((channel) => channel > 230), background).toBe(true);
    } else {
      expect(background).toBe('rgba(0, 0, 0, 0)');
    }
    await context.close();
  }
});
