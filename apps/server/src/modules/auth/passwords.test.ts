import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app.ts';
import {
  createPusherClient,
  disconnectAll,
  signIn as startSession,
  signInSocket,
  waitForConnection,
  waitForTermination,
} from '../broadcasting/test-support.ts';
import { TestClient } from '../../test/http-client.ts';
import { createPartner } from '../../test/factories.ts';
import { latestMail, readOutbox } from '../../test/outbox.ts';
import { configureTwoFactor } from './two-factor-setup.ts';
import { createAuthTestApp, expectValidationError, GUARDED_PATH, newClient, signIn } from './auth-test-support.ts';
import { listenOnLoopback } from '../../test/listen.ts';

const NEW_PASSWORD = 'Brand-new-Passw0rd';

describe('forgot and reset password', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createAuthTestApp();
  });
  afterAll(async () => {
    await context.close();
  });

  async function requestLink(email: string): Promise<{ token: string; email: string; link: string }> {
    const client = await newClient(context);
    const response = await client.post('/api/users/forgot-password', { email });
    expect(response.statusCode).toBe(200);
    await context.app.mailer.flush();
    const mail = latestMail(context.config.mail.outboxDir, email);
    expect(mail, `an e-mail to ${email}`).toBeDefined();
    const link = mail!.links.find((item) => item.includes('/reset-password?'))!;
    const url = new URL(link);
    return { token: url.searchParams.get('token')!, email: url.searchParams.get('email')!, link };
  }

  function reset(client: TestClient, input: { token: string; email: string }, password = NEW_PASSWORD) {
    return client.post('/api/users/reset-password', { ...input, password, password_confirmation: password });
  }

  it('resets a password end to end through the outbox, once, ending every session and signing nobody in', async () => {
    const partner = await createPartner(context.database.pool, { firstName: 'Grace' });
    const signedIn = await newClient(context);
    await signIn(signedIn, partner.email, partner.password);
    expect((await signedIn.get('/api/user')).statusCode).toBe(200);

    const { token, email, link } = await requestLink(partner.email);
    expect(link.startsWith(`${context.config.appUrl}/reset-password?token=`)).toBe(true);
    expect(email).toBe(partner.email);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const mail = latestMail(context.config.mail.outboxDir, partner.email)!;
    expect(mail.subject).toBe('Reset your partner portal password');
    expect(mail.text).toContain('Hello Grace');
    // Only a hash of the token is stored.
    const stored = await context.database.pool.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens');
    expect(stored.rows.map((row) => row.token_hash)).not.toContain(token);

    const client = await newClient(context);
    const response = await reset(client, { token, email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Your password has been reset.' });

    // Nobody is signed in by a reset, and the session that existed before has ended.
    expect((await client.get('/api/user')).statusCode).toBe(401);
    expect((await signedIn.get('/api/user')).statusCode).toBe(401);
    const sessions = await context.database.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [partner.userId]);
    expect(sessions.rows).toHaveLength(0);

    expect((await signIn(await newClient(context), partner.email, partner.password)).statusCode).toBe(422);
    expect((await signIn(await newClient(context), partner.email, NEW_PASSWORD)).statusCode).toBe(200);

    const twice = await reset(await newClient(context), { token, email }, 'Another-Passw0rd');
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toEqual({
      success: false,
      message: 'This password reset token is invalid.',
      errors: { email: ['This password reset token is invalid.'] },
    });
  });

  it('refuses a token after 60 minutes', async () => {
    const partner = await createPartner(context.database.pool);
    const link = await requestLink(partner.email);
    await context.database.pool.query(
      `UPDATE password_reset_tokens SET created_at = now() - interval '60 minutes 1 second' WHERE email = lower($1)`,
      [partner.email],
    );
    const response = await reset(await newClient(context), link);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('This password reset token is invalid.');
    expect((await signIn(await newClient(context), partner.email, partner.password)).statusCode).toBe(200);
  });

  it('still accepts a token a little before 60 minutes', async () => {
    const partner = await createPartner(context.database.pool);
    const link = await requestLink(partner.email);
    await context.database.pool.query(
      `UPDATE password_reset_tokens SET created_at = now() - interval '59 minutes' WHERE email = lower($1)`,
      [partner.email],
    );
    expect((await reset(await newClient(context), link)).statusCode).toBe(200);
  });

  it('refuses a token for another e-mail address, or a made-up one', async () => {
    const partner = await createPartner(context.database.pool);
    const other = await createPartner(context.database.pool);
    const link = await requestLink(partner.email);
    expect((await reset(await newClient(context), { token: link.token, email: other.email })).statusCode).toBe(422);
    expect((await reset(await newClient(context), { token: 'x'.repeat(54), email: partner.email })).statusCode).toBe(422);
    // The real one still works after those attempts.
    expect((await reset(await newClient(context), link)).statusCode).toBe(200);
  });

  it('only the newest link of an address works', async () => {
    const partner = await createPartner(context.database.pool);
    const first = await requestLink(partner.email);
    await context.database.pool.query(`DELETE FROM rate_limits WHERE key LIKE 'forgot-password:%'`);
    const second = await requestLink(partner.email);
    expect((await reset(await newClient(context), first)).statusCode).toBe(422);
    expect((await reset(await newClient(context), second)).statusCode).toBe(200);
  });

  it('does not reveal whether an account exists: same answer, no e-mail, same throttle', async () => {
    const before = readOutbox(context.config.mail.outboxDir).length;
    const client = await newClient(context);
    const unknown = await client.post('/api/users/forgot-password', { email: 'nobody-at-all@example.test' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true, message: 'We have emailed your password reset link.' });
    await context.app.mailer.flush();
    expect(readOutbox(context.config.mail.outboxDir)).toHaveLength(before);

    const pending = await createPartner(context.database.pool, { status: 'pending' });
    const pendingAnswer = await client.post('/api/users/forgot-password', { email: pending.email });
    expect(pendingAnswer.json()).toEqual(unknown.json());
    await context.app.mailer.flush();
    expect(readOutbox(context.config.mail.outboxDir)).toHaveLength(before);

    const again = await client.post('/api/users/forgot-password', { email: 'nobody-at-all@example.test' });
    expect(again.statusCode).toBe(429);
  });

  it('throttles a second request for the same address within 60 seconds', async () => {
    const partner = await createPartner(context.database.pool);
    await requestLink(partner.email);
    const client = await newClient(context);
    const response = await client.post('/api/users/forgot-password', { email: partner.email.toUpperCase() });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ success: false, message: 'Please wait before retrying.' });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('validates the request: e-mail format, password rules, confirmation', async () => {
    const client = await newClient(context);
    expectValidationError(await client.post('/api/users/forgot-password', { email: 'nope' }), 'email');
    const partner = await createPartner(context.database.pool);
    const link = await requestLink(partner.email);
    expectValidationError(await reset(client, link, 'short'), 'password', /at least 8 characters/);
    const mismatch = await client.post('/api/users/reset-password', { ...link, password: NEW_PASSWORD, password_confirmation: 'Different-Passw0rd' });
    expectValidationError(mismatch, 'password_confirmation', 'The password confirmation does not match.');
  });

  it('does not bypass two-factor: after a reset, sign-in still asks for the code', async () => {
    const partner = await createPartner(context.database.pool);
    await configureTwoFactor(context.database.pool, context.config.appKey, { id: partner.userId, email: partner.email });
    const link = await requestLink(partner.email);
    expect((await reset(await newClient(context), link)).statusCode).toBe(200);
    const response = await signIn(await newClient(context), partner.email, NEW_PASSWORD);
    expect(response.json()).toEqual({ two_factor: true });
  });

  it('lifts password_updated_check for a user who had to change the password', async () => {
    const partner = await createPartner(context.database.pool, { passwordUpdatedCheck: false });
    const link = await requestLink(partner.email);
    expect((await reset(await newClient(context), link)).statusCode).toBe(200);
    const response = await signIn(await newClient(context), partner.email, NEW_PASSWORD);
    expect(response.json().user.password_updated_check).toBe(true);
  });
});

describe('update password', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createAuthTestApp();
  });
  afterAll(async () => {
    await context.close();
  });

  function update(client: TestClient, currentPassword: string, password = NEW_PASSWORD) {
    return client.post('/api/users/update-password', { current_password: currentPassword, password, password_confirmation: password });
  }

  it('a user with password_updated_check false may only use /api/user and update-password until the password is new', async () => {
    const partner = await createPartner(context.database.pool, { passwordUpdatedCheck: false });
    const client = await newClient(context);
    const login = await signIn(client, partner.email, partner.password);
    expect(login.statusCode).toBe(200);
    expect(login.json().user.password_updated_check).toBe(false);

    // The probe route and the real partner APIs alike (their response schemas must keep the code the SPA routes on).
    for (const path of [GUARDED_PATH, '/api/clients/bookings', '/api/clients/bookings?search=x', '/api/general/get-facilities', '/api/notifications']) {
      const guarded = await client.get(path);
      expect(guarded.statusCode, path).toBe(403);
      expect(guarded.json(), path).toEqual({ message: 'You must update your password before continuing.', code: 'password_update_required' });
    }
    expect((await client.get('/api/user')).statusCode).toBe(200);

    const response = await update(client, partner.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Your password has been updated.' });
    expect(body.user).toMatchObject({ id: partner.userId, password_updated_check: true });
    expect((await client.get(GUARDED_PATH)).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 422 on current_password', async () => {
    const partner = await createPartner(context.database.pool);
    const client = await newClient(context);
    await signIn(client, partner.email, partner.password);
    expectValidationError(await update(client, 'Not-my-passw0rd'), 'current_password', 'The provided password does not match your current password.');
    expect((await signIn(await newClient(context), partner.email, partner.password)).statusCode).toBe(200);
  });

  it('ends the other sessions of the user and keeps this one', async () => {
    const partner = await createPartner(context.database.pool);
    const other = await newClient(context);
    await signIn(other, partner.email, partner.password);
    const client = await newClient(context);
    await signIn(client, partner.email, partner.password);

    expect((await update(client, partner.password)).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await signIn(await newClient(context), partner.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('needs a signed-in user, and validates the new password', async () => {
    const anonymous = await newClient(context);
    expect((await update(anonymous, 'whatever')).statusCode).toBe(401);

    const partner = await createPartner(context.database.pool);
    const client = await newClient(context);
    await signIn(client, partner.email, partner.password);
    expectValidationError(await update(client, partner.password, 'alllowercase1'), 'password', /uppercase/);
    expectValidationError(await update(client, partner.password, partner.password), 'password', 'The new password must be different from the current one.');
  });

  it('throttles guesses of the current password', async () => {
    const partner = await createPartner(context.database.pool);
    const client = await newClient(context);
    await signIn(client, partner.email, partner.password);
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await update(client, `Wrong-guess-${attempt}`)).statusCode).toBe(422);
    const locked = await update(client, partner.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });
});

describe('a password change closes the realtime connections of the user', () => {
  let context: TestContext;
  let port: number;
  const clients: Pusher[] = [];
  beforeAll(async () => {
    context = await createAuthTestApp();
    port = await listenOnLoopback(context.app);
  });
  afterEach(() => disconnectAll(clients));
  afterAll(async () => {
    disconnectAll(clients);
    await context.close();
  });

  /**
   * What pusher-js saw of the service closing the socket: the state it ends in, and the service's messages in order
   * (its pusher:error, then the close frame's code and reason; pusher-js's own re-reports of them are left out).
   */
  function watchClose(pusher: Pusher): Promise<{ state: string; fromService: unknown[] }> {
    const fromService: unknown[] = [];
    pusher.connection.bind('error', (error: { type?: string; data?: unknown }) => {
      if (error.type === 'PusherError') fromService.push(error.data);
    });
    return waitForTermination(pusher).then((state) => ({ state, fromService }));
  }

  /** Terminated by the service: 4009, which pusher-js does not reconnect. */
  const TERMINATED = {
    state: 'disconnected',
    fromService: [
      { code: 4009, message: 'Connection terminated by the server' },
      { code: 4009, message: 'Terminated' },
    ],
  };

  /** Another device: a session of its own and a socket signed in (`pusher:signin`) as the user. */
  async function openTabElsewhere(userId: number): Promise<Pusher> {
    const { cookie } = await startSession(context.database.pool, context.config, userId);
    const pusher = createPusherClient({ port, key: context.config.pusher.key, cookie });
    clients.push(pusher);
    await waitForConnection(pusher);
    await signInSocket(pusher);
    return pusher;
  }

  it('update-password: the sockets of the ended sessions close', async () => {
    const partner = await createPartner(context.database.pool);
    const closed = watchClose(await openTabElsewhere(partner.userId));
    const client = new TestClient(context.app);
    await startSession(context.database.pool, context.config, partner.userId, client);

    const response = await client.post('/api/users/update-password', {
      current_password: partner.password,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(await closed).toEqual(TERMINATED);
  });

  it('reset-password: the sockets close', async () => {
    const partner = await createPartner(context.database.pool);
    const closed = watchClose(await openTabElsewhere(partner.userId));

    expect((await (await newClient(context)).post('/api/users/forgot-password', { email: partner.email })).statusCode).toBe(200);
    await context.app.mailer.flush();
    const link = new URL(latestMail(context.config.mail.outboxDir, partner.email)!.links.find((item) => item.includes('/reset-password?'))!);
    const response = await (await newClient(context)).post('/api/users/reset-password', {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(await closed).toEqual(TERMINATED);
  });
});
