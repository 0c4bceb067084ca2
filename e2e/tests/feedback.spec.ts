import { expect as baseExpect, test } from '@playwright/test';
import { DEMO_OPERATORS } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { signInToConsole } from '../support/console-sign-in';
import { expectNoSidewaysScroll } from '../support/layout';
import { fillSignInForm } from '../support/sign-in';

/**
 * Feedback in the browser (issue 17): a partner sends feedback with a screenshot; an operator of the support role
 * opens it in the console's support inbox and answers; the partner sees the answer in the conversation.
 */

// The machine is shared by several test runs: page loads get 30 s, not the default 10.
const expect = baseExpect.configure({ timeout: 30_000 });

/** A 1×1 PNG: an image the server sniffs, re-encodes and stores encrypted. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('a partner sends feedback with an attachment, an operator answers in the console, and the partner reads the answer', async ({ browser, page }) => {
  test.setTimeout(300_000);
  const message = `The hospital asked my patient for the passport copy again (${Date.now()}).`;
  const answer = 'The hospital has linked the documents to this booking; nothing more is needed.';

  // The partner: Grace Mwangi, an agent of Harbor Health Partners.
  // The realtime subscription authorised, so the operator's answer arrives live.
  const authorised = page.waitForResponse((response) => new URL(response.url()).pathname === '/broadcasting/auth' && response.status() === 200);
  await fillSignInForm(page, DEMO_EMAILS.agent, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await authorised;
  await page.goto('/feedback?from=/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  // The demo's threads of this member.
  await expect(page.getByRole('table', { name: 'My feedback' }).getByRole('link').first()).toBeVisible();
  await expectAccessible(page, 'feedback page');

  const form = page.getByRole('form', { name: 'Send feedback' });
  await form.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Booking' });
  await form.getByRole('radio', { name: '4 out of 5' }).check();
  await form.getByRole('textbox', { name: 'Message' }).fill(message);
  await form.locator('input[type="file"]').setInputFiles({ name: 'passport-request.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText('passport-request.png')).toBeVisible();
  await form.getByRole('button', { name: 'Send feedback' }).click();

  await expect(page).toHaveURL(/\/feedback\/\d+$/);
  const threadId = Number(/\/feedback\/(\d+)$/.exec(page.url())![1]);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByText(message)).toBeVisible();
  await expect(conversation.getByRole('link', { name: /passport-request\.png/ })).toBeVisible();
  await expect(page.getByText('New', { exact: true })).toBeVisible();
  await expectAccessible(page, 'feedback conversation, new');

  // The operator: Diego Alvarez, support.
  const consoleContext = await browser.newContext();
  const consolePage = await consoleContext.newPage();
  const support = DEMO_OPERATORS.find((operator) => operator.role === 'support')!;
  await signInToConsole(consolePage, support.email, '/console/feedback');
  await expect(consolePage).toHaveURL(/\/console\/feedback$/);
  const inbox = consolePage.getByRole('table', { name: 'Support inbox' });
  await inbox.getByRole('link', { name: message.slice(0, 60) }).first().click();
  await expect(consolePage).toHaveURL(new RegExp(`/console/feedback/${threadId}$`));
  const thread = consolePage.getByRole('region', { name: 'Conversation' });
  await expect(thread.getByText(message)).toBeVisible();
  await expect(thread.getByRole('link', { name: /passport-request\.png/ })).toBeVisible();
  await expect(consolePage.getByText('/bookings', { exact: true })).toBeVisible();
  await expectAccessible(consolePage, 'console feedback thread');

  const reply = consolePage.getByRole('form', { name: 'Answer or note' });
  await reply.getByRole('textbox', { name: 'Message' }).fill(answer);
  await reply.getByRole('button', { name: 'Send to the partner' }).click();
  await expect(thread.getByText(answer)).toBeVisible();
  await consoleContext.close();

  // The partner, on the conversation all along, sees the answer arrive (live, no reload), from the support team, and
  // may still reply.
  await expect(conversation.getByText(answer)).toBeVisible();
  await expect(conversation.getByRole('article', { name: 'Partner support' })).toBeVisible();
  await expect(page.getByText('Answered', { exact: true })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Reply' })).toBeVisible();

  // At 360 px, the conversation and the feedback page fit the screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [`/feedback/${threadId}`, '/feedback']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
  await expectAccessible(page, 'feedback page at 360 px');
});
