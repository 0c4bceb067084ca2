import { signInToConsole } from '../support/console-sign-in';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DEMO_OPERATORS } from '../../apps/server/src/db/seeds/demo-identities.ts';
import { expectAccessible } from '../support/axe';
import { linkTo, outboxFiles, waitForMail } from '../support/outbox';
import { totpCode } from '../support/totp';

/**
 * The console's Operators page in the browser (issue 14): the demo admin signs in with TOTP and invites an operator;
 * the invitee opens the e-mailed link, chooses a password, signs in, enrols an authenticator app and lands in the
 * console with their role's pages; the admin then disables them, and their browser is signed out. axe on every
 * page state visited, light and dark.
 */

// Two browsers, two schemes of axe and a server on two shared cores: a list can take more than 10 s to reload.
const expect = baseExpect.configure({ timeout: 30_000 });

const admin = DEMO_OPERATORS.find((each) => each.role === 'admin')!;

/** Types the code into the console's six boxes (the form submits itself when the last one is filled). */
async function typeCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

test('an admin invites an operator, who sets a password and enrols two-factor, and then disables them', async ({ browser, page }) => {
  // A long journey with axe in both schemes at every step, on two shared cores.
  test.setTimeout(480_000);
  const stamp = Date.now();
  const invitee = { name: `Rania Haddad ${stamp % 10_000}`, email: `e2e-operator-${stamp}@ops.example.test`, password: 'Operator-E2e-2026' };

  // The admin signs in with a code and lands on the page asked for.
  await signInToConsole(page, admin.email, '/console/operators');
  await expect(page).toHaveURL(/\/console\/operators$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Operators' })).toBeVisible();
  await expect(page).toHaveTitle('Operators · Operations console');
  const table = page.getByRole('table', { name: 'Operators' });
  await expect(table.getByRole('row').filter({ hasText: admin.email })).toContainText('You');
  await expectAccessible(page, 'operators list');

  // Invite: the dialog, then the invitee on the list, invited.
  const seen = outboxFiles();
  await page.getByRole('button', { name: 'Invite an operator' }).click();
  const inviteDialog = page.getByRole('dialog', { name: 'Invite an operator' });
  await expect(inviteDialog).toBeVisible();
  await expectAccessible(page, 'invite an operator dialog');
  await inviteDialog.getByRole('textbox', { name: 'Name' }).fill(invitee.name);
  await inviteDialog.getByRole('textbox', { name: 'E-mail address' }).fill(invitee.email);
  await inviteDialog.getByRole('radio', { name: /^Support/ }).check();
  await inviteDialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `${invitee.email} can now choose a password.` })).toBeVisible();
  await expect(inviteDialog).toBeHidden();
  const inviteeRow = table.getByRole('row').filter({ hasText: invitee.email });
  await expect(inviteeRow).toContainText('Invited');
  await expect(inviteeRow).toContainText('Support');
  await expect(inviteeRow).toContainText('Not yet');

  // The invitee, in a browser of their own, opens the e-mailed link.
  const mail = await waitForMail(invitee.email, seen);
  const link = linkTo(mail, '/console/invitation');
  const inviteeContext = await browser.newContext();
  const theirs = await inviteeContext.newPage();
  await theirs.goto(link.href);
  await expect(theirs.getByRole('heading', { level: 1, name: 'Join the operations console' })).toBeVisible();
  await expect(theirs.getByText(`Welcome, ${invitee.name}. Choose the password for ${invitee.email} (Support).`)).toBeVisible();
  await expectAccessible(theirs, 'invitation: choose a password');
  await theirs.getByRole('textbox', { name: 'Password', exact: true }).fill(invitee.password);
  await theirs.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(invitee.password);
  await theirs.getByRole('button', { name: 'Set password' }).click();
  await expect(theirs.getByRole('heading', { level: 1, name: 'Your password is set' })).toBeVisible();
  await expectAccessible(theirs, 'invitation: password set');

  // The link is spent.
  const spent = await inviteeContext.newPage();
  await spent.goto(link.href);
  await expect(spent.getByRole('alert').filter({ hasText: 'This invitation link is invalid or has expired.' })).toBeVisible();
  await expectAccessible(spent, 'invitation: link spent');
  await spent.close();

  // They sign in, enrol an app (the key typed in, as an app would), keep the recovery codes, and land in the console.
  await theirs.getByRole('link', { name: 'Sign in' }).click();
  await expect(theirs).toHaveURL(/\/console\/login$/);
  await theirs.getByRole('textbox', { name: 'E-mail address' }).fill(invitee.email);
  await theirs.getByRole('textbox', { name: 'Password' }).fill(invitee.password);
  await theirs.getByRole('button', { name: 'Sign in' }).click();
  await expect(theirs.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible();
  const secret = (await theirs.getByLabel('Or type this key into the app').textContent())!.replace(/\s+/g, '');
  await typeCode(theirs, totpCode(secret));
  await expect(theirs.getByRole('heading', { level: 1, name: 'Keep your recovery codes' })).toBeVisible();
  await theirs.getByRole('button', { name: 'I have stored them: continue' }).click();
  const navigation = theirs.getByRole('navigation', { name: 'Console' });
  await expect(navigation.getByRole('link', { name: 'Partners' })).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Operators' })).toHaveCount(0);
  await expectAccessible(theirs, 'the invitee in the console, support role');

  // The admin sees them active and enrolled, and disables them with a reason.
  await page.reload();
  await expect(inviteeRow).toContainText('Active');
  await expect(inviteeRow).toContainText('Enrolled');
  await inviteeRow.getByRole('button', { name: `Actions for ${invitee.name}` }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'operators list, a row’s menu open', { schemes: 'current' });
  await page.getByRole('menuitem', { name: 'Disable…' }).click();
  const disableDialog = page.getByRole('dialog', { name: `Disable ${invitee.name}?` });
  await expect(disableDialog).toBeVisible();
  await disableDialog.getByRole('textbox', { name: /Reason/ }).fill('Joined by mistake: wrong team.');
  await expectAccessible(page, 'disable an operator dialog');
  await disableDialog.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '1 session ended' })).toBeVisible();
  await expect(inviteeRow).toContainText('Disabled');
  await expectAccessible(page, 'operators list after disabling', { schemes: 'current' });

  // Their next request is refused: the console sends them back to sign-in.
  await theirs.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Partners' }).click();
  await expect(theirs).toHaveURL(/\/console\/login$/);
  await expect(theirs.getByRole('heading', { level: 1, name: 'Sign in to the operations console' })).toBeVisible();
  await inviteeContext.close();
});
