import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_API_PREFIX, CONSOLE_CSRF_COOKIE } from '@portal/contracts/console-session';
import { OPERATOR_ROLES, operatorCan, type OperatorRole } from '@portal/contracts/operator-permissions';
import { checkConsoleRoute, CONSOLE_SESSION_COOKIE, type ConsoleRouteEntry } from '../../plugins/operator-session.ts';
import { consoleHeaders, createTestOperator, signInOperatorAs, type TestOperator } from '../../test/console-sign-in.ts';
import { createPartner } from '../../test/factories.ts';
import { TestClient, type TestResponse } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * The role × endpoint matrix of issue 14, generated from the route table: every route under /api/console is tried with
 * no session, a guest console session, a signed-in partner, and an operator of every role. A new console endpoint is
 * in the matrix the moment it is registered; one registered without a declared permission does not even register
 * (the last test shows it).
 */

let context: TestContext;
let operators: Record<OperatorRole, TestOperator>;
let partnerId: number;

beforeAll(async () => {
  context = await createTestApp();
  operators = {} as Record<OperatorRole, TestOperator>;
  for (const role of OPERATOR_ROLES) operators[role] = await createTestOperator(context, { role });
  partnerId = (await createPartner(context.database.pool)).userId;
});
afterAll(async () => {
  await context.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The console's routes once each (Fastify adds a HEAD beside every GET), with every path parameter filled in. */
function consoleEndpoints(): (ConsoleRouteEntry & { path: string })[] {
  return context.app.consoleRoutes
    .filter((route) => route.method !== 'HEAD')
    .map((route) => ({ ...route, path: route.url.replace(/:[A-Za-z_]+/g, '999999') }));
}

function send(client: TestClient, method: string, path: string, headers: Record<string, string> = {}): Promise<TestResponse> {
  return client.request(method as Method, path, UNSAFE.has(method) ? {} : undefined, headers);
}

async function asOperator(role: OperatorRole, method: string, path: string): Promise<TestResponse> {
  // A session of its own for every request: an endpoint that ends the session (sign-out) must not end the next one's.
  const client = new TestClient(context.app);
  await signInOperatorAs(context, client, operators[role].id);
  return send(client, method, path, consoleHeaders(client));
}

async function asPartner(method: string, path: string): Promise<TestResponse> {
  const client = new TestClient(context.app);
  const session = await signInAs(context, client, partnerId);
  return send(client, method, path, { 'x-xsrf-token': session.csrfToken });
}

async function asGuest(method: string, path: string): Promise<TestResponse> {
  const client = new TestClient(context.app);
  await signInOperatorAs(context, client, null);
  return send(client, method, path, consoleHeaders(client));
}

describe('the console route table', () => {
  it('holds the console’s endpoints, each with a declared access', () => {
    const endpoints = consoleEndpoints();
    expect(endpoints.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['POST /api/console/login', 'GET /api/console/me', 'POST /api/console/logout', 'GET /api/console/partner-applications']),
    );
    for (const route of endpoints) expect(['public', 'operator'], `${route.method} ${route.url}`).toContain(route.access.kind);
  });

  it('lists every console operation of the OpenAPI document', () => {
    const table = new Set(consoleEndpoints().map((route) => `${route.method} ${route.url}`));
    const paths = (context.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const documented = Object.entries(paths)
      .filter(([path]) => path.startsWith(CONSOLE_API_PREFIX))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(documented.length).toBeGreaterThan(0);
    for (const operation of documented) expect(table, operation).toContain(operation);
  });
});

describe('every console endpoint that needs an operator', () => {
  it('answers 401 without a session, with a guest console session and with a partner’s session', async () => {
    for (const route of consoleEndpoints().filter((each) => each.access.kind === 'operator')) {
      const name = `${route.method} ${route.url}`;
      expect((await send(new TestClient(context.app), route.method, route.path)).statusCode, `${name}, no session`).toBe(401);
      expect((await asGuest(route.method, route.path)).statusCode, `${name}, guest`).toBe(401);
      const partner = await asPartner(route.method, route.path);
      expect(partner.statusCode, `${name}, partner`).toBe(401);
      expect(partner.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('answers 403 to every role the permission map leaves out, and lets the others through', async () => {
    const matrix: string[] = [];
    for (const route of consoleEndpoints()) {
      if (route.access.kind !== 'operator') continue;
      for (const role of OPERATOR_ROLES) {
        const response = await asOperator(role, route.method, route.path);
        const allowed = operatorCan(role, route.access.permission);
        matrix.push(`${route.method} ${route.url} ${role}: ${response.statusCode}`);
        if (allowed) expect([401, 403], `${route.method} ${route.url} as ${role}`).not.toContain(response.statusCode);
        else expect(response.statusCode, `${route.method} ${route.url} as ${role}`).toBe(403);
      }
    }
    // Both answers occur: the matrix is not all one thing.
    expect(matrix.some((line) => line.endsWith(': 403'))).toBe(true);
    expect(matrix.some((line) => !line.endsWith(': 403'))).toBe(true);
  });
});

describe('the sign-in endpoints anyone may call', () => {
  it('treat a partner’s session as no session at all', async () => {
    for (const route of consoleEndpoints().filter((each) => each.access.kind === 'public')) {
      const anonymous = await send(new TestClient(context.app), route.method, route.path);
      const partner = await asPartner(route.method, route.path);
      expect(partner.statusCode, `${route.method} ${route.url}`).toBe(anonymous.statusCode);
      // A partner's session never comes back out of the console with an operator's cookie.
      expect(partner.cookies.map((cookie) => cookie.name)).not.toContain(context.config.sessionCookie);
    }
  });
});

describe('an operator’s session on the partners’ API', () => {
  it('is no session at all: every partner endpoint answers it as it answers nobody', async () => {
    const paths = (context.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    let compared = 0;
    for (const [path, operations] of Object.entries(paths)) {
      if (path.startsWith(CONSOLE_API_PREFIX)) continue;
      const url = path.replace(/\{\w+\}/g, '999999');
      for (const method of Object.keys(operations).map((each) => each.toUpperCase())) {
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
        const anonymous = await send(new TestClient(context.app), method, url);
        const operator = new TestClient(context.app);
        await signInOperatorAs(context, operator, operators.admin.id);
        const answer = await send(operator, method, url, consoleHeaders(operator));
        expect(answer.statusCode, `${method} ${path}`).toBe(anonymous.statusCode);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(10);
    // …and the partner endpoints that need a partner said so.
    const user = new TestClient(context.app);
    await signInOperatorAs(context, user, operators.admin.id);
    expect((await user.get('/api/user')).statusCode).toBe(401);
    expect(user.jar.has(CONSOLE_SESSION_COOKIE) && user.jar.has(CONSOLE_CSRF_COOKIE)).toBe(true);
  });
});

describe('declaring a console route', () => {
  it('refuses one without a declared permission, or with a permission the map does not know', async () => {
    const app = Fastify();
    app.addHook('onRoute', (route) => void checkConsoleRoute(route));
    expect(() => app.get('/api/console/undeclared', async () => ({}))).toThrow(/without a declared permission/);
    expect(() => app.get('/api/console/unknown', { config: { console: { kind: 'operator', permission: 'partners.everything' as never } } }, async () => ({}))).toThrow(
      /without a declared permission/,
    );
    expect(() => app.get('/api/elsewhere', { config: { console: { kind: 'public' } } }, async () => ({}))).toThrow(/not under \/api\/console/);
    expect(() => app.get('/api/console/declared', { config: { console: { kind: 'operator', permission: 'audit.read' } } }, async () => ({}))).not.toThrow();
    await app.close();
  });
});
