import type pg from 'pg';
import { randomToken, sha256 } from '../lib/tokens.ts';
import { XSRF_COOKIE } from '../plugins/session.ts';
import type { TestClient } from './http-client.ts';
import type { TestContext } from './test-app.ts';

export interface SignedInSession {
  /** the cookie's token (the sessions row holds only its sha256) */
  token: string;
  csrfToken: string;
  sessionId: string;
}

/**
 * Signs a TestClient in as `userId` without going through POST /api/login: inserts a sessions row the way
 * the session plugin does (id = sha256(token), its own CSRF token, a 2-hour expiry) and puts the session and
 * XSRF-TOKEN cookies into the client's jar, so the next requests are the user's, CSRF header included.
 * Use it for tests of signed-in features; sign-in itself is tested through /api/login.
 */
/** A signed-in sessions row for `userId`, written the way the session plugin writes one; returns its cookie values. */
export async function insertSession(
  pool: Pick<pg.Pool, 'query'>,
  userId: number,
  options: { remember?: boolean; expiresInMinutes?: number } = {},
): Promise<SignedInSession> {
  const token = randomToken(32);
  const csrfToken = randomToken(32);
  const sessionId = sha256(token);
  await pool.query(
    `INSERT INTO sessions (id, user_id, csrf_token, data, remember, ip, user_agent, created_at, last_activity_at, expires_at)
     VALUES ($1, $2, $3, '{}'::jsonb, $4, '127.0.0.1', 'vitest', now(), now(), now() + make_interval(mins => $5))`,
    [sessionId, userId, csrfToken, options.remember ?? false, options.expiresInMinutes ?? 120],
  );
  return { token, csrfToken, sessionId };
}

export async function signInAs(
  context: Pick<TestContext, 'database' | 'config'>,
  client: TestClient,
  userId: number,
  options: { remember?: boolean; expiresInMinutes?: number } = {},
): Promise<SignedInSession> {
  const { token, csrfToken, sessionId } = await insertSession(context.database.pool, userId, options);
  client.jar.set(context.config.sessionCookie, token);
  client.jar.set(XSRF_COOKIE, encodeURIComponent(csrfToken));
  return { token, csrfToken, sessionId };
}

