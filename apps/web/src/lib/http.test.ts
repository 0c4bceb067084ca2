import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { startEachTestSignedOut } from '../../test/session';
import {
  buildUrl,
  ensureCsrfCookie,
  getBlob,
  http,
  HttpError,
  onPasswordUpdateRequired,
  onUnauthorized,
  SERVICE_UNAVAILABLE_MESSAGE,
  sessionFetch,
  setSocketId,
} from './http';

startEachTestSignedOut();

describe('http client headers', () => {
  it('sends JSON headers, the URL-decoded XSRF cookie and same-origin credentials', async () => {
    document.cookie = 'XSRF-TOKEN=eyJpdiI6IkFCQyJ9%3D%3D; path=/';
    const api = mockFetch({ 'POST /api/things': () => jsonResponse(200, { ok: true }) });

    await http.post('/api/things', { name: 'x' });

    const [request] = api.calls('POST', '/api/things');
    expect(request?.headers.get('Accept')).toBe('application/json');
    expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request?.headers.get('X-XSRF-TOKEN')).toBe('eyJpdiI6IkFCQyJ9==');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.body).toEqual({ name: 'x' });
    expect(api.fetchMock.mock.calls[0]?.[1]?.credentials).toBe('same-origin');
  });

  it('adds X-Socket-ID once the realtime client sets it, and drops it when cleared', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    const api = mockFetch({ 'GET /api/user': () => jsonResponse(200, {}) });

    await http.get('/api/user');
    setSocketId('1234.5678');
    await http.get('/api/user');
    setSocketId(null);
    await http.get('/api/user');

    const sent = api.calls('GET', '/api/user').map((request) => request.headers.get('X-Socket-ID'));
    expect(sent).toEqual([null, '1234.5678', null]);
  });

  it('never sends the CSRF token or the socket id to another origin', async () => {
    document.cookie = 'XSRF-TOKEN=secret; path=/';
    setSocketId('1.2');
    const api = mockFetch({ 'GET /file': () => jsonResponse(200, {}) });

    await http.get('https://cdn.example.com/file');

    const [request] = api.calls('GET', '/file');
    expect(request?.headers.get('X-XSRF-TOKEN')).toBeNull();
    expect(request?.headers.get('X-Socket-ID')).toBeNull();
    expect(request?.headers.get('Accept')).toBe('application/json');
  });

  it('leaves empty query values out', () => {
    expect(buildUrl('/api/list', { page: 2, search: '', from: null, to: undefined, per_page: 10 })).toBe(
      '/api/list?page=2&per_page=10',
    );
    expect(buildUrl('/api/list', { search: '' })).toBe('/api/list');
  });
});

describe('http client errors', () => {
  it('throws an HttpError with the status, body and server message', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch({
      'POST /api/login': () => jsonResponse(422, { message: 'These credentials do not match our records.', errors: { email: ['These credentials do not match our records.'] } }),
    });

    const error = await http.post('/api/login', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(422);
    expect((error as HttpError).message).toBe('These credentials do not match our records.');
    expect((error as HttpError).fieldErrors).toEqual({ email: ['These credentials do not match our records.'] });
  });

  it('tells the 401 handler and still rethrows', async () => {
    const handler = vi.fn();
    const off = onUnauthorized(handler);
    mockFetch({ 'GET /api/user': () => jsonResponse(401, { message: 'Unauthenticated.' }) });

    await expect(http.get('/api/user')).rejects.toMatchObject({ status: 401, message: 'Unauthenticated.' });
    expect(handler).toHaveBeenCalledTimes(1);
    off();
  });

  it('does not call the 401 handler for calls that opt out (sign-in, sign-out)', async () => {
    const handler = vi.fn();
    const off = onUnauthorized(handler);
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch({ 'POST /api/logout': () => jsonResponse(401, { message: 'Unauthenticated.' }) });

    await expect(http.post('/api/logout', undefined, { signOutOnUnauthorized: false })).rejects.toBeInstanceOf(HttpError);
    expect(handler).not.toHaveBeenCalled();
    off();
  });

  it('tells the password-update handler about a 403 password_update_required', async () => {
    const handler = vi.fn();
    const off = onPasswordUpdateRequired(handler);
    mockFetch({
      'GET /api/bookings': () => jsonResponse(403, { message: 'You must update your password before continuing.', code: 'password_update_required' }),
      'GET /api/other': () => jsonResponse(403, { message: 'Forbidden', code: 'forbidden' }),
    });

    await expect(http.get('/api/bookings')).rejects.toMatchObject({ status: 403, code: 'password_update_required' });
    await expect(http.get('/api/other')).rejects.toMatchObject({ status: 403 });
    expect(handler).toHaveBeenCalledTimes(1);
    off();
  });

  it('parses answers with the given schema', async () => {
    mockFetch({ 'GET /api/thing': () => jsonResponse(200, { id: 'not a number' }) });
    await expect(http.get('/api/thing', { schema: z.object({ id: z.number() }) })).rejects.toBeInstanceOf(z.ZodError);
  });
});

describe('CSRF cookie', () => {
  it('refetches the cookie and retries once after a 419', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    let attempts = 0;
    const api = mockFetch({
      'POST /api/things': (request) => {
        attempts += 1;
        return request.headers.get('X-XSRF-TOKEN') === 'test-token=='
          ? jsonResponse(200, { ok: true })
          : jsonResponse(419, { message: 'CSRF token mismatch.' });
      },
    });

    await expect(http.post('/api/things', {})).resolves.toEqual({ ok: true });
    expect(attempts).toBe(2);
    expect(api.calls('GET', '/sanctum/csrf-cookie')).toHaveLength(1);
  });

  it('gives up after one retry', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    const api = mockFetch({
      'POST /api/things': () => jsonResponse(419, { message: 'CSRF token mismatch.' }),
      'GET /sanctum/csrf-cookie': () => jsonResponse(204),
    });

    await expect(http.post('/api/things', {})).rejects.toMatchObject({ status: 419, message: 'CSRF token mismatch.' });
    expect(api.calls('POST', '/api/things')).toHaveLength(2);
  });

  it('fetches the cookie before a state-changing call when there is none', async () => {
    const api = mockFetch({ 'POST /api/things': () => jsonResponse(200, {}) });

    await http.post('/api/things', {});

    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /api/things',
    ]);
    expect(api.calls('POST', '/api/things')[0]?.headers.get('X-XSRF-TOKEN')).toBe('test-token==');
  });

  it('shares one request between concurrent ensureCsrfCookie calls', async () => {
    const api = mockFetch({});
    await Promise.all([ensureCsrfCookie(), ensureCsrfCookie(), ensureCsrfCookie()]);
    expect(api.calls('GET', '/sanctum/csrf-cookie')).toHaveLength(1);
  });
});

describe('the portal unavailable (503 while its database is down)', () => {
  it("says the portal is unavailable, whatever the body (the server's JSON, a proxy's HTML page, none)", async () => {
    mockFetch({
      'GET /api/user': () => jsonResponse(503, { message: 'Service Unavailable' }, { 'retry-after': '10' }),
      'GET /api/notifications': () => new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      'GET /api/clients/bookings': () => new Response(null, { status: 504 }),
    });
    for (const url of ['/api/user', '/api/notifications', '/api/clients/bookings']) {
      const error = await http.get(url).catch((caught: unknown) => caught);
      expect(error, url).toBeInstanceOf(HttpError);
      expect((error as HttpError).message, url).toBe(SERVICE_UNAVAILABLE_MESSAGE);
      expect((error as HttpError).unavailable, url).toBe(true);
    }
    const user = (await http.get('/api/user').catch((caught: unknown) => caught)) as HttpError;
    expect(user.headers.get('retry-after')).toBe('10');
  });

  it('keeps the server message of any other error, and a 500 is not "unavailable"', async () => {
    mockFetch({ 'GET /api/user': () => jsonResponse(500, { message: 'Server Error' }) });
    const error = (await http.get('/api/user').catch((caught: unknown) => caught)) as HttpError;
    expect(error.message).toBe('Server Error');
    expect(error.unavailable).toBe(false);
  });

  it('at sign-in: a failed CSRF cookie says the portal is unavailable, not "CSRF token mismatch"', async () => {
    const api = mockFetch({
      'GET /sanctum/csrf-cookie': () => jsonResponse(503, { message: SERVICE_UNAVAILABLE_MESSAGE }, { 'retry-after': '10' }),
      'POST /api/login': () => jsonResponse(419, { message: 'CSRF token mismatch.' }),
    });
    // As the auth store signs in: the cookie first, then the call (which would 419 without it).
    await expect(ensureCsrfCookie()).rejects.toMatchObject({ status: 503, message: SERVICE_UNAVAILABLE_MESSAGE });
    // A call that needs the cookie gets it first, and fails with the same message without being sent.
    await expect(http.post('/api/login', { email: 'a@b.test', password: 'x' })).rejects.toMatchObject({
      status: 503,
      message: SERVICE_UNAVAILABLE_MESSAGE,
    });
    expect(api.calls('POST', '/api/login')).toHaveLength(0);
  });

  it('at sign-in with a stale cookie: the 419 retry whose cookie fails says the portal is unavailable', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    mockFetch({
      'GET /sanctum/csrf-cookie': () => jsonResponse(503, { message: SERVICE_UNAVAILABLE_MESSAGE }),
      'POST /api/login': () => jsonResponse(419, { message: 'CSRF token mismatch.' }),
    });
    await expect(http.post('/api/login', {})).rejects.toMatchObject({ status: 503, message: SERVICE_UNAVAILABLE_MESSAGE });
  });
});

describe('downloads', () => {
  it('getBlob returns the blob and the headers', async () => {
    mockFetch({
      'GET /api/export': () =>
        new Response('a,b\n1,2', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="bookings.csv"', 'content-type': 'text/csv' },
        }),
    });

    const { blob, headers } = await getBlob('/api/export');

    expect(await blob.text()).toBe('a,b\n1,2');
    expect(headers.get('content-disposition')).toContain('bookings.csv');
  });

  it('sessionFetch (for download helpers) adds the headers and returns the raw response', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    const api = mockFetch({ 'GET /api/file': () => jsonResponse(404, { message: 'Not found.' }) });

    const response = await sessionFetch('/api/file', { headers: { Accept: 'application/pdf' } });

    expect(response.status).toBe(404);
    expect(api.requests[0]?.headers.get('Accept')).toBe('application/pdf');
    expect(api.requests[0]?.headers.get('X-XSRF-TOKEN')).toBe('abc');
  });
});
