import { expect } from 'vitest';
import type { App } from '../../app.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { TestClient, type TestResponse } from '../../test/http-client.ts';
import type { AuthDependencies } from './service.ts';

/** A route behind app.requireUser, to see what a partner page's API would answer. */
export const GUARDED_PATH = '/api/test-only/guarded';

/**
 * A fresh app for the auth tests: createTestApp plus a requireUser route to probe the forced password update,
 * and optionally the real request logger writing into `logStream`.
 */
export function createAuthTestApp(options: { logStream?: { write(line: string): void } } = {}): Promise<TestContext> {
  return createTestApp(
    {},
    {
      ...options,
      extend(app: App) {
        app.get(GUARDED_PATH, { preHandler: app.requireUser }, async (request) => ({ id: currentUser(request).id }));
      },
    },
  );
}

export function authDependencies(context: TestContext): AuthDependencies {
  return { pool: context.database.pool, config: context.config, mailer: context.app.mailer };
}

/** A browser-like client that has fetched /sanctum/csrf-cookie, as the SPA does first. */
export async function newClient(context: TestContext): Promise<TestClient> {
  const client = new TestClient(context.app);
  await client.csrf();
  return client;
}

export async function signIn(client: TestClient, email: string, password: string, remember = false): Promise<TestResponse> {
  return client.post('/api/login', { email, password, remember });
}

/** The raw Set-Cookie line of `name` in a response. */
export function setCookieLine(response: TestResponse, name: string): string | undefined {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header === undefined ? [] : [String(header)];
  return lines.find((line) => line.startsWith(`${name}=`));
}

export function expectValidationError(response: TestResponse, field: string, message?: string | RegExp): void {
  expect(response.statusCode).toBe(422);
  const body = response.json<{ message: string; errors: Record<string, string[]> }>();
  expect(Object.keys(body.errors)).toContain(field);
  if (message !== undefined) {
    if (typeof message === 'string') expect(body.errors[field]).toContain(message);
    else expect(body.errors[field]?.some((item) => message.test(item))).toBe(true);
  }
}
