import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { shownNotifications, startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';

startEachTestSignedOut();

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('login page', () => {
  it('has the fields and links of the sign-in form', async () => {
    mockFetch({});
    renderApp('/login');

    expect(await screen.findByLabelText(/^Email/)).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/registration');
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({});
    renderApp('/login');
    const password = await screen.findByLabelText(/^Password/);

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('checks the fields before sending, and focuses the first invalid one', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockFetch({});
    renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('The email field is required.')).toBeInTheDocument();
    expect(screen.getByText('The password field is required.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveFocus());
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST', '/api/login')).toHaveLength(0);
  });

  it('rejects an e-mail address that is not one', async () => {
    mockFetch({});
    renderApp('/login');

    await fillAndSubmit('not-an-email', 'whatever');

    expect(await screen.findByText('The email must be a valid email address.')).toBeInTheDocument();
  });

  it('signs in, remembers the choice, and lands on the dashboard', async () => {
    const account = makeUser();
    const api = mockFetch({
      'POST /api/login': () => jsonResponse(200, { two_factor: false, user: account }),
      'GET /api/user': () => jsonResponse(200, account),
    });
    const view = renderApp('/login');
    const user = userEvent.setup({ delay: null });

    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.test');
    await user.type(screen.getByLabelText(/^Password/), 'Secret-123');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/');
    expect(api.calls('POST', '/api/login')[0]?.body).toEqual({ email: 'ada@example.test', password: 'Secret-123', remember: true });
    expect(api.calls('GET', '/sanctum/csrf-cookie').length).toBeGreaterThan(0);
    expect(shownNotifications()).toContainEqual({ title: 'Login successful', message: 'Welcome back, Ada!', color: 'teal' });
  });

  it('disables the button and shows progress while signing in', async () => {
    let release: (response: Response) => void = () => undefined;
    mockFetch({
      'POST /api/login': () => new Promise<Response>((resolve) => (release = resolve)),
      'GET /api/user': () => jsonResponse(200, makeUser()),
    });
    renderApp('/login');

    await fillAndSubmit('ada@example.test', 'Secret-123');

    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled());
    release(jsonResponse(200, { two_factor: false, user: makeUser() }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
  });

  it('shows the server’s field errors beside the fields and "Login failed"', async () => {
    mockFetch({
      'POST /api/login': () =>
        jsonResponse(422, {
          message: 'These credentials do not match our records.',
          errors: { email: ['These credentials do not match our records.'] },
        }),
    });
    const view = renderApp('/login');

    await fillAndSubmit('ada@example.test', 'wrong');

    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('These credentials do not match our records.');
    expect(view.location().pathname).toBe('/login');
    expect(shownNotifications()).toEqual([
      { title: 'Login failed', message: 'These credentials do not match our records.', color: 'red' },
    ]);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows the throttling message', async () => {
    const message = 'Too many login attempts. Please try again in 59 seconds.';
    mockFetch({ 'POST /api/login': () => jsonResponse(429, { message, errors: { email: [message] } }, { 'retry-after': '59' }) });
    renderApp('/login');

    await fillAndSubmit('ada@example.test', 'wrong');

    await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(message));
    expect(shownNotifications()[0]).toMatchObject({ title: 'Login failed', message });
  });

  it('shows a message without a field inline (rejected registration)', async () => {
    mockFetch({
      'POST /api/login': () => jsonResponse(403, { message: 'Your registration was not approved.', code: 'registration_rejected' }),
    });
    renderApp('/login');

    await fillAndSubmit('ada@example.test', 'Secret-123');

    const form = screen.getByRole('button', { name: 'Sign in' }).closest('form') as HTMLFormElement;
    expect(await within(form).findByRole('alert')).toHaveTextContent('Your registration was not approved.');
  });

  it('sends a pending account to the approval-waiting page', async () => {
    mockFetch({ 'POST /api/login': () => jsonResponse(403, { message: 'Awaiting approval.', code: 'approval_pending' }) });
    const view = renderApp('/login');

    await fillAndSubmit('pending@example.test', 'Secret-123');

    expect(await screen.findByRole('heading', { name: 'Your account is awaiting approval' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/approval-waiting');
  });

  it('goes to /update-password when the password must be changed', async () => {
    const account = makeUser({ password_updated_check: false });
    mockFetch({ 'POST /api/login': () => jsonResponse(200, { two_factor: false, user: account }) });
    const view = renderApp('/login');

    await fillAndSubmit('ada@example.test', 'Secret-123');

    expect(await screen.findByRole('heading', { name: 'Update your password' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/update-password');
  });

  it('does a full-page navigation for two-factor', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockFetch({ 'POST /api/login': () => jsonResponse(200, { two_factor: true }) });
    renderApp('/login');

    await fillAndSubmit('ada@example.test', 'Secret-123');

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/two/factor/verification'));
  });

  it('sends someone already signed in to the dashboard', async () => {
    useAuthStore.getState().setUser(makeUser());
    mockFetch({ 'GET /api/user': () => jsonResponse(200, makeUser()) });
    const view = renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/');
  });
});
