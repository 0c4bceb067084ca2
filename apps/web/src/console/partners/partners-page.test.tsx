import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import type { PartnerAccountDetail } from '@portal/contracts/console-partners';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, pageOf, partnerDetailOf, partnerRowOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    ...extra,
  });
}

describe('the partners list', () => {
  it('lists every partner with status and last sign-in, filters by status through the URL and the request, and links to the detail', async () => {
    const amelia = partnerRowOf({ id: 201 });
    const noah = partnerRowOf({ first_name: 'Noah', last_name: 'Fischer', status: 'suspended', last_sign_in_at: null });
    const calls = api('finance', { 'GET /api/console/partners': () => jsonResponse(200, pageOf([amelia, noah])) });
    const view = renderApp('/partners', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Partners' });
    expect(await within(table).findByRole('link', { name: 'Amelia Hart' })).toHaveAttribute('href', '/partners/201');
    expect(within(table).getByText('Suspended')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Suspended');
    expect(view.location().search).toContain('status=suspended');
    await waitFor(() => expect(calls.calls('GET', '/api/console/partners').at(-1)!.query.get('status')).toBe('suspended'));
  });
});

describe('a partner’s detail', () => {
  function detailApi(role: OperatorRole, account: PartnerAccountDetail, extra: Parameters<typeof mockFetch>[0] = {}) {
    let current = account;
    const calls = api(role, {
      'GET /api/console/partners/201': () => jsonResponse(200, current),
      'POST /api/console/partners/201/suspend': () => {
        current = { ...current, status: 'suspended', active_sessions: 0 };
        return jsonResponse(200, { id: 201, status: 'suspended', ended_sessions: 2 });
      },
      'POST /api/console/partners/201/end-sessions': () => {
        current = { ...current, active_sessions: 0 };
        return jsonResponse(200, { id: 201, status: current.status, ended_sessions: 2 });
      },
      ...extra,
    });
    return calls;
  }

  it('shows the account and its sign-in history', async () => {
    detailApi('finance', partnerDetailOf());
    renderApp('/partners/201', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'Amelia Hart', level: 1 })).toBeInTheDocument();
    const account = screen.getByRole('heading', { name: 'Account', level: 2 }).parentElement!;
    expect(within(account).getByText('Referral agent').nextSibling).toHaveTextContent('Harbor Health Partners');
    expect(within(account).getByText('Referral group').nextSibling).toHaveTextContent('Partners');
    expect(within(account).getByText('Open sessions').nextSibling).toHaveTextContent('2');
    const history = screen.getByRole('table', { name: 'Sign-in history' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['Signed in', 'Sign-in failed']);
    expect(within(rows[0]!).getByText('Password')).toBeInTheDocument();
    // A role that may only read sees no action.
    expect(screen.queryByRole('group', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('suspends with a required reason, and the page shows the new status', async () => {
    const calls = detailApi('support', partnerDetailOf());
    renderApp('/partners/201', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Amelia Hart?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await userEvent.paste('Chargeback under review.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    expect(await screen.findByText('2 sessions ended')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/partners/201/suspend')[0]!.body).toEqual({ reason: 'Chargeback under review.' });
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(screen.getAllByText('Suspended').length).toBeGreaterThan(0);
  });

  it('ends the sessions after a confirmation', async () => {
    const calls = detailApi('admin', partnerDetailOf());
    renderApp('/partners/201', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'End sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'End every session of Amelia Hart?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End sessions' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/partners/201/end-sessions')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'End sessions' })).toBeDisabled());
  });

  it('says so for an address that is no partner', async () => {
    api('admin', { 'GET /api/console/partners/999': () => jsonResponse(404, { message: 'Not found.' }) });
    renderApp('/partners/999', { routes: consoleRoutes });
    expect((await screen.findByText('No partner has this address.')).closest('[role="alert"]')).not.toBeNull();
  });
});
