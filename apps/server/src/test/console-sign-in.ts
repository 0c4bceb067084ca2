import type pg from 'pg';
import { CONSOLE_CSRF_COOKIE, CONSOLE_CSRF_COOKIE_URL } from '@portal/contracts/console-session';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { generateRecoveryCodes, generateTotpSecret } from '../lib/two-factor.ts';
import { randomToken, sha256 } from '../lib/tokens.ts';
import { createOperatorAccount } from '../modules/operators/service.ts';
import { CONSOLE_SESSION_COOKIE } from '../plugins/operator-session.ts';
import { TestClient, type TestResponse } from './http-client.ts';
import type { TestContext } from './test-app.ts';

/** Test helpers of the console: operators, their sessions, and requests that carry the console's CSRF token. */

export interface TestOperator {
  id: number;
  email: string;
  password: string;
  role: OperatorRole;
  /** The enrolled TOTP secret (null: not enrolled yet, the first sign-in enrols) and its recovery codes. */
  secret: string | null;
  recoveryCodes: string[];
}

let counter = 0;

/** An operator of `role`, enrolled in two-factor unless `enrolled: false`. */
export async function createTestOperator(
  context: Pick<TestContext, 'database' | 'config'>,
  options: { role?: OperatorRole; email?: string; enrolled?: boolean } = {},
): Promise<TestOperator> {
  counter += 1;
  const role = options.role ?? 'admin';
  const email = options.email ?? `operator-${role}-${counter}-${randomToken(4).toLowerCase()}@ops.test`;
  const enrolled = options.enrolled ?? true;
  const secret = enrolled ? generateTotpSecret() : null;
  const recoveryCodes = enrolled ? generateRecoveryCodes() : [];
  const created = await createOperatorAccount(
    { pool: context.database.pool, config: context.config },
    { email, name: `Test ${role}`, role, password: 'Operator-Pass-2026', ...(secret ? { twoFactor: { secret, recoveryCodes } } : {}) },
    { type: 'system', id: 'test' },
  );
  return { id: created.id, email, password: created.password, role, secret, recoveryCodes };
}

/** A console session row for `operatorId` (null: a guest session), written as the plugin writes one. */
export async function insertOperatorSession(pool: Pick<pg.Pool, 'query'>, operatorId: number | null): Promise<{ token: string; csrfToken: string }> {
  const token = randomToken(32);
  const csrfToken = randomToken(32);
  await pool.query(
    `INSERT INTO operator_sessions (id, operator_id, csrf_token, ip, user_agent, expires_at)
     VALUES ($1, $2, $3, '127.0.0.1', 'vitest', now() + interval '30 minutes')`,
    [sha256(token), operatorId, csrfToken],
  );
  return { token, csrfToken };
}

/** Puts a console session of `operatorId` (or a guest one) into the client's jar, without the sign-in steps. */
export async function signInOperatorAs(context: Pick<TestContext, 'database'>, client: TestClient, operatorId: number | null): Promise<void> {
  const { token, csrfToken } = await insertOperatorSession(context.database.pool, operatorId);
  client.jar.set(CONSOLE_SESSION_COOKIE, token);
  client.jar.set(CONSOLE_CSRF_COOKIE, encodeURIComponent(csrfToken));
}

/** A new client (a browser of its own) holding a console session of `operator`. */
export async function operatorClientFor(context: Pick<TestContext, 'app' | 'database'>, operator: { id: number }): Promise<TestClient> {
  const client = new TestClient(context.app);
  await signInOperatorAs(context, client, operator.id);
  return client;
}

/** The header the console's pages send: its CSRF cookie, echoed back (none when the jar has no such cookie). */
export function consoleHeaders(client: TestClient): Record<string, string> {
  const token = client.jar.get(CONSOLE_CSRF_COOKIE);
  return { 'x-xsrf-token': token ? decodeURIComponent(token) : '' };
}

/** A request as the console's pages send it. */
export function consoleRequest(client: TestClient, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<TestResponse> {
  return client.request(method, url, body, consoleHeaders(client));
}

/** GET /api/console/csrf-cookie, as the console does before signing in. */
export async function consoleCsrf(client: TestClient): Promise<void> {
  await client.get(CONSOLE_CSRF_COOKIE_URL);
}
