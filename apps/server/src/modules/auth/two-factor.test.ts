import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { currentTotpCode, matchTotpStep, TOTP_PERIOD_SECONDS } from './two-factor.ts';
import { configureTwoFactor, type TwoFactorSetup } from './two-factor-setup.ts';
import { createAuthTestApp, expectValidationError, newClient, signIn } from './auth-test-support.ts';

describe('two-factor sign-in', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createAuthTestApp();
  });
  afterAll(async () => {
    await context.close();
  });

  async function twoFactorPartner(): Promise<CreatedPartner & { setup: TwoFactorSetup }> {
    const partner = await createPartner(context.database.pool);
    const setup = await configureTwoFactor(context.database.pool, context.config.appKey, { id: partner.userId, email: partner.email });
    return { ...partner, setup };
  }

  /** A 6-digit code that is valid in none of the accepted steps right now. */
  function wrongCode(secret: string): string {
    const now = Date.now();
    const valid = new Set([-1, 0, 1].map((offset) => currentTotpCode(secret, now + offset * TOTP_PERIOD_SECONDS * 1000)));
    return ['000000', '111111', '222222'].find((code) => !valid.has(code))!;
  }

  it('asks for a code after the password: {two_factor: true}, and no user until it is given', async () => {
    const partner = await twoFactorPartner();
    const client = await newClient(context);
    const response = await signIn(client, partner.email, partner.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ two_factor: true });
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const { rows } = await context.database.pool.query('SELECT 1 FROM sessions WHERE user_id = $1', [partner.userId]);
    expect(rows).toHaveLength(0);
  });

  it('signs in with a TOTP code (rotating the session), and refuses the same code the second time', async () => {
    const partner = await twoFactorPartner();
    const client = await newClient(context);
    await signIn(client, partner.email, partner.password, true);
    const pendingSession = client.cookie(context.config.sessionCookie);
    const code = currentTotpCode(partner.setup.secret);

    const response = await client.post('/api/two-factor-challenge', { code });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ two_factor: false, user: { id: partner.userId, two_factor_enabled: true } });
    expect(client.cookie(context.config.sessionCookie)).not.toBe(pendingSession);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    // "remember" given at the password step carries over.
    const { rows } = await context.database.pool.query<{ remember: boolean }>('SELECT remember FROM sessions WHERE user_id = $1', [partner.userId]);
    expect(rows.map((row) => row.remember)).toEqual([true]);

    const again = await newClient(context);
    expect((await signIn(again, partner.email, partner.password)).json()).toEqual({ two_factor: true });
    const replay = await again.post('/api/two-factor-challenge', { code });
    expectValidationError(replay, 'code', 'The provided two factor authentication code was invalid.');
    expect((await again.get('/api/user')).statusCode).toBe(401);
  });

  it('signs in with a recovery code once; the same recovery code is refused the second time', async () => {
    const partner = await twoFactorPartner();
    const [recoveryCode] = partner.setup.recoveryCodes;
    expect(recoveryCode).toMatch(/^[A-Za-z0-9]{10}-[A-Za-z0-9]{10}$/);
    expect(partner.setup.recoveryCodes).toHaveLength(8);

    const client = await newClient(context);
    await signIn(client, partner.email, partner.password);
    const response = await client.post('/api/two-factor-challenge', { recovery_code: recoveryCode });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(partner.userId);

    const again = await newClient(context);
    await signIn(again, partner.email, partner.password);
    const reused = await again.post('/api/two-factor-challenge', { recovery_code: recoveryCode });
    expectValidationError(reused, 'recovery_code', 'The provided two factor recovery code was invalid.');
    // Another code of the set still works.
    expect((await again.post('/api/two-factor-challenge', { recovery_code: partner.setup.recoveryCodes[1] })).statusCode).toBe(200);
  });

  it('refuses a code of another step than the accepted window, and a malformed code', async () => {
    const partner = await twoFactorPartner();
    const client = await newClient(context);
    await signIn(client, partner.email, partner.password);
    expectValidationError(await client.post('/api/two-factor-challenge', { code: wrongCode(partner.setup.secret) }), 'code');
    expectValidationError(await client.post('/api/two-factor-challenge', { code: '12ab56' }), 'code');
    expectValidationError(await client.post('/api/two-factor-challenge', {}), 'code');
  });

  it('throttles codes: five wrong ones a minute, then 429 with Retry-After, even for the right code', async () => {
    const partner = await twoFactorPartner();
    const client = await newClient(context);
    await signIn(client, partner.email, partner.password);
    const wrong = wrongCode(partner.setup.secret);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await client.post('/api/two-factor-challenge', { code: wrong })).statusCode).toBe(422);
    }
    const locked = await client.post('/api/two-factor-challenge', { code: currentTotpCode(partner.setup.secret) });
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(locked.json().message).toBe(`Too many login attempts. Please try again in ${retryAfter} seconds.`);
    expect((await client.post('/api/two-factor-challenge', { recovery_code: partner.setup.recoveryCodes[0] })).statusCode).toBe(429);
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('needs a pending sign-in in the session', async () => {
    const client = await newClient(context);
    const response = await client.post('/api/two-factor-challenge', { code: '123456' });
    expectValidationError(response, 'code', 'Your two-factor session expired. Sign in again.');
  });

  it('lets a pending sign-in expire after ten minutes', async () => {
    const partner = await twoFactorPartner();
    const client = await newClient(context);
    await signIn(client, partner.email, partner.password);
    await context.database.pool.query(
      `UPDATE sessions SET data = jsonb_set(data, '{login.expires_at}', to_jsonb($2::bigint)) WHERE data->>'login.id' = $1::text`,
      [partner.userId, Date.now() - 1000],
    );
    const response = await client.post('/api/two-factor-challenge', { code: currentTotpCode(partner.setup.secret) });
    expectValidationError(response, 'code', 'Your two-factor session expired. Sign in again.');
  });

  it('stores the TOTP secret encrypted and the recovery codes hashed', async () => {
    const partner = await twoFactorPartner();
    const { rows } = await context.database.pool.query<{ two_factor_secret: string }>('SELECT two_factor_secret FROM users WHERE id = $1', [partner.userId]);
    expect(rows[0]!.two_factor_secret).not.toContain(partner.setup.secret);
    expect(rows[0]!.two_factor_secret).toMatch(/^v1\./);
    const codes = await context.database.pool.query<{ code_hash: string }>('SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = $1', [partner.userId]);
    expect(codes.rows).toHaveLength(8);
    for (const row of codes.rows) expect(partner.setup.recoveryCodes).not.toContain(row.code_hash);
  });
});

describe('TOTP step matching', () => {
  it('accepts the previous, current and next step, and nothing further', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);
    for (const offset of [-1, 0, 1]) {
      expect(matchTotpStep(secret, currentTotpCode(secret, now + offset * 30_000), now)).toBe(step + offset);
    }
    expect(matchTotpStep(secret, currentTotpCode(secret, now + 2 * 30_000), now)).toBeNull();
    expect(matchTotpStep(secret, currentTotpCode(secret, now - 2 * 30_000), now)).toBeNull();
  });
});
