import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { shownNotifications, startEachTestSignedOut } from '../../../../test/session';

startEachTestSignedOut();

const LINK = '/reset-password?token=reset-token-123&email=ada%40example.test';

async function choosePassword(password: string, confirmation = password) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm new password/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
  return user;
}

describe('reset-password page', () => {
  it('prefills the e-mail from the link', async () => {
    mockFetch({});
    renderApp(LINK);
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('ada@example.test');
  });

  it('ticks the password rules off as the user types', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({});
    renderApp(LINK);
    const rules = await screen.findByRole('list', { name: 'Password requirements' });
    const rule = (name: string) => within(rules).getByText(name).closest('li');

    expect(rule('An uppercase letter')).toHaveAttribute('data-met', 'false');
    await user.type(screen.getByLabelText(/^New password/), 'Abcdefg1');

    expect(rule('An uppercase letter')).toHaveAttribute('data-met', 'true');
    expect(rule('At least 8 characters')).toHaveAttribute('data-met', 'true');
    expect(rule('A number')).toHaveAttribute('data-met', 'true');
  });

  it('checks the rules and the confirmation before sending', async () => {
    const api = mockFetch({});
    renderApp(LINK);

    await choosePassword('short', 'other');

    expect(await screen.findByText(/The password needs:/)).toBeInTheDocument();
    expect(screen.getByText('The password confirmation does not match.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^New password/)).toHaveFocus());
    expect(api.calls('POST', '/api/users/reset-password')).toHaveLength(0);
  });

  it('resets the password after fetching the CSRF cookie, says so, and goes to login', async () => {
    const api = mockFetch({
      'POST /api/users/reset-password': () => jsonResponse(200, { success: true, message: 'Your password has been reset.' }),
    });
    const view = renderApp(LINK);

    await choosePassword('Brand-new-1');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/login');
    expect(api.calls('GET', '/sanctum/csrf-cookie').length).toBeGreaterThan(0);
    expect(api.calls('POST', '/api/users/reset-password')[0]?.body).toEqual({
      token: 'reset-token-123',
      email: 'ada@example.test',
      password: 'Brand-new-1',
      password_confirmation: 'Brand-new-1',
    });
    expect(shownNotifications()).toEqual([{ title: 'Password reset success', message: 'Your password has been reset.', color: 'teal' }]);
  });

  it('shows "Failed" with the server message, and its field errors beside the fields', async () => {
    mockFetch({
      'POST /api/users/reset-password': () =>
        jsonResponse(422, { success: false, message: 'This password reset token is invalid.', errors: { email: ['This password reset token is invalid.'] } }),
    });
    const view = renderApp(LINK);

    await choosePassword('Brand-new-1');

    await waitFor(() =>
      expect(shownNotifications()).toEqual([{ title: 'Failed', message: 'This password reset token is invalid.', color: 'red' }]),
    );
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('This password reset token is invalid.'));
    expect(view.location().pathname).toBe('/reset-password');
  });

  it('explains a link without a token', async () => {
    mockFetch({});
    renderApp('/reset-password');
    expect(await screen.findByText('This link is incomplete')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
