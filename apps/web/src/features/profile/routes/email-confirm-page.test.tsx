import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';

startEachTestSignedOut();

describe('e-mail confirmation page', () => {
  it('sends the token once and says the new address, signed out too', async () => {
    const api = mockFetch({ 'POST /api/profile/email/confirm': () => jsonResponse(200, { email: 'new@example.test' }) });
    renderApp('/profile/email/confirm?token=abc123');
    expect(await screen.findByText('Your e-mail address is now new@example.test.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/profile/email/confirm').map((request) => request.body)).toEqual([{ token: 'abc123' }]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's own reason when it refuses the link (a text the page does not have itself)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A wording only the server has: the page's own failure text would not match it.
    mockFetch({
      'POST /api/profile/email/confirm': () => jsonResponse(422, { message: 'Server: this link was spent at 10:02.', errors: { token: ['Server: this link was spent at 10:02.'] } }),
    });
    renderApp('/profile/email/confirm?token=used');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Server: this link was spent at 10:02.');
    expect(alert).not.toHaveTextContent('This confirmation link is invalid');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says the address was taken meanwhile, not that the link is invalid', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'POST /api/profile/email/confirm': () => jsonResponse(422, { message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } }),
    });
    renderApp('/profile/email/confirm?token=taken');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The email has already been taken.');
    expect(alert).not.toHaveTextContent('invalid');
  });

  it('offers to try again when the server fails or cannot be reached, and then confirms', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answers = 0;
    const api = mockFetch({
      'POST /api/profile/email/confirm': () => {
        answers += 1;
        if (answers === 1) return jsonResponse(503, { message: 'Service Unavailable' });
        if (answers === 2) return Promise.reject(new TypeError('Failed to fetch'));
        return jsonResponse(200, { email: 'new@example.test' });
      },
    });
    renderApp('/profile/email/confirm?token=abc123');
    const clicks = userEvent.setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('the portal did not answer');
    expect(screen.getByRole('alert')).not.toHaveTextContent('This confirmation link is invalid');
    await clicks.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.calls('POST', '/api/profile/email/confirm')).toHaveLength(2));
    await clicks.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your e-mail address is now new@example.test.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/profile/email/confirm').map((request) => request.body)).toEqual([{ token: 'abc123' }, { token: 'abc123' }, { token: 'abc123' }]);
  });

  it("never writes the new address into whoever is signed in here: the token's account changed, the user is reloaded", async () => {
    const signedInUser = makeUser({ email: 'someone.else@example.test' });
    useAuthStore.getState().setUser(signedInUser);
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, signedInUser),
      'POST /api/profile/email/confirm': () => jsonResponse(200, { email: 'new@example.test' }),
    });
    renderApp('/profile/email/confirm?token=of-another-account');
    expect(await screen.findByText('Your e-mail address is now new@example.test.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', '/api/user').length).toBeGreaterThan(0));
    expect(useAuthStore.getState().user?.email).toBe('someone.else@example.test');
  });

  it('asks for the link again when the token is missing, without calling the server', async () => {
    const api = mockFetch({});
    renderApp('/profile/email/confirm');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete. Open the link from the e-mail again.');
    expect(api.calls('POST', '/api/profile/email/confirm')).toHaveLength(0);
  });
});
