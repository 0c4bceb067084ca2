import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFICATION_DURATION_MS } from '@portal/contracts/constants';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { shownNotifications, startEachTestSignedOut } from '../../../../test/session';
import { shownNotificationDetails } from '../../../../test/shown-notifications';

startEachTestSignedOut();

async function requestLink(email = 'ada@example.test') {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('forgot-password page', () => {
  it('fetches the CSRF cookie, sends the e-mail, shows spec §8’s toast and goes to login', async () => {
    const api = mockFetch({
      'POST /api/users/forgot-password': () =>
        jsonResponse(200, { success: true, message: 'If an account exists for that address, we have e-mailed a reset link.' }),
    });
    const view = renderApp('/forgot-password');

    await requestLink();

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/login');
    expect(api.requests.filter((request) => request.path !== '/api/realtime/config').map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /api/users/forgot-password',
    ]);
    expect(api.calls('POST', '/api/users/forgot-password')[0]?.body).toEqual({ email: 'ada@example.test' });
    expect(shownNotifications()).toEqual([
      { title: 'Password reset link sent', message: 'Password reset successfully', color: 'teal' },
    ]);
    expect(shownNotificationDetails()[0]?.autoClose).toBe(NOTIFICATION_DURATION_MS);
  });

  it('shows "Failed" with the server message when success is false', async () => {
    mockFetch({ 'POST /api/users/forgot-password': () => jsonResponse(200, { success: false, message: 'We could not send the link.' }) });
    const view = renderApp('/forgot-password');

    await requestLink();

    await waitFor(() => expect(shownNotifications()).toEqual([{ title: 'Failed', message: 'We could not send the link.', color: 'red' }]));
    expect(view.location().pathname).toBe('/forgot-password');
  });

  it('shows the server message of a throttled request (429 with success false)', async () => {
    mockFetch({
      'POST /api/users/forgot-password': () => jsonResponse(429, { success: false, message: 'Please wait before retrying.' }, { 'retry-after': '60' }),
    });
    renderApp('/forgot-password');

    await requestLink();

    await waitFor(() => expect(shownNotifications()).toEqual([{ title: 'Failed', message: 'Please wait before retrying.', color: 'red' }]));
  });

  it('shows "Failed" / "An error occurred" when the request fails', async () => {
    mockFetch({ 'POST /api/users/forgot-password': () => jsonResponse(500, { message: 'Server Error' }) });
    renderApp('/forgot-password');

    await requestLink();

    await waitFor(() => expect(shownNotifications()).toEqual([{ title: 'Failed', message: 'An error occurred', color: 'red' }]));
  });

  it('checks the address before sending and shows server field errors beside it', async () => {
    const api = mockFetch({
      'POST /api/users/forgot-password': () =>
        jsonResponse(422, { message: 'The email must be a valid email address.', errors: { email: ['The email must be a valid email address.'] } }),
    });
    renderApp('/forgot-password');

    await requestLink('nope');
    expect(await screen.findByText('The email must be a valid email address.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/users/forgot-password')).toHaveLength(0);

    const user = userEvent.setup({ delay: null });
    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.test');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('The email must be a valid email address.'),
    );
  });
});
