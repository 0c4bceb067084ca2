import { expect, test } from '@playwright/test';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../support/accounts';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll } from '../support/layout';
import { linkTo, outboxFiles, waitForMail } from '../support/outbox';
import { csrfHeaders, signInThroughApi } from '../support/sign-in';

/**
 * The team (issue 17): the owner of Harbor Health Partners invites a member as agent; the member accepts through the
 * e-mailed link (read from the outbox), chooses a password, is signed in and sees only the bookings they referred
 * (none yet, while the owner sees the agent's); the owner deactivates them, and the member's open tab goes to /login.
 */
test('an owner invites an agent, who accepts from the e-mail and sees only their referrals; deactivation signs them out', async ({ browser, page }) => {
  // Several pages in two browsers, each checked by axe: more than the default minute on two shared cores.
  test.slow();
  const email = `nadia.rahman.${Date.now()}@example.test`;
  const password = 'Nadia-Chosen-2026';

  await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
  await page.goto('/manage-user');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row', { name: /Grace Mwangi/ })).toContainText('Agent');
  await expect(members.getByRole('row', { name: /Sofia Haddad/ })).toContainText('Invited');
  await expectAccessible(page, 'team members');

  await page.getByRole('link', { name: 'Invite a member' }).click();
  await expect(page).toHaveURL(/\/add-user$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Invite a member' })).toBeVisible();
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Nadia');
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Rahman');
  await page.getByRole('textbox', { name: 'E-mail address', exact: true }).fill(email);
  await page.getByRole('radio', { name: 'Agent' }).check();
  await expectAccessible(page, 'invite form');
  const seen = outboxFiles();
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page).toHaveURL(/\/manage-user$/);
  await expect(members.getByRole('row', { name: /Nadia Rahman/ })).toContainText('Invited');

  // The invitation, from the outbox: a one-time /authenticate link.
  const mail = await waitForMail(email, seen);
  expect(mail.subject).toBe('Join Harbor Health Partners on the partner portal');
  const link = linkTo(mail, '/authenticate');
  expect(link.searchParams.get('invitation')).toBe('1');

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(`${link.pathname}${link.search}`);
  await expect(member.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
  await member.getByRole('textbox', { name: 'New password', exact: true }).fill(password);
  await member.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(password);
  await expectAccessible(member, 'accept invitation');
  await member.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(member.getByRole('heading', { name: /Nadia/ }).first()).toBeVisible();

  // Only their own referrals: a new agent member has referred nothing, while the owner sees the agent's bookings.
  await member.goto('/bookings');
  const bookings = member.getByRole('table', { name: 'Bookings' });
  await expect(bookings).toHaveAttribute('aria-busy', 'false');
  await expect(member.getByText('No bookings to view yet.')).toBeVisible();
  const theirs = (await (await member.request.get('/api/clients/bookings?per_page=10')).json()) as { total: number };
  const agents = (await (await page.request.get('/api/clients/bookings?per_page=10')).json()) as { total: number };
  expect(theirs.total).toBe(0);
  expect(agents.total).toBeGreaterThan(0);

  // The owner sees them active now, and deactivates them: the member's open tab is signed out.
  await page.reload();
  const row = members.getByRole('row', { name: /Nadia Rahman/ });
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Actions for Nadia Rahman' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate Nadia Rahman?' });
  await expectAccessible(page, 'deactivate dialog', { schemes: 'current' });
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Deactivated');
  await expect(member).toHaveURL(/\/login$/, { timeout: 60_000 });

  // And they cannot sign in again.
  const again = await member.request.post('/api/login', {
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': decodeURIComponent((await memberContext.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '') },
    data: { email, password, remember: false },
  });
  expect(again.status()).toBe(403);

  // The team log says who did what.
  await page.getByRole('tab', { name: 'Team log' }).click();
  await expect(page.getByText('Amelia Hart deactivated Nadia Rahman')).toBeVisible();
  await expect(page.getByText('Nadia Rahman accepted the invitation')).toBeVisible();
  await memberContext.close();
});

test.describe('on a 360 px phone, in Arabic', () => {
  test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, hasTouch: true });

  test('the team page and the invitation form read right to left and never scroll sideways', async ({ page }) => {
    test.slow();
    await signInThroughApi(page, DEMO_EMAILS.partner, DEMO_PASSWORD);
    const headers = await csrfHeaders(page);
    expect((await page.request.patch('/api/user/preferences', { headers, data: { locale: 'ar' } })).status()).toBe(200);
    try {
      await page.goto('/manage-user');
      await expect(page.getByRole('heading', { level: 1, name: 'الفريق' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      // Below the sm breakpoint the members are cards; Sofia's invitation is among them.
      await expect(page.getByText('Sofia Haddad').first()).toBeVisible();
      await expect(page.getByText('مدعو').first()).toBeVisible();
      await expectNoSidewaysScroll(page, '/manage-user');
      await expectAccessible(page, 'team, phone, Arabic');

      await page.goto('/add-user');
      await expect(page.getByRole('heading', { level: 1, name: 'دعوة عضو' })).toBeVisible();
      await expectNoSidewaysScroll(page, '/add-user');
      await expectAccessible(page, 'invite form, phone, Arabic');
    } finally {
      expect((await page.request.patch('/api/user/preferences', { headers, data: { locale: 'en' } })).status()).toBe(200);
    }
  });
});
