import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';

startEachTestSignedOut();

describe('/authenticate for a team invitation (modules/team)', () => {
  it('asks for a password first, checks it with the contract, then accepts the invitation and signs in', async () => {
    const account = makeUser({ first_name: 'Nadia' }, { role: 'agent' });
    const api = mockFetch({
      'POST /api/authenticate': () => jsonResponse(200, { two_factor: false, user: account }),
      'GET /api/user': () => jsonResponse(200, account),
    });
    const view = renderApp('/authenticate?token=invitation-token-0123456789&invitation=1');

    expect(await screen.findByRole('heading', { name: 'Accept your invitation' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/authenticate')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/^New password/), 'Nadia-Chosen-2026');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'Nadia-Other-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByText('The password confirmation does not match.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/authenticate')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(/^Confirm new password/));
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'Nadia-Chosen-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Nadia' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/');
    expect(api.calls('POST', '/api/authenticate')[0]?.body).toEqual({
      token: 'invitation-token-0123456789',
      password: 'Nadia-Chosen-2026',
      password_confirmation: 'Nadia-Chosen-2026',
    });
  });

  it('explains a spent or expired invitation link', async () => {
    mockFetch({
      'POST /api/authenticate': () =>
        jsonResponse(422, { message: 'This sign-in link is invalid or has expired.', errors: { token: ['This sign-in link is invalid or has expired.'] } }),
    });
    renderApp('/authenticate?token=used-token-0123456789&invitation=1');
    await userEvent.type(await screen.findByLabelText(/^New password/), 'Nadia-Chosen-2026');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'Nadia-Chosen-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findByText('This sign-in link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });
});
