import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { NOTIFICATION_DURATION_MS, SIGN_OUT_CLEARED_KEYS } from '@portal/contracts/constants';
import { affiliatesGroup, makeUser } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { shownNotifications, startEachTestSignedOut } from '../../test/session';
import { shownNotificationDetails } from '../../test/shown-notifications';
import { http } from '../lib/http';
import { deviceTimeZone, viewerTimeZone } from '../i18n/time-zone';
import {
  connectSessionToHttp,
  initialAuthState,
  isAffiliate,
  onAuthEvent,
  useAuthStore,
  watchSession,
} from './auth-store';

startEachTestSignedOut();

const credentials = { email: 'ada@example.test', password: 'Secret-123', remember: true };

function stubFullPageNavigation() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}

describe('login', () => {
  it('fetches the CSRF cookie, posts the credentials, stores the user and goes to the dashboard', async () => {
    const user = makeUser();
    const api = mockFetch({ 'POST /api/login': () => jsonResponse(200, { two_factor: false, user }) });
    const navigate = vi.fn();

    const result = await useAuthStore.getState().login(credentials, navigate);

    expect(result).toEqual({ ok: true });
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /api/login',
    ]);
    expect(api.calls('POST', '/api/login')[0]?.body).toEqual(credentials);
    const state = useAuthStore.getState();
    expect(state.authenticated).toBe(true);
    expect(state.user).toEqual(user);
    expect(state.loading).toBe(false);
    expect(localStorage.getItem('username')).toBe('Ada Lovelace');
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('shows a success notification for 6000 ms', async () => {
    mockFetch({ 'POST /api/login': () => jsonResponse(200, { two_factor: false, user: makeUser() }) });

    await useAuthStore.getState().login(credentials, vi.fn());

    expect(shownNotifications()).toEqual([{ title: 'Login successful', message: 'Welcome back, Ada!', color: 'teal' }]);
    expect(shownNotificationDetails()[0]?.autoClose).toBe(NOTIFICATION_DURATION_MS);
  });

  it('sets the loading flag while the request runs', async () => {
    let release: (response: Response) => void = () => undefined;
    const api = mockFetch({ 'POST /api/login': () => new Promise<Response>((resolve) => (release = resolve)) });

    const pending = useAuthStore.getState().login(credentials, vi.fn());
    expect(useAuthStore.getState().loading).toBe(true);
    await waitFor(() => expect(api.calls('POST', '/api/login')).toHaveLength(1));
    expect(useAuthStore.getState().loading).toBe(true);
    release(jsonResponse(200, { two_factor: false, user: makeUser() }));
    await pending;

    expect(useAuthStore.getState().loading).toBe(false);
  });

  it('goes to the dashboard when the answer has no user (and no two-factor step)', async () => {
    mockFetch({ 'POST /api/login': () => jsonResponse(200, { two_factor: false }) });
    const navigate = vi.fn();

    await useAuthStore.getState().login(credentials, navigate);

    expect(navigate).toHaveBeenCalledWith('/');
    expect(useAuthStore.getState().authenticated).toBe(false);
    expect(shownNotifications()).toEqual([]);
  });

  it('does a full-page navigation to the two-factor page when two_factor is true', async () => {
    const assign = stubFullPageNavigation();
    mockFetch({ 'POST /api/login': () => jsonResponse(200, { two_factor: true }) });
    const navigate = vi.fn();

    await useAuthStore.getState().login(credentials, navigate);

    expect(assign).toHaveBeenCalledWith('/two/factor/verification');
    expect(navigate).not.toHaveBeenCalled();
    expect(useAuthStore.getState().authenticated).toBe(false);
  });

  it('sends a user whose password_updated_check is false to /update-password', async () => {
    mockFetch({
      'POST /api/login': () => jsonResponse(200, { two_factor: false, user: makeUser({ password_updated_check: false }) }),
    });
    const navigate = vi.fn();

    await useAuthStore.getState().login(credentials, navigate);

    expect(navigate).toHaveBeenCalledWith('/update-password');
    expect(useAuthStore.getState().authenticated).toBe(true);
  });

  it('on failure goes to login and shows "Login failed" with the server message', async () => {
    mockFetch({
      'POST /api/login': () =>
        jsonResponse(422, {
          message: 'These credentials do not match our records.',
          errors: { email: ['These credentials do not match our records.'] },
        }),
    });
    const navigate = vi.fn();

    const result = await useAuthStore.getState().login(credentials, navigate);

    expect(result.ok).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(shownNotifications()).toEqual([
      { title: 'Login failed', message: 'These credentials do not match our records.', color: 'red' },
    ]);
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null, loading: false });
  });

  it('shows the throttling message with its seconds on a 429', async () => {
    mockFetch({
      'POST /api/login': () =>
        jsonResponse(
          429,
          { message: 'Too many login attempts. Please try again in 42 seconds.', errors: { email: ['Too many login attempts. Please try again in 42 seconds.'] } },
          { 'retry-after': '42' },
        ),
    });

    await useAuthStore.getState().login(credentials, vi.fn());

    expect(shownNotifications()[0]).toMatchObject({
      title: 'Login failed',
      message: 'Too many login attempts. Please try again in 42 seconds.',
    });
  });

  it('builds the seconds from Retry-After when the 429 message has none', async () => {
    mockFetch({ 'POST /api/login': () => jsonResponse(429, { message: 'Too Many Attempts.' }, { 'retry-after': '30' }) });

    await useAuthStore.getState().login(credentials, vi.fn());

    expect(shownNotifications()[0]?.message).toBe('Too many login attempts. Please try again in 30 seconds.');
  });

  it('sends a pending account to /approval-waiting', async () => {
    mockFetch({
      'POST /api/login': () => jsonResponse(403, { message: 'Your account is awaiting approval.', code: 'approval_pending' }),
    });
    const navigate = vi.fn();

    await useAuthStore.getState().login(credentials, navigate);

    expect(navigate).toHaveBeenCalledWith('/approval-waiting');
    expect(shownNotifications()).toEqual([]);
  });

  it('shows the message of a rejected registration', async () => {
    mockFetch({
      'POST /api/login': () =>
        jsonResponse(403, { message: 'Your registration was not approved.', code: 'registration_rejected' }),
    });

    await useAuthStore.getState().login(credentials, vi.fn());

    expect(shownNotifications()).toEqual([{ title: 'Login failed', message: 'Your registration was not approved.', color: 'red' }]);
  });
});

describe('logout', () => {
  function seedStorage() {
    for (const key of SIGN_OUT_CLEARED_KEYS) if (key !== 'auth') localStorage.setItem(key, 'x');
    localStorage.setItem('unrelated', 'kept');
  }

  it('posts once for concurrent calls, resets the store, clears the keys and goes to /login', async () => {
    useAuthStore.getState().setUser(makeUser());
    seedStorage();
    expect(localStorage.getItem('auth')).not.toBeNull();
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const api = mockFetch({ 'POST /api/logout': () => jsonResponse(204) });
    const navigate = vi.fn();

    await Promise.all([
      useAuthStore.getState().logout(navigate),
      useAuthStore.getState().logout(navigate),
      useAuthStore.getState().logout(navigate),
    ]);

    expect(api.calls('POST', '/api/logout')).toHaveLength(1);
    expect(useAuthStore.getState()).toMatchObject(initialAuthState);
    for (const key of SIGN_OUT_CLEARED_KEYS) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(useAuthStore.getState().logout_in_progress).toBe(false);
  });

  it('holds the in-progress flag until it has gone to /login', async () => {
    useAuthStore.getState().setUser(makeUser());
    mockFetch({ 'POST /api/logout': () => jsonResponse(204) });
    const flags: boolean[] = [];
    const navigate = vi.fn(() => {
      flags.push(useAuthStore.getState().logout_in_progress);
    });

    await useAuthStore.getState().logout(navigate);

    expect(flags).toEqual([true]);
    expect(useAuthStore.getState().logout_in_progress).toBe(false);
  });

  it('ignores a failing logout call', async () => {
    useAuthStore.getState().setUser(makeUser());
    seedStorage();
    mockFetch({ 'POST /api/logout': () => jsonResponse(500, { message: 'Server Error' }) });
    const navigate = vi.fn();

    await expect(useAuthStore.getState().logout(navigate)).resolves.toBeUndefined();

    expect(useAuthStore.getState().user).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('ignores a network failure too', async () => {
    useAuthStore.getState().setUser(makeUser());
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const navigate = vi.fn();

    await useAuthStore.getState().logout(navigate);

    expect(useAuthStore.getState().authenticated).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('announces the sign-out after the store is reset', async () => {
    useAuthStore.getState().setUser(makeUser());
    mockFetch({ 'POST /api/logout': () => jsonResponse(204) });
    const seen: Array<string | null> = [];
    const off = watchSession((user) => seen.push(user ? user.name : null));

    await useAuthStore.getState().logout(vi.fn());

    expect(seen).toEqual(['Ada Lovelace', null]);
    off();
  });
});

describe('the time zone times are shown in', () => {
  it("follows the signed-in user's saved zone, and goes back to the device's at sign-out", async () => {
    useAuthStore.getState().setUser(makeUser({ time_zone: 'Pacific/Kiritimati' }));
    expect(viewerTimeZone()).toBe('Pacific/Kiritimati');
    useAuthStore.getState().setUser(makeUser({ time_zone: null }));
    expect(viewerTimeZone()).toBe(deviceTimeZone());
    useAuthStore.getState().setUser(makeUser({ time_zone: 'Asia/Dubai' }));
    mockFetch({ 'POST /api/logout': () => jsonResponse(204) });
    await useAuthStore.getState().logout(vi.fn());
    expect(viewerTimeZone()).toBe(deviceTimeZone());
  });
});

describe('fetchUser', () => {
  it('stores the user with the fields spec §4 derives from it', async () => {
    const user = makeUser({ first_login: true }, { partner_type: { name: 'Clinic' }, partner_industry: { name: 'Healthcare' } });
    mockFetch({ 'GET /api/user': () => jsonResponse(200, user) });

    const result = await useAuthStore.getState().fetchUser();

    expect(result).toEqual({ ok: true, user });
    expect(useAuthStore.getState()).toMatchObject({
      user,
      authenticated: true,
      user_permission_views: 'referral',
      user_logo: '/logos/harbor.svg',
      user_partner_type: 'Clinic',
      user_industry: 'Healthcare',
      user_login_state: true,
    });
  });

  it("defaults the industry to 'individual'", async () => {
    mockFetch({ 'GET /api/user': () => jsonResponse(200, makeUser({}, { partner_industry: null })) });

    await useAuthStore.getState().fetchUser();

    expect(useAuthStore.getState().user_industry).toBe('individual');
    expect(useAuthStore.getState().user_login_state).toBe(false);
  });

  it('only logs errors', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/user': () => jsonResponse(500, { message: 'Server Error' }) });

    const result = await useAuthStore.getState().fetchUser();

    expect(result.ok).toBe(false);
    expect(log).toHaveBeenCalled();
    expect(shownNotifications()).toEqual([]);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('shares one request between concurrent callers', async () => {
    const api = mockFetch({ 'GET /api/user': () => jsonResponse(200, makeUser()) });
    await Promise.all([useAuthStore.getState().fetchUser(), useAuthStore.getState().fetchUser()]);
    expect(api.calls('GET', '/api/user')).toHaveLength(1);
  });
});

describe('session and the HTTP client', () => {
  it('signs the user out on a 401 from any call, and rethrows', async () => {
    useAuthStore.getState().setUser(makeUser());
    localStorage.setItem('bookingFlow', '{}');
    const api = mockFetch({
      'GET /api/clients/bookings': () => jsonResponse(401, { message: 'Unauthenticated.' }),
      'POST /api/logout': () => jsonResponse(204),
    });
    const navigate = vi.fn();
    const disconnect = connectSessionToHttp(navigate);

    await expect(http.get('/api/clients/bookings')).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login', { replace: true }));

    expect(api.calls('POST', '/api/logout')).toHaveLength(1);
    expect(useAuthStore.getState().authenticated).toBe(false);
    expect(localStorage.getItem('bookingFlow')).toBeNull();
    disconnect();
  });

  it('signs out once when several calls answer 401 together', async () => {
    useAuthStore.getState().setUser(makeUser());
    const api = mockFetch({
      'GET /api/a': () => jsonResponse(401, { message: 'Unauthenticated.' }),
      'POST /api/logout': () => jsonResponse(401, { message: 'Unauthenticated.' }),
    });
    const navigate = vi.fn();
    const disconnect = connectSessionToHttp(navigate);

    await Promise.allSettled([http.get('/api/a'), http.get('/api/a'), http.get('/api/a')]);
    await waitFor(() => expect(useAuthStore.getState().logout_in_progress).toBe(false));

    expect(api.calls('POST', '/api/logout')).toHaveLength(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    disconnect();
  });

  it('sends the user to /update-password on a 403 password_update_required', async () => {
    useAuthStore.getState().setUser(makeUser());
    mockFetch({
      'GET /api/x': () => jsonResponse(403, { message: 'You must update your password before continuing.', code: 'password_update_required' }),
    });
    const navigate = vi.fn();
    const disconnect = connectSessionToHttp(navigate);

    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 403 });

    expect(navigate).toHaveBeenCalledWith('/update-password');
    expect(useAuthStore.getState().user?.password_updated_check).toBe(false);
    disconnect();
  });
});

describe('persistence', () => {
  it('keeps the session under `auth` while signed in, without the transient flags', () => {
    useAuthStore.getState().setUser(makeUser());
    useAuthStore.setState({ loading: true });

    const stored = JSON.parse(localStorage.getItem('auth') ?? 'null') as { state: Record<string, unknown> };

    expect(stored.state).toMatchObject({ authenticated: true, user_permission_views: 'referral', user_industry: 'Insurance' });
    expect(stored.state).not.toHaveProperty('loading');
    expect(stored.state).not.toHaveProperty('logout_in_progress');
  });

  it('restores a stored session on rehydration and drops one that no longer fits the contract', async () => {
    const user = makeUser();
    localStorage.setItem('auth', JSON.stringify({ state: { user, authenticated: true }, version: 1 }));
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState().user).toEqual(user);

    useAuthStore.setState({ ...initialAuthState });
    localStorage.setItem('auth', JSON.stringify({ state: { user: { id: 'x' }, authenticated: true }, version: 1 }));
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState().user).toBeNull();
  });
});

describe('events and rules', () => {
  it('announces a sign-in once per user', () => {
    const events: string[] = [];
    const off = onAuthEvent((event) => events.push(event.type));
    useAuthStore.getState().setUser(makeUser());
    useAuthStore.getState().setUser(makeUser({ first_name: 'Augusta' }));
    useAuthStore.getState().setUser(makeUser({ id: 8 }));
    expect(events).toEqual(['signed-in', 'signed-in']);
    off();
  });

  it('reports to session watchers only a user who may use the portal (password updated)', async () => {
    mockFetch({
      'GET /api/x': () => jsonResponse(403, { message: 'You must update your password before continuing.', code: 'password_update_required' }),
      'POST /api/logout': () => jsonResponse(204),
    });
    const disconnect = connectSessionToHttp(vi.fn());
    const seen: Array<string | null> = [];
    const off = watchSession((user) => seen.push(user ? `${user.id}:${String(user.password_updated_check)}` : null));

    // Signed in, but held on /update-password: not reported.
    useAuthStore.getState().setUser(makeUser({ password_updated_check: false }));
    expect(seen).toEqual([null]);
    // The password is changed (same user, flag lifted): reported now, and once.
    useAuthStore.getState().setUser(makeUser({ password_updated_check: true }));
    useAuthStore.getState().setUser(makeUser({ password_updated_check: true, first_name: 'Augusta' }));
    expect(seen).toEqual([null, '7:true']);
    // The server requires a password change again: no longer reported.
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 403 });
    expect(seen).toEqual([null, '7:true', null]);
    // Sign-out of a user held on /update-password reports nothing new.
    await useAuthStore.getState().logout(vi.fn());
    expect(seen).toEqual([null, '7:true', null]);
    off();
    disconnect();
  });

  it('recognises the affiliates referral group by name or slug, in any case', () => {
    expect(isAffiliate(makeUser({}, { referral_agent: { ...makeUser().partner_profile.referral_agent, referral_group: affiliatesGroup } }))).toBe(true);
    expect(isAffiliate(makeUser({}, { referral_agent: { ...makeUser().partner_profile.referral_agent, referral_group: { slug: 'aff', name: 'Affiliates' } } }))).toBe(true);
    expect(isAffiliate(makeUser())).toBe(false);
    expect(isAffiliate(null)).toBe(false);
  });
});
