import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { currentTotpCode, TOTP_PERIOD_SECONDS } from '../../lib/two-factor.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient, type TestResponse } from '../../test/http-client.ts';
import { listenOnLoopback } from '../../test/listen.ts';
import { latestMail, readOutbox } from '../../test/outbox.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { configureTwoFactor } from '../auth/public.ts';
import {
  createPusherClient,
  disconnectAll,
  signIn as startSession,
  signInSocket,
  waitForConnection,
  waitForTermination,
} from '../broadcasting/test-support.ts';

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function browserClient(context: TestContext, userAgent = BROWSER): Promise<TestClient> {
  const client = new TestClient(context.app);
  const request = client.request.bind(client);
  client.request = (method, url, payload, headers = {}) => request(method, url, payload, { 'user-agent': userAgent, ...headers });
  await client.csrf();
  return client;
}

async function signInWithPassword(context: TestContext, partner: CreatedPartner, userAgent = BROWSER): Promise<TestClient> {
  const client = await browserClient(context, userAgent);
  const response = await client.post('/api/login', { email: partner.email, password: partner.password, remember: false });
  expect(response.json()).toMatchObject({ two_factor: false });
  return client;
}

/** A 6-digit code that is valid in none of the accepted steps right now. */
function wrongCode(secret: string): string {
  const now = Date.now();
  const valid = new Set([-1, 0, 1].map((offset) => currentTotpCode(secret, now + offset * TOTP_PERIOD_SECONDS * 1000)));
  return ['000000', '111111', '222222'].find((code) => !valid.has(code))!;
}

function expectReauthenticationRequired(response: TestResponse): void {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ code: 'reauthentication_required' });
}

describe('account security: two-factor with re-authentication', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('turns two-factor on: re-authentication first, a wrong code refused, the right one enables it, then sign-in asks for a code', async () => {
    const partner = await createPartner(context.database.pool);
    const client = await signInWithPassword(context, partner);

    expectReauthenticationRequired(await client.post('/api/account-security/two-factor'));
    const wrongPassword = await client.post('/api/account-security/reauthenticate', { password: 'Not-the-password-1' });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().errors.password).toBeDefined();
    const reauth = await client.post('/api/account-security/reauthenticate', { password: partner.password });
    expect(reauth.statusCode).toBe(200);
    expect(new Date(reauth.json().reauthenticated_until).getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);

    const setup = await client.post('/api/account-security/two-factor');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri: uri, qr_code: qr } = setup.json<{ secret: string; otpauth_uri: string; qr_code: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri.startsWith('otpauth://totp/')).toBe(true);
    expect(Buffer.from(qr.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    // Not on until confirmed: sign-in does not ask for a code yet.
    expect((await client.get('/api/account-security')).json()).toMatchObject({ two_factor_enabled: false });
    expect((await (await browserClient(context)).post('/api/login', { email: partner.email, password: partner.password })).json()).toMatchObject({ two_factor: false });

    const refused = await client.post('/api/account-security/two-factor/confirm', { code: wrongCode(secret) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.code).toEqual(['The provided two factor authentication code was invalid.']);

    const confirmed = await client.post('/api/account-security/two-factor/confirm', { code: currentTotpCode(secret) });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(8);
    expect((await client.get('/api/account-security')).json()).toMatchObject({ two_factor_enabled: true, recovery_codes_left: 8 });

    const next = await browserClient(context);
    expect((await next.post('/api/login', { email: partner.email, password: partner.password })).json()).toEqual({ two_factor: true });
    expect((await next.post('/api/two-factor-challenge', { recovery_code: codes[0] })).statusCode).toBe(200);

    const activity = (await client.get('/api/account-security/activity')).json<{ data: { kind: string }[] }>().data.map((row) => row.kind);
    // Newest first: the sign-in with a recovery code, turning it on, the sign-in before it was on, the re-authentication.
    expect(activity.slice(0, 4)).toEqual(['sign_in', 'two_factor_enabled', 'sign_in', 'reauthenticated']);
  });

  it('turns two-factor off only with a re-authentication of the last 5 minutes (an older one is refused), and e-mails a notice', async () => {
    const partner = await createPartner(context.database.pool, { locale: 'ar' });
    const setup = await configureTwoFactor(context.database.pool, context.config.appKey, { id: partner.userId, email: partner.email });
    const client = await browserClient(context);
    await client.post('/api/login', { email: partner.email, password: partner.password });
    expect((await client.post('/api/two-factor-challenge', { code: currentTotpCode(setup.secret) })).statusCode).toBe(200);

    expectReauthenticationRequired(await client.delete('/api/account-security/two-factor'));
    // A code of the app re-authenticates too; the code just used to sign in is not accepted twice.
    const replay = await client.post('/api/account-security/reauthenticate', { code: currentTotpCode(setup.secret) });
    expect(replay.statusCode).toBe(422);
    expect((await client.post('/api/account-security/reauthenticate', { password: partner.password })).statusCode).toBe(200);

    // The mark moved back to 6 minutes ago: no longer enough.
    await context.database.pool.query(
      "UPDATE sessions SET reauthenticated_at = now() - interval '6 minutes' WHERE user_id = $1",
      [partner.userId],
    );
    expectReauthenticationRequired(await client.delete('/api/account-security/two-factor'));
    expect((await client.get('/api/account-security')).json()).toMatchObject({ two_factor_enabled: true, reauthenticated_until: null });

    // 4 minutes ago still counts.
    await context.database.pool.query(
      "UPDATE sessions SET reauthenticated_at = now() - interval '4 minutes' WHERE user_id = $1",
      [partner.userId],
    );
    expect((await client.delete('/api/account-security/two-factor')).statusCode).toBe(204);
    expect((await client.get('/api/account-security')).json()).toMatchObject({ two_factor_enabled: false, recovery_codes_left: 0 });
    const next = await browserClient(context);
    expect((await next.post('/api/login', { email: partner.email, password: partner.password })).json()).toMatchObject({ two_factor: false });

    await context.app.mailer.flush();
    const notice = latestMail(context.config.mail.outboxDir, partner.email);
    expect(notice?.subject).toBe('تم إيقاف التحقق بخطوتين');
    expect(notice?.links.some((link) => link.endsWith('/profile/security'))).toBe(true);
  });

  it('regenerates recovery codes: the old ones stop working, the new ones work', async () => {
    const partner = await createPartner(context.database.pool);
    const setup = await configureTwoFactor(context.database.pool, context.config.appKey, { id: partner.userId, email: partner.email });
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);

    expectReauthenticationRequired(await client.post('/api/account-security/recovery-codes'));
    expect((await client.post('/api/account-security/reauthenticate', { code: currentTotpCode(setup.secret) })).statusCode).toBe(200);
    const regenerated = await client.post('/api/account-security/recovery-codes');
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(fresh).toHaveLength(8);
    expect(fresh).not.toContain(setup.recoveryCodes[0]);

    const old = await browserClient(context);
    await old.post('/api/login', { email: partner.email, password: partner.password });
    expect((await old.post('/api/two-factor-challenge', { recovery_code: setup.recoveryCodes[0] })).statusCode).toBe(422);
    const renewed = await browserClient(context);
    await renewed.post('/api/login', { email: partner.email, password: partner.password });
    expect((await renewed.post('/api/two-factor-challenge', { recovery_code: fresh[0] })).statusCode).toBe(200);
  });

  it('throttles re-authentication guesses', async () => {
    const partner = await createPartner(context.database.pool);
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await client.post('/api/account-security/reauthenticate', { password: `Wrong-${attempt}` })).statusCode).toBe(422);
    }
    const locked = await client.post('/api/account-security/reauthenticate', { password: partner.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('shows a failed sign-in in the security activity, newest first and paged, and only the member their own', async () => {
    const partner = await createPartner(context.database.pool);
    const stranger = await createPartner(context.database.pool);
    const failing = await browserClient(context, PHONE);
    expect((await failing.post('/api/login', { email: partner.email, password: 'Wrong-password-9' })).statusCode).toBe(422);
    expect((await (await browserClient(context)).post('/api/login', { email: stranger.email, password: 'Wrong-password-9' })).statusCode).toBe(422);
    const client = await signInWithPassword(context, partner);

    const page = await client.get('/api/account-security/activity?per_page=5');
    expect(page.statusCode).toBe(200);
    const body = page.json<{ total: number; data: { kind: string; method: string | null; device: unknown; ip: string | null }[] }>();
    expect(body.total).toBe(2);
    expect(body.data.map((row) => row.kind)).toEqual(['sign_in', 'sign_in_failed']);
    expect(body.data[1]).toMatchObject({
      method: 'password',
      ip: '127.0.0.1',
      device: { type: 'mobile', browser: 'Mobile Safari 18', os: 'iOS 18.1' },
    });
    expect((await new TestClient(context.app).get('/api/account-security/activity')).statusCode).toBe(401);
  });
});

describe('account security: sessions', () => {
  let context: TestContext;
  let port: number;
  const sockets: Pusher[] = [];
  beforeAll(async () => {
    context = await createTestApp();
    port = await listenOnLoopback(context.app);
  });
  afterEach(() => disconnectAll(sockets));
  afterAll(async () => {
    disconnectAll(sockets);
    await context?.close();
  });

  interface SessionItem {
    id: string;
    device: { type: string; browser: string | null; os: string | null };
    ip: string | null;
    created_at: string;
    last_seen_at: string;
    current: boolean;
  }
  const sessionsOf = async (client: TestClient) => (await client.get('/api/account-security/sessions')).json<{ data: SessionItem[] }>().data;

  /** Another device signed in with a socket open (`pusher:signin`), as the realtime tests do. */
  async function deviceWithSocket(userId: number): Promise<{ client: TestClient; socket: Pusher }> {
    const client = new TestClient(context.app);
    const { cookie } = await startSession(context.database.pool, context.config, userId, client);
    const socket = createPusherClient({ port, key: context.config.pusher.key, cookie });
    sockets.push(socket);
    await waitForConnection(socket);
    await signInSocket(socket);
    return { client, socket };
  }

  it("lists the member's sessions with device, IP and this device; ending one makes its next request 401 and closes its socket", async () => {
    const partner = await createPartner(context.database.pool);
    const phone = await signInWithPassword(context, partner, PHONE);
    const laptop = await signInWithPassword(context, partner, BROWSER);
    const other = await deviceWithSocket(partner.userId);

    const list = await sessionsOf(laptop);
    expect(list).toHaveLength(3);
    const mine = list.find((item) => item.current)!;
    expect(mine.device).toEqual({ type: 'desktop', browser: 'Chrome 131', os: 'Windows 10' });
    expect(mine.ip).toBe('127.0.0.1');
    expect(list.filter((item) => item.current)).toHaveLength(1);
    expect(list.find((item) => item.device.os === 'iOS 18.1')).toMatchObject({ current: false, device: { type: 'mobile' } });
    // The handle is not the stored id (the sha256 of the cookie's token).
    const stored = await context.database.pool.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1', [partner.userId]);
    for (const row of stored.rows) expect(list.map((item) => item.id)).not.toContain(row.id);

    // The socketed session: its handle is the one the phone and the laptop do not have as "current".
    const phoneHandle = (await sessionsOf(phone)).find((item) => item.current)!.id;
    const otherHandle = list.find((item) => !item.current && item.id !== phoneHandle)!.id;
    const closed = waitForTermination(other.socket);
    expect((await laptop.delete(`/api/account-security/sessions/${otherHandle}`)).statusCode).toBe(204);
    expect(await closed).toBe('disconnected');
    expect((await other.client.get('/api/user')).statusCode).toBe(401);
    expect((await phone.get('/api/user')).statusCode).toBe(200);
    expect((await sessionsOf(laptop)).map((item) => item.id)).not.toContain(otherHandle);

    // Gone already, this very session, and a malformed id.
    expect((await laptop.delete(`/api/account-security/sessions/${otherHandle}`)).statusCode).toBe(404);
    expect((await laptop.delete(`/api/account-security/sessions/${mine.id}`)).statusCode).toBe(422);
    expect((await laptop.delete('/api/account-security/sessions/not-a-session')).statusCode).toBe(422);

    const activity = (await laptop.get('/api/account-security/activity')).json<{ data: { kind: string; device: unknown }[] }>().data;
    expect(activity[0]).toMatchObject({ kind: 'session_ended', device: { browser: 'Chrome 131' } });
  });

  it("answers 404 for another member's session, and leaves it alone", async () => {
    const partner = await createPartner(context.database.pool);
    const colleague = await createPartner(context.database.pool, { referralAgentId: partner.referralAgentId, role: 'agent' });
    const mine = await signInWithPassword(context, partner);
    const theirs = await signInWithPassword(context, colleague);
    const theirHandle = (await sessionsOf(theirs)).find((item) => item.current)!.id;

    expect((await sessionsOf(mine)).map((item) => item.id)).not.toContain(theirHandle);
    const response = await mine.delete(`/api/account-security/sessions/${theirHandle}`);
    expect(response.statusCode).toBe(404);
    expect((await theirs.get('/api/user')).statusCode).toBe(200);
  });

  it('signs out every other device, keeps this session, closes their sockets and e-mails the member', async () => {
    const partner = await createPartner(context.database.pool);
    const kept = await signInWithPassword(context, partner);
    const first = await deviceWithSocket(partner.userId);
    const second = await signInWithPassword(context, partner, PHONE);
    const closed = waitForTermination(first.socket);

    const response = await kept.post('/api/account-security/sessions/sign-out-others');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    expect(await closed).toBe('disconnected');
    expect((await first.client.get('/api/user')).statusCode).toBe(401);
    expect((await second.get('/api/user')).statusCode).toBe(401);
    expect((await kept.get('/api/user')).statusCode).toBe(200);
    expect(await sessionsOf(kept)).toHaveLength(1);

    await context.app.mailer.flush();
    const mails = readOutbox(context.config.mail.outboxDir).filter((mail) => mail.to.includes(partner.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['Your other devices were signed out']);
  });
});
