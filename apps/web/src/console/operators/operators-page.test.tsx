import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorAccount } from '@portal/contracts/console-operators';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

function accountOf(overrides: Partial<OperatorAccount> = {}): OperatorAccount {
  return {
    id: 12,
    name: 'Karim Nasser',
    email: 'karim@ops.test',
    role: 'support',
    status: 'active',
    two_factor_enrolled: true,
    last_sign_in_at: '2026-11-20T08:15:00.000Z',
    invitation_expires_at: null,
    created_at: '2026-10-01T09:00:00.000Z',
    ...overrides,
  };
}

// The signed-in admin is operator 7 (operatorOf).
const me = accountOf({ id: 7, name: 'Layla Mansour', email: 'admin@ops.test', role: 'admin' });

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    ...extra,
  });
}

async function openMenu(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
}

describe('the operators list', () => {
  it('shows each operator’s role, status, two-factor and last sign-in, and filters through the URL and the request', async () => {
    const invited = accountOf({ id: 13, name: 'Rania Haddad', email: 'rania@ops.test', role: 'finance', status: 'invited', two_factor_enrolled: false, last_sign_in_at: null, invitation_expires_at: '2099-01-01T00:00:00.000Z' });
    const calls = api('admin', { 'GET /api/console/operators': () => jsonResponse(200, pageOf([me, accountOf(), invited])) });
    const view = renderApp('/operators', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Operators' });
    const rania = (await within(table).findByText('Rania Haddad')).closest('tr')!;
    expect(within(rania).getByText('Invited')).toBeInTheDocument();
    expect(within(rania).getByText('Finance')).toBeInTheDocument();
    expect(within(rania).getByText('Not yet')).toBeInTheDocument();
    expect(within(rania).getByText('Never')).toBeInTheDocument();
    expect(within(rania).getByText(/Link valid until/)).toBeInTheDocument();
    const layla = within(table).getByText('Layla Mansour').closest('tr')!;
    expect(within(layla).getByText('You')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Finance');
    expect(view.location().search).toContain('role=finance');
    await waitFor(() => expect(calls.calls('GET', '/api/console/operators').at(-1)!.query.get('role')).toBe('finance'));
  });

  it('offers nothing on one’s own row', async () => {
    api('admin', { 'GET /api/console/operators': () => jsonResponse(200, pageOf([me])) });
    renderApp('/operators', { routes: consoleRoutes });
    const menu = await openMenu('Layla Mansour');
    expect(within(menu).getByText('Your own account: another admin can change it.')).toBeInTheDocument();
    expect(within(menu).queryAllByRole('menuitem')).toHaveLength(0);
  });

  it('is not open to another role', async () => {
    const calls = api('support');
    renderApp('/operators', { routes: consoleRoutes });
    expect(await screen.findByText('Your role cannot open this page.')).toBeInTheDocument();
    expect(calls.calls('GET', '/api/console/operators')).toHaveLength(0);
  });
});

describe('inviting an operator', () => {
  it('checks the fields, shows the server’s 422 at its field, and sends the invitation', async () => {
    let taken = true;
    const calls = api('admin', {
      'GET /api/console/operators': () => jsonResponse(200, pageOf([me])),
      'POST /api/console/operators': () =>
        taken
          ? jsonResponse(422, { message: 'An operator with this e-mail address exists already.', errors: { email: ['An operator with this e-mail address exists already.'] } })
          : jsonResponse(201, accountOf({ id: 20, name: 'Omar Saleh', email: 'omar@ops.test', role: 'content', status: 'invited', two_factor_enrolled: false, last_sign_in_at: null })),
    });
    renderApp('/operators', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite an operator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite an operator' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/operators')).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Omar Saleh');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /E-mail address/ }), 'omar@ops.test');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Content/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('An operator with this e-mail address exists already.')).toBeInTheDocument();

    taken = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('omar@ops.test can now choose a password.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/operators').at(-1)!.body).toEqual({ name: 'Omar Saleh', email: 'omar@ops.test', role: 'content' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite an operator' })).not.toBeInTheDocument());
  });
});

describe('an operator’s actions', () => {
  it('changes the role after a confirmation', async () => {
    const calls = api('admin', {
      'GET /api/console/operators': () => jsonResponse(200, pageOf([me, accountOf()])),
      'POST /api/console/operators/12/role': () => jsonResponse(200, { operator: accountOf({ role: 'finance' }), ended_sessions: 0 }),
    });
    renderApp('/operators', { routes: consoleRoutes });
    const menu = await openMenu('Karim Nasser');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Finance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Karim Nasser’s role to Finance?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Karim Nasser is now Finance.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/operators/12/role')[0]!.body).toEqual({ role: 'finance' });
  });

  it('disables with a required reason, and shows a 409’s reason in the dialog', async () => {
    let refuse = true;
    const calls = api('admin', {
      'GET /api/console/operators': () => jsonResponse(200, pageOf([me, accountOf({ role: 'admin' })])),
      'POST /api/console/operators/12/disable': () =>
        refuse
          ? jsonResponse(409, { message: 'This is the last active admin: make another operator an admin before disabling this one.' })
          : jsonResponse(200, { operator: accountOf({ status: 'disabled' }), ended_sessions: 2 }),
    });
    renderApp('/operators', { routes: consoleRoutes });
    const menu = await openMenu('Karim Nasser');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Disable…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Karim Nasser?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await userEvent.paste('Left the company.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByText(/This is the last active admin/)).toBeInTheDocument();

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('2 sessions ended')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/operators/12/disable').at(-1)!.body).toEqual({ reason: 'Left the company.' });
  });

  it('offers what fits the state: re-enable when disabled, resend while invited, reset only when enrolled', async () => {
    const calls = api('admin', {
      'GET /api/console/operators': () =>
        jsonResponse(200, pageOf([me, accountOf({ status: 'disabled' }), accountOf({ id: 14, name: 'Huda Karam', status: 'invited', two_factor_enrolled: false, invitation_expires_at: '2000-01-01T00:00:00.000Z' })])),
      'POST /api/console/operators/14/resend-invitation': () => jsonResponse(200, { operator: accountOf({ id: 14, status: 'invited' }), ended_sessions: 0 }),
    });
    renderApp('/operators', { routes: consoleRoutes });
    const disabled = await openMenu('Karim Nasser');
    expect(within(disabled).getByRole('menuitem', { name: 'Re-enable…' })).toBeInTheDocument();
    expect(within(disabled).getByRole('menuitem', { name: 'Reset two-factor…' })).toBeInTheDocument();
    expect(within(disabled).queryByRole('menuitem', { name: 'Disable…' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    expect(screen.getByText('Link expired: resend it')).toBeInTheDocument();
    const invited = await openMenu('Huda Karam');
    expect(within(invited).queryByRole('menuitem', { name: 'Reset two-factor…' })).not.toBeInTheDocument();
    await userEvent.click(within(invited).getByRole('menuitem', { name: 'Resend invitation…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resend the invitation to Huda Karam?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Invitation sent again')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/operators/14/resend-invitation')).toHaveLength(1);
  });
});
