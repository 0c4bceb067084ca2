import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { shownNotifications, startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';

startEachTestSignedOut();

describe('two-factor verification page', () => {
  it('signs in with the 6-digit code as soon as it is complete', async () => {
    const user = userEvent.setup({ delay: null });
    const account = makeUser({ two_factor_enabled: true });
    const api = mockFetch({
      'POST /api/two-factor-challenge': () => jsonResponse(200, { two_factor: false, user: account }),
      'GET /api/user': () => jsonResponse(200, account),
    });
    const view = renderApp('/two/factor/verification');

    const first = await screen.findByLabelText('Authentication code, digit 1 of 6');
    expect(first).toHaveAttribute('autocomplete', 'one-time-code');
    await user.click(first);
    await user.keyboard('123456');

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/');
    expect(api.calls('POST', '/api/two-factor-challenge')[0]?.body).toEqual({ code: '123456' });
    expect(useAuthStore.getState().user).toEqual(account);
    expect(shownNotifications()).toContainEqual({ title: 'Login successful', message: 'Welcome back, Ada!', color: 'teal' });
  });

  it('asks for six digits before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockFetch({});
    renderApp('/two/factor/verification');

    await user.click(await screen.findByLabelText('Authentication code, digit 1 of 6'));
    await user.keyboard('12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('The code must be 6 digits.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/two-factor-challenge')).toHaveLength(0);
  });

  it('shows the server’s error beside the code and empties it', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      'POST /api/two-factor-challenge': () =>
        jsonResponse(422, { message: 'The provided two factor authentication code was invalid.', errors: { code: ['The provided two factor authentication code was invalid.'] } }),
    });
    renderApp('/two/factor/verification');

    await user.click(await screen.findByLabelText('Authentication code, digit 1 of 6'));
    await user.keyboard('654321');

    expect(await screen.findByText('The provided two factor authentication code was invalid.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Authentication code, digit 1 of 6')).toHaveValue(''));
    expect(screen.getByLabelText('Authentication code, digit 1 of 6')).toHaveAttribute('aria-invalid', 'true');
  });

  it('accepts a recovery code instead', async () => {
    const user = userEvent.setup({ delay: null });
    const account = makeUser({ password_updated_check: false });
    const api = mockFetch({ 'POST /api/two-factor-challenge': () => jsonResponse(200, { two_factor: false, user: account }) });
    const view = renderApp('/two/factor/verification');

    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), ' abcdefghij-klmnopqrst ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Update your password' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/update-password');
    expect(api.calls('POST', '/api/two-factor-challenge')[0]?.body).toEqual({ recovery_code: 'abcdefghij-klmnopqrst' });
  });

  it('shows a throttled or expired attempt inline, with a way back to sign in', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({ 'POST /api/two-factor-challenge': () => jsonResponse(429, { message: 'Too many attempts. Please try again in 60 seconds.' }) });
    renderApp('/two/factor/verification');

    await user.click(await screen.findByLabelText('Authentication code, digit 1 of 6'));
    await user.keyboard('111111');

    expect(await screen.findByText('Too many attempts. Please try again in 60 seconds.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});
