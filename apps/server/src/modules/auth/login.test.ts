import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema, partnerProfileSchema } from '@portal/contracts/auth';
import type { TestContext } from '../../test/test-app.ts';
import { TestClient } from '../../test/http-client.ts';
import { createPartner } from '../../test/factories.ts';
import { sha256 } from '../../lib/tokens.ts';
import { configureTwoFactor } from './two-factor-setup.ts';
import { createAuthTestApp, newClient, setCookieLine, signIn } from './auth-test-support.ts';

describe('sign-in, sessions and sign-out', () => {
  let context: TestContext;
  let sessionCookie: string;
  beforeAll(async () => {
    context = await createAuthTestApp();
    sessionCookie = context.config.sessionCookie;
  });
  afterAll(async () => {
    await context.close();
  });

  describe('CSRF', () => {
    it('answers 419 to a sign-in without the X-XSRF-TOKEN header', async () => {
      const partner = await createPartner(context.database.pool);
      const client = new TestClient(context.app);
      const response = await signIn(client, partner.email, partner.password);
      expect(response.statusCode).toBe(419);
      expect(response.json()).toEqual({ message: 'CSRF token mismatch.' });
    });

    it('answers 419 to a sign-in with a wrong X-XSRF-TOKEN', async () => {
      const partner = await createPartner(context.database.pool);
      const client = await newClient(context);
      const response = await client.post('/api/login', { email: partner.email, password: partner.password }, { 'x-xsrf-token': 'not-the-token' });
      expect(response.statusCode).toBe(419);
      expect(response.json()).toEqual({ message: 'CSRF token mismatch.' });
      expect(client.cookie(sessionCookie)).toBeDefined();
      expect((await client.get('/api/user')).statusCode).toBe(401);
    });
  });

  it('signs in with the right password, answers the user, and rotates the session cookie', async () => {
    const partner = await createPartner(context.database.pool, { firstName: 'Ada', lastName: 'Lovelace' });
    const client = await newClient(context);
    const guestSession = client.cookie(sessionCookie);
    const guestXsrf = client.cookie('XSRF-TOKEN');
    expect(guestSession).toBeDefined();

    const response = await signIn(client, partner.email.toUpperCase(), partner.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.two_factor).toBe(false);
    expect(body.user).toMatchObject({ id: partner.userId, first_name: 'Ada', last_name: 'Lovelace', name: 'Ada Lovelace', email: partner.email });

    // Rotation: a new session id and a new CSRF token at sign-in (ASVS 7.2.4).
    expect(client.cookie(sessionCookie)).toBeDefined();
    expect(client.cookie(sessionCookie)).not.toBe(guestSession);
    expect(client.cookie('XSRF-TOKEN')).not.toBe(guestXsrf);
    // The guest session is gone on the server, not only replaced in the browser.
    const { rowCount } = await context.database.pool.query('SELECT 1 FROM sessions WHERE id = $1', [sha256(guestSession!)]);
    expect(rowCount).toBe(0);

    const user = await client.get('/api/user');
    expect(user.statusCode).toBe(200);
    expect(user.json().id).toBe(partner.userId);
  });

  it('refuses a wrong password with 422 and the Fortify message on email, and no session user', async () => {
    const partner = await createPartner(context.database.pool);
    const client = await newClient(context);
    const response = await signIn(client, partner.email, 'Wrong-password-1');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const client = await newClient(context);
    const response = await signIn(client, 'nobody-here@example.test', 'Whatever-123');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['These credentials do not match our records.'] });
  });

  it('answers 422 with field errors when the e-mail is not an e-mail', async () => {
    const client = await newClient(context);
    const response = await client.post('/api/login', { email: 'not-an-email', password: 'x' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toBeDefined();
  });

  it('locks the e-mail and IP out on the sixth attempt in a minute: 429 with Retry-After and the lockout message', async () => {
    const partner = await createPartner(context.database.pool);
    const client = await newClient(context);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await signIn(client, partner.email, `Wrong-${attempt}`)).statusCode).toBe(422);
    }
    const locked = await signIn(client, partner.email, 'Wrong-6');
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = locked.json();
    expect(body.message).toBe(`Too many login attempts. Please try again in ${retryAfter} seconds.`);
    expect(body.errors).toEqual({ email: [body.message] });

    // Even the right password waits for the window to end…
    expect((await signIn(client, partner.email, partner.password)).statusCode).toBe(429);
    // …and another e-mail from the same IP is not affected.
    const other = await createPartner(context.database.pool);
    expect((await signIn(await newClient(context), other.email, other.password)).statusCode).toBe(200);

    // Once the minute is over, the right password signs in and clears the count.
    await context.database.pool.query(`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE key LIKE 'login:%'`);
    expect((await signIn(client, partner.email, partner.password)).statusCode).toBe(200);
    const { rows } = await context.database.pool.query('SELECT 1 FROM rate_limits WHERE key = $1', [`login:${partner.email.toLowerCase()}|127.0.0.1`]);
    expect(rows).toHaveLength(0);
  });

  it('a success clears the failures counted before it', async () => {
    const partner = await createPartner(context.database.pool);
    const client = await newClient(context);
    for (let attempt = 1; attempt <= 4; attempt += 1) await signIn(client, partner.email, 'Wrong-password-9');
    expect((await signIn(client, partner.email, partner.password)).statusCode).toBe(200);
    const again = await newClient(context);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await signIn(again, partner.email, 'Wrong-password-9')).statusCode).toBe(422);
    }
  });

  it('sets a persistent session cookie with "remember" and a browser-session cookie without it', async () => {
    const partner = await createPartner(context.database.pool);
    const remembered = await signIn(await newClient(context), partner.email, partner.password, true);
    const rememberedLine = setCookieLine(remembered, sessionCookie);
    expect(rememberedLine).toMatch(/Max-Age=\d+/);
    expect(Number(/Max-Age=(\d+)/.exec(rememberedLine!)![1])).toBe(30 * 24 * 3600);
    expect(rememberedLine).toMatch(/HttpOnly/);
    expect(rememberedLine).toMatch(/SameSite=Lax/);

    const plain = await signIn(await newClient(context), partner.email, partner.password, false);
    const plainLine = setCookieLine(plain, sessionCookie);
    expect(plainLine).toBeDefined();
    expect(plainLine).not.toMatch(/Max-Age|Expires/);
    expect(plainLine).toMatch(/HttpOnly/);
    // The XSRF cookie is readable by the SPA's scripts.
    expect(setCookieLine(plain, 'XSRF-TOKEN')).not.toMatch(/HttpOnly/);
  });

  it('signs out: 204, a fresh XSRF-TOKEN, and the old session cookie then gets 401', async () => {
    const partner = await createPartner(context.database.pool);
    const client = await newClient(context);
    await signIn(client, partner.email, partner.password);
    const signedInCookie = client.cookie(sessionCookie)!;
    const signedInXsrf = client.cookie('XSRF-TOKEN');

    const response = await client.post('/api/logout');
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(client.cookie('XSRF-TOKEN')).toBeDefined();
    expect(client.cookie('XSRF-TOKEN')).not.toBe(signedInXsrf);
    expect(client.cookie(sessionCookie)).not.toBe(signedInCookie);
    expect((await client.get('/api/user')).statusCode).toBe(401);

    const replay = await context.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { accept: 'application/json', cookie: `${sessionCookie}=${signedInCookie}` },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'Unauthenticated.' });

    // The fresh token works at once: signing in again needs no new /sanctum/csrf-cookie.
    expect((await signIn(client, partner.email, partner.password)).statusCode).toBe(200);
  });

  it('signs out with 204 when nobody is signed in', async () => {
    const client = await newClient(context);
    expect((await client.post('/api/logout')).statusCode).toBe(204);
  });

  it('GET /api/user answers 401 without a session', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/user', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('GET /api/user has exactly the fields of userSchema and never a secret', async () => {
    const partner = await createPartner(context.database.pool, { industry: null, referralGroupSlug: 'affiliates' });
    const client = await newClient(context);
    expect((await signIn(client, partner.email, partner.password)).statusCode).toBe(200);
    // Two-factor turned on afterwards, so the user has a TOTP secret and recovery codes in the database.
    await configureTwoFactor(context.database.pool, context.config.appKey, { id: partner.userId, email: partner.email });

    const response = await client.get('/api/user');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(Object.keys(userSchema.shape).sort());
    expect(Object.keys(body.partner_profile).sort()).toEqual(Object.keys(partnerProfileSchema.shape).sort());
    expect(body.two_factor_enabled).toBe(true);
    expect(body.partner_profile.partner_industry).toBeNull();
    expect(body.partner_profile.partner_type).toEqual({ name: 'Clinic' });
    expect(body.partner_profile.referral_agent).toMatchObject({ logo: '/build/logos/default.svg', referral_group: { slug: 'affiliates', name: 'affiliates' } });
    expect(userSchema.strict().safeParse(body).success).toBe(true);

    const json = response.body.replaceAll('"password_updated_check"', '');
    for (const word of ['password', 'hash', 'secret', 'recovery', '$argon2']) expect(json.toLowerCase()).not.toContain(word);
  });

  it('answers first_login true on the first sign-in only, and false from then on', async () => {
    const partner = await createPartner(context.database.pool, { firstLogin: true });
    const client = await newClient(context);
    const first = await signIn(client, partner.email, partner.password);
    expect(first.json().user.first_login).toBe(true);
    expect((await client.get('/api/user')).json().first_login).toBe(false);
    const second = await signIn(await newClient(context), partner.email, partner.password);
    expect(second.json().user.first_login).toBe(false);
  });

  it('documents every auth endpoint in the OpenAPI document, with its answers per status', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    for (const [url, method] of [
      ['/api/login', 'post'],
      ['/api/two-factor-challenge', 'post'],
      ['/api/authenticate', 'post'],
      ['/api/logout', 'post'],
      ['/api/user', 'get'],
      ['/api/users/forgot-password', 'post'],
      ['/api/users/reset-password', 'post'],
      ['/api/users/update-password', 'post'],
      ['/api/registration/options', 'get'],
      ['/api/registration', 'post'],
    ] as const) {
      expect(paths[url]?.[method], `${method} ${url}`).toBeDefined();
      expect(paths[url][method].tags).toEqual(['auth']);
    }
    expect(Object.keys(paths['/api/login'].post.responses).sort()).toEqual(['200', '403', '419', '422', '429']);
  });

  describe('an account that is not approved reaches no partner data', () => {
    it('pending: 403 approval_pending with the right password, no session user, /api/user 401', async () => {
      const partner = await createPartner(context.database.pool, { status: 'pending' });
      const client = await newClient(context);
      const guestSession = client.cookie(sessionCookie);
      const response = await signIn(client, partner.email, partner.password);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Your account is waiting for approval.', code: 'approval_pending' });
      expect(client.cookie(sessionCookie)).toBe(guestSession);
      expect((await client.get('/api/user')).statusCode).toBe(401);
      const { rows } = await context.database.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [partner.userId]);
      expect(rows).toHaveLength(0);
    });

    it('pending with a wrong password: the usual 422, so the status is not revealed without the password', async () => {
      const partner = await createPartner(context.database.pool, { status: 'pending' });
      const response = await signIn(await newClient(context), partner.email, 'Wrong-password-1');
      expect(response.statusCode).toBe(422);
    });

    it('rejected: 403 registration_rejected', async () => {
      const partner = await createPartner(context.database.pool, { status: 'rejected' });
      const response = await signIn(await newClient(context), partner.email, partner.password);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('registration_rejected');
    });

    it('a session of an account that is no longer approved stops working at once', async () => {
      const partner = await createPartner(context.database.pool);
      const client = await newClient(context);
      await signIn(client, partner.email, partner.password);
      await context.database.pool.query(`UPDATE users SET status = 'rejected' WHERE id = $1`, [partner.userId]);
      expect((await client.get('/api/user')).statusCode).toBe(401);
    });
  });
});
