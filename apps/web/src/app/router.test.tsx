import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { INACTIVITY_LOGOUT_MS, SIGN_OUT_CLEARED_KEYS } from '@portal/contracts/constants';
import { affiliatesGroup, makeUser } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { shownNotifications, startEachTestSignedOut } from '../../test/session';
import { i18n } from '../i18n/i18n';
import { onAuthEvent, useAuthStore } from '../stores/auth-store';
import { NAVIGATION, navigationSections } from './navigation';
import { ROUTES, routes } from './router';

startEachTestSignedOut();

function signedInApi(user = makeUser()) {
  return mockFetch({
    'GET /api/user': () => jsonResponse(200, user),
    'POST /api/logout': () => jsonResponse(204),
  });
}

describe('route table', () => {
  it('redirects an unknown path to /broken-page, which offers a way back', async () => {
    mockFetch({});
    const view = renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/broken-page');
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/');
  });

  it('names the routes the logic uses', () => {
    expect(ROUTES.login).toBe('/login');
    expect(ROUTES.Dashboard).toBe('/');
    expect(ROUTES['update-password']).toBe('/update-password');
  });

  it.each(['/login', '/authenticate', '/forgot-password', '/reset-password', '/broken-page', '/registration', '/thank-you', '/approval-waiting', '/update-password', '/two/factor/verification'])(
    'has the route %s',
    (path) => {
      const matches = matchRoutes(routes, path) ?? [];
      expect(matches.at(-1)?.route.path).not.toBe('*');
    },
  );

  it('lists in the sidebar only pages that exist', () => {
    for (const entry of NAVIGATION) {
      const matches = matchRoutes(routes, entry.to) ?? [];
      expect(matches.length, entry.to).toBeGreaterThan(0);
      expect(matches.at(-1)?.route.path, entry.to).not.toBe('*');
      // Its label is a key of its area's catalogue (so it reads in every language).
      expect(i18n.exists(entry.label, { ns: entry.namespace, lng: 'en' }), `${entry.namespace}:${entry.label}`).toBe(true);
    }
  });
});

describe('signed out', () => {
  it('sends a visitor of a login-required page to /login', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/user': () => jsonResponse(401, { message: 'Unauthenticated.' }), 'POST /api/logout': () => jsonResponse(204) });

    const view = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/login');
  });

  it('sends a visitor of /update-password to /login', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/user': () => jsonResponse(401, { message: 'Unauthenticated.' }), 'POST /api/logout': () => jsonResponse(204) });

    const view = renderApp('/update-password');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/login');
  });
});

describe('signed in', () => {
  it('shows the dashboard inside the base layout', async () => {
    useAuthStore.getState().setUser(makeUser());
    signedInApi();

    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('img', { name: 'Harbor Health Partners' })).toHaveAttribute('src', '/logos/harbor.svg');
    expect(within(banner).getByText('AL')).toBeInTheDocument();
    expect(within(banner).getByText('Ada Lovelace')).toBeInTheDocument();
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(within(navigation).getByText('Overview')).toBeInTheDocument();
    for (const { group, entries } of navigationSections()) {
      expect(within(navigation).getByText(group)).toBeInTheDocument();
      // Each label is a key of its area's catalogue; the test runs in English.
      for (const entry of entries) {
        expect(within(navigation).getByRole('link', { name: i18n.t(entry.label, { ns: entry.namespace }) })).toHaveAttribute('href', entry.to);
      }
    }
    expect(within(navigation).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(navigation).getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
  });

  it('falls back to the agent name when there is no logo', async () => {
    useAuthStore.getState().setUser(makeUser({}, { referral_agent: { ...makeUser().partner_profile.referral_agent, logo: null } }));
    signedInApi(makeUser({}, { referral_agent: { ...makeUser().partner_profile.referral_agent, logo: null } }));

    renderApp('/');

    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Harbor Health Partners')).toBeInTheDocument();
    expect(within(banner).queryByRole('img')).not.toBeInTheDocument();
  });

  it('signs out from the user menu: /login, the six keys gone, no request after', async () => {
    // Fake timers (advancing with the real clock), so the end of the test can fire every timer still pending.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    useAuthStore.getState().setUser(makeUser());
    for (const key of SIGN_OUT_CLEARED_KEYS) if (key !== 'auth') localStorage.setItem(key, 'x');
    const api = signedInApi();
    const view = renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    // The store's last step of a sign-out: the store is reset and /login is shown.
    const signedOut = new Promise<void>((resolve) => {
      const off = onAuthEvent((event) => {
        if (event.type !== 'signed-out') return;
        off();
        resolve();
      });
    });

    await user.click(screen.getByRole('button', { name: 'Account menu for AL Ada Lovelace' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await signedOut;

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/login');
    expect(api.calls('POST', '/api/logout')).toHaveLength(1);
    for (const key of SIGN_OUT_CLEARED_KEYS) expect(localStorage.getItem(key), key).toBeNull();
    // Whatever the signed-in pages left scheduled (a refetch, a retry, a reconnect, the inactivity check) runs
    // now, however far ahead it was due, and React renders what it changed: a request it makes is seen below.
    await act(() => vi.runOnlyPendingTimersAsync());
    const logout = api.requests.findIndex((request) => request.method === 'POST' && request.path === '/api/logout');
    expect(api.requests.slice(logout + 1).map((request) => `${request.method} ${request.path}`)).toEqual([]);
  });

  it('signs out when an API call answers 401', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    useAuthStore.getState().setUser(makeUser());
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(401, { message: 'Unauthenticated.' }),
      'POST /api/logout': () => jsonResponse(204),
    });

    const view = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/login');
    expect(useAuthStore.getState().authenticated).toBe(false);
    expect(api.calls('POST', '/api/logout')).toHaveLength(1);
  });

  it('sends an affiliates user from /commission-structure to the dashboard', async () => {
    const affiliate = makeUser({}, { referral_agent: { ...makeUser().partner_profile.referral_agent, referral_group: affiliatesGroup } });
    useAuthStore.getState().setUser(affiliate);
    signedInApi(affiliate);

    const view = renderApp('/commission-structure');

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(view.location().pathname).toBe('/');
    // Nor does the sidebar offer a link the rule would turn away; other partners have it.
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(within(navigation).queryByRole('link', { name: 'Commission structure' })).not.toBeInTheDocument();
    expect(within(navigation).getByRole('link', { name: 'Bookings' })).toBeInTheDocument();
  });

  it('offers other partners the commission structure in the sidebar', async () => {
    const user = makeUser();
    useAuthStore.getState().setUser(user);
    signedInApi(user);
    renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(within(navigation).getByRole('link', { name: 'Commission structure' })).toHaveAttribute('href', '/commission-structure');
  });

  it('signs out after an hour without activity', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    useAuthStore.getState().setUser(makeUser());
    const api = signedInApi();
    const view = renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome, Ada' });

    await act(async () => {
      vi.advanceTimersByTime(INACTIVITY_LOGOUT_MS - 1000);
    });
    expect(api.calls('POST', '/api/logout')).toHaveLength(0);

    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    await waitFor(() => expect(view.location().pathname).toBe('/login'));
    expect(api.calls('POST', '/api/logout')).toHaveLength(1);
    expect(shownNotifications().map((notification) => notification.title)).toContain('Signed out');
  });
});
