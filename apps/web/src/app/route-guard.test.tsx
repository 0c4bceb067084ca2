import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { affiliatesGroup, makeUser } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { startEachTestSignedOut } from '../../test/session';
import { useAuthStore } from '../stores/auth-store';
import { accessRedirect, missingPermission, RouteGuard } from './route-guard';

startEachTestSignedOut();

/** The guard around test children, with stand-ins for the pages it sends people to. */
const guardedRoutes: RouteObject[] = [
  { path: '/login', element: <p>Login page</p> },
  {
    element: <RouteGuard />,
    children: [
      { path: '/', element: <p>Dashboard page</p> },
      { path: '/update-password', element: <p>Update password page</p> },
      { path: '/commission-structure', element: <p>Commission structure page</p> },
      { path: '/bookings', element: <p>Bookings page</p> },
    ],
  },
];

const affiliate = () =>
  makeUser({}, { referral_agent: { ...makeUser().partner_profile.referral_agent, referral_group: affiliatesGroup } });

describe('route guard without a loaded user', () => {
  it('shows the loading overlay while it fetches the user, then lets the user in', async () => {
    let release: (response: Response) => void = () => undefined;
    mockFetch({ 'GET /api/user': () => new Promise<Response>((resolve) => (release = resolve)) });

    const view = renderApp('/bookings', { routes: guardedRoutes });

    const overlay = await screen.findByRole('status', { name: 'Loading' });
    expect(overlay).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Bookings page')).not.toBeInTheDocument();

    release(jsonResponse(200, makeUser()));
    expect(await screen.findByText('Bookings page')).toBeInTheDocument();
    expect(view.location().pathname).toBe('/bookings');
    expect(useAuthStore.getState().user_permission_views).toBe('referral');
  });

  it('sends a visitor without a session to /login', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/user': () => jsonResponse(401, { message: 'Unauthenticated.' }), 'POST /api/logout': () => jsonResponse(204) });

    const view = renderApp('/bookings', { routes: guardedRoutes });

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(view.location().pathname).toBe('/login');
    expect(log).toHaveBeenCalled();
  });

  it('signs out and goes to /login when fetching the user fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('referral', 'x');
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(500, { message: 'Server Error' }),
      'POST /api/logout': () => jsonResponse(204),
    });

    const view = renderApp('/', { routes: guardedRoutes });

    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(view.location().pathname).toBe('/login');
    expect(api.calls('POST', '/api/logout')).toHaveLength(1);
    expect(localStorage.getItem('referral')).toBeNull();
  });
});

describe('route guard rules', () => {
  it('sends an affiliates user who opens /commission-structure to /', async () => {
    useAuthStore.getState().setUser(affiliate());
    mockFetch({});

    const view = renderApp('/commission-structure', { routes: guardedRoutes });

    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(view.location().pathname).toBe('/');
    expect(screen.queryByText('Commission structure page')).not.toBeInTheDocument();
  });

  it('lets other users open /commission-structure', async () => {
    useAuthStore.getState().setUser(makeUser());
    mockFetch({});

    const view = renderApp('/commission-structure', { routes: guardedRoutes });

    expect(await screen.findByText('Commission structure page')).toBeInTheDocument();
    expect(view.location().pathname).toBe('/commission-structure');
  });

  it('keeps a user whose password_updated_check is false on /update-password', async () => {
    useAuthStore.getState().setUser(makeUser({ password_updated_check: false }));
    mockFetch({});

    const view = renderApp('/bookings', { routes: guardedRoutes });

    expect(await screen.findByText('Update password page')).toBeInTheDocument();
    expect(view.location().pathname).toBe('/update-password');

    await view.router.navigate('/');
    await waitFor(() => expect(view.location().pathname).toBe('/update-password'));
  });

  it('applies the password rule before any other', () => {
    const user = makeUser({ password_updated_check: false }, { referral_agent: affiliate().partner_profile.referral_agent });
    expect(accessRedirect(user, '/commission-structure')).toBe('/update-password');
    expect(accessRedirect(user, '/update-password')).toBeNull();
    expect(accessRedirect(affiliate(), '/commission-structure/anything')).toBe('/');
    expect(accessRedirect(makeUser(), '/commission-structure')).toBeNull();
  });

  it("names the permission a member's role lacks for a page (a route's declared permission), and redirects nobody for it", () => {
    const finance = makeUser({}, { role: 'finance' });
    expect(missingPermission(finance, ['referrals.read'])).toBe('referrals.read');
    expect(accessRedirect(finance, '/bookings')).toBeNull();
    expect(missingPermission(finance, ['portal.use'])).toBeNull();
    expect(missingPermission(makeUser({}, { role: 'agent' }), ['portal.use', 'team.manage'])).toBe('team.manage');
    expect(missingPermission(makeUser(), ['team.manage'])).toBeNull();
  });

  it('shows a page its role may not open as not available, saying why and who can change the role, at the same address', async () => {
    mockFetch({ 'GET /api/user': () => jsonResponse(200, makeUser({}, { role: 'finance' })) });
    const view = renderApp('/team-only', {
      routes: [{ element: <RouteGuard />, children: [{ path: '/team-only', handle: { title: 'profileTabs.security', permission: ['referrals.read'] }, element: <p>Bookings page</p> }] }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not available for your role' })).toBeInTheDocument();
    expect(screen.queryByText('Bookings page')).not.toBeInTheDocument();
    expect(screen.getByText('Security is not available to the Finance role: it shows bookings and patients’ names.')).toBeInTheDocument();
    expect(screen.getByText('Roles that can open it: Owner, Manager, Agent.')).toBeInTheDocument();
    expect(screen.getByText('The Owner of your organisation can change your role on the Team page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/');
    expect(view.location().pathname).toBe('/team-only');
  });

  it('still sends an affiliate from /commission-structure to the dashboard (spec §2)', async () => {
    mockFetch({ 'GET /api/user': () => jsonResponse(200, affiliate()) });
    const view = renderApp('/commission-structure', { routes: guardedRoutes });
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(view.location().pathname).toBe('/');
  });
});
