import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { shownNotifications, startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';

startEachTestSignedOut();

async function submit(current: string, password: string, confirmation = password) {
  const user = userEvent.setup({ delay: null });
  if (current) await user.type(await screen.findByLabelText(/^Current password/), current);
  if (password) await user.type(screen.getByLabelText(/^New password/), password);
  if (confirmation) await user.type(screen.getByLabelText(/^Confirm new password/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Update password' }));
}

describe('update-password page', () => {
  it('tells a user who must change the password why they are here', async () => {
    useAuthStore.getState().setUser(makeUser({ password_updated_check: false }));
    mockFetch({ 'GET /api/user': () => jsonResponse(200, makeUser({ password_updated_check: false })) });
    renderApp('/update-password');

    expect(await screen.findByText('You need to set a new password to use the portal.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeInTheDocument();
  });

  it('checks the fields before sending', async () => {
    useAuthStore.getState().setUser(makeUser({ password_updated_check: false }));
    const api = mockFetch({ 'GET /api/user': () => jsonResponse(200, makeUser({ password_updated_check: false })) });
    renderApp('/update-password');
    await screen.findByLabelText(/^Current password/);

    await submit('', 'Same-pass-1', 'Other-pass-1');

    expect(await screen.findByText('The current password field is required.')).toBeInTheDocument();
    expect(screen.getByText('The password confirmation does not match.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Current password/)).toHaveFocus());
    expect(api.calls('POST', '/api/users/update-password')).toHaveLength(0);
  });

  it('updates the password, keeps the new user and opens the dashboard', async () => {
    const before = makeUser({ password_updated_check: false });
    const after = makeUser({ password_updated_check: true });
    useAuthStore.getState().setUser(before);
    let current = before;
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, current),
      'POST /api/users/update-password': () => {
        current = after;
        return jsonResponse(200, { success: true, message: 'Your password has been updated.', user: after });
      },
    });
    const view = renderApp('/update-password');

    await submit('Given-pass-1', 'Brand-new-1');

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/');
    expect(api.calls('POST', '/api/users/update-password')[0]?.body).toEqual({
      current_password: 'Given-pass-1',
      password: 'Brand-new-1',
      password_confirmation: 'Brand-new-1',
    });
    expect(useAuthStore.getState().user?.password_updated_check).toBe(true);
    expect(shownNotifications()).toContainEqual({ title: 'Password updated', message: 'Your password has been updated.', color: 'teal' });
  });

  it('shows the server’s errors beside the fields', async () => {
    useAuthStore.getState().setUser(makeUser({ password_updated_check: false }));
    mockFetch({
      'GET /api/user': () => jsonResponse(200, makeUser({ password_updated_check: false })),
      'POST /api/users/update-password': () =>
        jsonResponse(422, { success: false, message: 'The current password is incorrect.', errors: { current_password: ['The current password is incorrect.'] } }),
    });
    const view = renderApp('/update-password');

    await submit('Wrong-pass-1', 'Brand-new-1');

    await waitFor(() => expect(screen.getByLabelText(/^Current password/)).toHaveAccessibleDescription('The current password is incorrect.'));
    expect(view.location().pathname).toBe('/update-password');
  });

  it('offers a way out: sign out', async () => {
    const user = userEvent.setup({ delay: null });
    useAuthStore.getState().setUser(makeUser({ password_updated_check: false }));
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, makeUser({ password_updated_check: false })),
      'POST /api/logout': () => jsonResponse(204),
    });
    const view = renderApp('/update-password');

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/login');
    expect(api.calls('POST', '/api/logout')).toHaveLength(1);
  });
});
