import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

const TOKEN = 'a-long-invitation-token-0123456789';

describe('the invitation page', () => {
  it('greets the invitee, checks the password rules, sets it and leads to sign-in', async () => {
    const calls = mockFetch({
      'GET /api/console/csrf-cookie': consoleCsrfCookie,
      'POST /api/console/invitation': () => jsonResponse(200, { name: 'Rania Haddad', email: 'rania@ops.test', role: 'finance' }),
      'POST /api/console/invitation/accept': () => jsonResponse(200, { email: 'rania@ops.test' }),
    });
    const view = renderApp(`/invitation?token=${TOKEN}`, { routes: consoleRoutes });
    expect(await screen.findByText('Welcome, Rania Haddad. Choose the password for rania@ops.test (Finance).')).toBeInTheDocument();
    // Nobody is signed in, and the page does not ask who is.
    expect(calls.calls('GET', '/api/console/me')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'weak');
    const rules = screen.getByRole('list', { name: 'Password rules' });
    expect(within(rules).getByText('A lowercase letter').closest('li')).toHaveTextContent('done');
    await userEvent.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('The password confirmation does not match.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/invitation/accept')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(/^Password/, { selector: 'input' }));
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Strong-Pass-2026');
    await userEvent.clear(screen.getByLabelText(/^Confirm password/, { selector: 'input' }));
    await userEvent.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'Strong-Pass-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('heading', { name: 'Your password is set', level: 1 })).toHaveFocus();
    expect(calls.calls('POST', '/api/console/invitation/accept')[0]!.body).toEqual({ token: TOKEN, password: 'Strong-Pass-2026', password_confirmation: 'Strong-Pass-2026' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(view.location().pathname).toBe('/invitation');
  });

  it('says so when the link is spent or expired, or missing', async () => {
    mockFetch({
      'GET /api/console/csrf-cookie': consoleCsrfCookie,
      'POST /api/console/invitation': () =>
        jsonResponse(422, { message: 'This invitation link is invalid or has expired.', errors: { token: ['This invitation link is invalid or has expired.'] } }),
    });
    renderApp(`/invitation?token=${TOKEN}`, { routes: consoleRoutes });
    expect((await screen.findByText(/This invitation link is invalid or has expired/)).closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Set password' })).not.toBeInTheDocument();
  });
});
