import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CSRF_COOKIE } from '@portal/contracts/console-session';
import { permissionsOf } from '@portal/contracts/operator-permissions';
import { currentTotpCode, TOTP_PERIOD_SECONDS } from '../../lib/two-factor.ts';
import { CONSOLE_SESSION_COOKIE } from '../../plugins/operator-session.ts';
import { consoleCsrf, consoleRequest, createTestOperator, type TestOperator } from '../../test/console-sign-in.ts';
import { createPartner } from '../../test/factories.ts';
import { TestClient, type TestResponse } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

async function newConsoleClient(): Promise<TestClient> {
  const client = new TestClient(context.app);
  await consoleCsrf(client);
  return client;
}

function setCookieLine(response: TestResponse, name: string): string | undefined {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  return lines.find((line) => line.startsWith(`${name}=`));
}

async function auditActions(operatorId: number): Promise<string[]> {
  const { rows } = await context.database.pool.query<{ action: string }>(
    "SELECT action FROM audit_events WHERE target_type = 'operator' AND target_id = $1 ORDER BY id",
    [String(operatorId)],
  );
  return rows.map((row) => row.action);
}

/** A code of the secret that the operator has not used yet: the next time step's, when the current one was spent. */
function codeAt(secret: string, stepsAhead = 0): string {
  return currentTotpCode(secret, Date.now() + stepsAhead * TOTP_PERIOD_SECONDS * 1000);
}

async function login(client: TestClient, operator: Pick<TestOperator, 'email' | 'password'>): Promise<TestResponse> {
  return consoleRequest(client, 'POST', '/api/console/login', { email: operator.email, password: operator.password });
}

describe('the first sign-in enrols an authenticator app', () => {
  it('asks for enrolment after the password, signs in only once a code of the new secret is confirmed, and hands out recovery codes', async () => {
    const operator = await createTestOperator(context, { role: 'support', enrolled: false });
    const client = await newConsoleClient();

    const first = await login(client, operator);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ next: 'enrol' });
    // A right password alone is nobody.
    expect((await consoleRequest(client, 'GET', '/api/console/me')).statusCode).toBe(401);

    const enrolment = await consoleRequest(client, 'POST', '/api/console/two-factor/enrolment');
    expect(enrolment.statusCode).toBe(200);
    const { secret, otpauth_uri, qr_code } = enrolment.json<{ secret: string; otpauth_uri: string; qr_code: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(otpauth_uri).toContain('issuer=Partner%20Portal%20Console');
    expect(qr_code).toMatch(/^data:image\/png;base64,/);

    const wrong = await consoleRequest(client, 'POST', '/api/console/two-factor/confirm', { code: codeAt(secret, 10) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual(['The provided two factor authentication code was invalid.']);

    const confirmed = await consoleRequest(client, 'POST', '/api/console/two-factor/confirm', { code: codeAt(secret) });
    expect(confirmed.statusCode).toBe(200);
    const body = confirmed.json<{ operator: { id: number; role: string; permissions: string[] }; recovery_codes: string[] }>();
    expect(body.operator).toMatchObject({ id: operator.id, email: operator.email, role: 'support', permissions: permissionsOf('support') });
    expect(body.recovery_codes).toHaveLength(8);

    const me = await consoleRequest(client, 'GET', '/api/console/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().operator.email).toBe(operator.email);
    expect(await auditActions(operator.id)).toEqual(['operator.created', 'console.sign_in_failed', 'console.two_factor_enrolled', 'console.sign_in']);

    // The next sign-in asks for a code of the enrolled secret; a recovery code works too, once.
    const later = await newConsoleClient();
    expect((await login(later, operator)).json()).toEqual({ next: 'two_factor' });
    const recovery = body.recovery_codes[0]!;
    expect((await consoleRequest(later, 'POST', '/api/console/two-factor-challenge', { recovery_code: recovery })).statusCode).toBe(200);
    const again = await newConsoleClient();
    await login(again, operator);
    const reused = await consoleRequest(again, 'POST', '/api/console/two-factor-challenge', { recovery_code: recovery });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.recovery_code).toEqual(['The provided two factor recovery code was invalid.']);
  });

  it('refuses to confirm before a QR code was asked for, and a sign-in that never passed the password', async () => {
    const operator = await createTestOperator(context, { enrolled: false });
    const client = await newConsoleClient();
    const unstarted = await consoleRequest(client, 'POST', '/api/console/two-factor/confirm', { code: '123456' });
    expect(unstarted.statusCode).toBe(422);
    expect(unstarted.json().errors.code).toEqual(['Your sign-in expired. Sign in again.']);
    expect((await consoleRequest(client, 'POST', '/api/console/two-factor/enrolment')).statusCode).toBe(422);

    await login(client, operator);
    const noSecret = await consoleRequest(client, 'POST', '/api/console/two-factor/confirm', { code: '123456' });
    expect(noSecret.json().errors.code).toEqual(['Scan a new QR code first.']);
  });
});

describe('later sign-ins', () => {
  it('need a code every time, and each code works once', async () => {
    const operator = await createTestOperator(context, { role: 'finance' });
    const client = await newConsoleClient();
    expect((await login(client, operator)).json()).toEqual({ next: 'two_factor' });
    const code = codeAt(operator.secret!);
    const signedIn = await consoleRequest(client, 'POST', '/api/console/two-factor-challenge', { code });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().operator).toMatchObject({ role: 'finance', permissions: permissionsOf('finance') });

    const replay = await newConsoleClient();
    await login(replay, operator);
    const replayed = await consoleRequest(replay, 'POST', '/api/console/two-factor-challenge', { code });
    expect(replayed.statusCode).toBe(422);
    expect((await consoleRequest(replay, 'GET', '/api/console/me')).statusCode).toBe(401);
  });

  it('rotates the session at every step and keeps the cookie to the console API, httpOnly and strict', async () => {
    const operator = await createTestOperator(context);
    const client = await newConsoleClient();
    const guest = client.jar.get(CONSOLE_SESSION_COOKIE);
    const loggedIn = await login(client, operator);
    const pending = client.jar.get(CONSOLE_SESSION_COOKIE);
    expect(pending).not.toBe(guest);
    const cookie = setCookieLine(loggedIn, CONSOLE_SESSION_COOKIE)!;
    expect(cookie).toContain('Path=/api/console');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(setCookieLine(loggedIn, CONSOLE_CSRF_COOKIE)).toContain('Path=/console');
    // No partner cookie is handed out by the console.
    expect(setCookieLine(loggedIn, context.config.sessionCookie)).toBeUndefined();

    await consoleRequest(client, 'POST', '/api/console/two-factor-challenge', { code: codeAt(operator.secret!) });
    expect(client.jar.get(CONSOLE_SESSION_COOKIE)).not.toBe(pending);
  });

  it('throttles wrong passwords like the partners’ sign-in: 5 a minute, then 429 with Retry-After', async () => {
    const operator = await createTestOperator(context);
    const client = await newConsoleClient();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const failed = await login(client, { email: operator.email, password: 'wrong-password' });
      expect(failed.statusCode).toBe(422);
      expect(failed.json().errors.email).toEqual(['These credentials do not match our records.']);
    }
    const locked = await login(client, operator);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await auditActions(operator.id)).filter((action) => action === 'console.sign_in_failed')).toHaveLength(5);
  });

  it('throttles wrong codes too', async () => {
    const operator = await createTestOperator(context);
    const client = await newConsoleClient();
    await login(client, operator);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await consoleRequest(client, 'POST', '/api/console/two-factor-challenge', { code: '000000' })).statusCode).toBe(422);
    }
    expect((await consoleRequest(client, 'POST', '/api/console/two-factor-challenge', { code: codeAt(operator.secret!) })).statusCode).toBe(429);
  });

  it('answers the same for an unknown e-mail as for a wrong password', async () => {
    const client = await newConsoleClient();
    const unknown = await login(client, { email: 'nobody@ops.test', password: 'whatever-it-is' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.email).toEqual(['These credentials do not match our records.']);
  });

  it('refuses a write without the console’s CSRF token (419), even with the partner’s', async () => {
    const operator = await createTestOperator(context);
    const client = await newConsoleClient();
    const missing = await client.post('/api/console/login', { email: operator.email, password: operator.password }, { 'x-xsrf-token': '' });
    expect(missing.statusCode).toBe(419);

    const partner = new TestClient(context.app);
    const user = await createPartner(context.database.pool);
    const session = await signInAs(context, partner, user.userId);
    const withPartnerToken = await partner.post('/api/console/login', { email: operator.email, password: operator.password }, { 'x-xsrf-token': session.csrfToken });
    expect(withPartnerToken.statusCode).toBe(419);
  });

  it('a disabled operator cannot sign in, and its open session stops working at once', async () => {
    const operator = await createTestOperator(context);
    const client = await newConsoleClient();
    await login(client, operator);
    await consoleRequest(client, 'POST', '/api/console/two-factor-challenge', { code: codeAt(operator.secret!) });
    expect((await consoleRequest(client, 'GET', '/api/console/me')).statusCode).toBe(200);

    await context.database.pool.query("UPDATE operators SET status = 'disabled' WHERE id = $1", [operator.id]);
    expect((await consoleRequest(client, 'GET', '/api/console/me')).statusCode).toBe(401);
    const refused = await login(await newConsoleClient(), operator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This operator account is disabled.', code: 'operator_disabled' });
  });

  it('signs out: the session ends on the server, and a fresh guest session takes its place', async () => {
    const operator = await createTestOperator(context);
    const client = await newConsoleClient();
    await login(client, operator);
    await consoleRequest(client, 'POST', '/api/console/two-factor-challenge', { code: codeAt(operator.secret!) });
    const token = client.jar.get(CONSOLE_SESSION_COOKIE);
    expect((await consoleRequest(client, 'POST', '/api/console/logout')).statusCode).toBe(204);
    expect(client.jar.get(CONSOLE_SESSION_COOKIE)).not.toBe(token);
    expect((await consoleRequest(client, 'GET', '/api/console/me')).statusCode).toBe(401);
    // The old cookie is dead too.
    const stolen = new TestClient(context.app);
    stolen.jar.set(CONSOLE_SESSION_COOKIE, token!);
    expect((await stolen.get('/api/console/me')).statusCode).toBe(401);
    expect((await auditActions(operator.id)).at(-1)).toBe('console.signed_out');
  });

  it('answers in the language the console asks for', async () => {
    const client = await newConsoleClient();
    const failed = await client.post('/api/console/login', { email: 'nobody@ops.test', password: 'x' }, { 'accept-language': 'ar', 'x-xsrf-token': decodeURIComponent(client.jar.get(CONSOLE_CSRF_COOKIE)!) });
    expect(failed.json().errors.email).toEqual(['بيانات الدخول هذه لا تطابق سجلاتنا.']);
  });
});
