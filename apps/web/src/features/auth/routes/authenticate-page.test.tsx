import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';

startEachTestSignedOut();

describe('authenticate page (one-time sign-in link)', () => {
  it('posts the token once and follows the sign-in rules', async () => {
    const account = makeUser();
    const api = mockFetch({
      'POST /api/authenticate': () => jsonResponse(200, { two_factor: false, user: account }),
      'GET /api/user': () => jsonResponse(200, account),
    });
    const view = renderApp('/authenticate?token=one-time-token-0123456789');

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/');
    expect(api.calls('POST', '/api/authenticate')).toHaveLength(1);
    expect(api.calls('POST', '/api/authenticate')[0]?.body).toEqual({ token: 'one-time-token-0123456789' });
    expect(useAuthStore.getState().authenticated).toBe(true);
  });

  it('shows progress while the link is checked', async () => {
    mockFetch({ 'POST /api/authenticate': () => new Promise<Response>(() => undefined) });
    renderApp('/authenticate?token=pending-token-0123456789');
    expect(await screen.findByText('Checking your sign-in link…')).toBeInTheDocument();
  });

  it('explains an invalid link and offers sign-in', async () => {
    mockFetch({
      'POST /api/authenticate': () =>
        jsonResponse(422, { message: 'This sign-in link is invalid or has expired.', errors: { token: ['This sign-in link is invalid or has expired.'] } }),
    });
    renderApp('/authenticate?token=used-token-0123456789');

    expect(await screen.findByText('This sign-in link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('explains a link without a token without calling the server', async () => {
    const api = mockFetch({});
    renderApp('/authenticate');

    expect(await screen.findByText('This sign-in link is invalid or has expired.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/authenticate')).toHaveLength(0);
  });
});
