import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_ROLES, partnerRoleCan, referralScope, type PartnerRole } from '@portal/contracts/partner-roles';
import { checkPartnerRoute, type PartnerRouteEntry } from '../plugins/partner-route-table.ts';
import type { CreatedPartner } from '../test/factories.ts';
import { TestClient, type TestResponse } from '../test/http-client.ts';
import { signInAs } from '../test/sign-in.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import {
  createPartnerAccessWorld,
  fillPath,
  type PartnerAccessFixture,
  type PartnerAccessRequest,
  type PartnerAccessWorld,
} from '../test/partner-access.ts';
import { listRoute, partnerRoute } from './partner-routes.ts';

/**
 * The role × endpoint matrix of issue 17, generated from the route table (app.partnerRoutes): every partner route is
 * called as each role of an agent; a role without the route's permission gets 403. Routes with path parameters are
 * called with records made by their module's access fixtures (modules/<area>/access-fixtures.ts, found by glob; the
 * shape is test/partner-access.ts): another agent's record gives 404, another member's gives 404 unless the record's
 * visibility lets the caller's role see it, and the caller's own is served. A parameterised route without a fixture
 * fails the test by name.
 */

const MODULES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'modules');
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const UNAUTHORIZED = 'This action is unauthorized.';

let context: TestContext;
let world: PartnerAccessWorld;
let fixtures: Map<string, PartnerAccessFixture & { file: string }>;

async function loadFixtures(): Promise<Map<string, PartnerAccessFixture & { file: string }>> {
  const found = new Map<string, PartnerAccessFixture & { file: string }>();
  for (const area of readdirSync(MODULES_DIR).sort()) {
    const file = path.join(MODULES_DIR, area, 'access-fixtures.ts');
    if (!existsSync(file)) continue;
    const module = (await import(pathToFileURL(file).href)) as { accessFixtures?: PartnerAccessFixture[] };
    if (!Array.isArray(module.accessFixtures)) throw new Error(`${file} exports no accessFixtures array`);
    for (const fixture of module.accessFixtures) {
      if (found.has(fixture.route)) throw new Error(`${fixture.route} has two access fixtures (${found.get(fixture.route)!.file}, ${file})`);
      found.set(fixture.route, { ...fixture, file: path.relative(MODULES_DIR, file) });
    }
  }
  return found;
}

beforeAll(async () => {
  context = await createTestApp();
  world = await createPartnerAccessWorld(context);
  fixtures = await loadFixtures();
});
afterAll(async () => {
  await context.close();
});

/** The partner routes once each (Fastify adds a HEAD beside every GET). */
function partnerEndpoints(): PartnerRouteEntry[] {
  return context.app.partnerRoutes.filter((route) => route.method !== 'HEAD');
}
const nameOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const hasParameters = (url: string) => /:[A-Za-z_]/.test(url);

async function call(member: CreatedPartner, method: string, url: string, request: PartnerAccessRequest = { params: {} }): Promise<TestResponse> {
  // A session of its own for every request: an endpoint that ends sessions must not end the next one's.
  const client = new TestClient(context.app);
  await signInAs(context, client, member.userId);
  let target = fillPath(url, request.params);
  if (request.query) target += `?${new URLSearchParams(request.query).toString()}`;
  return client.request(method as Method, target, UNSAFE.has(method) ? (request.body ?? {}) : undefined);
}

function isRefusedByRole(response: TestResponse): boolean {
  return response.statusCode === 403 && (response.json() as { message?: string }).message === UNAUTHORIZED;
}

describe('the partner route table', () => {
  it('holds the partner endpoints, each with a permission of the role map', () => {
    const names = partnerEndpoints().map(nameOf);
    expect(names).toEqual(expect.arrayContaining(['GET /api/clients/bookings', 'GET /api/general/get-facilities', 'GET /api/notifications']));
    for (const route of partnerEndpoints()) expect(partnerRoleCan('owner', route.permission), nameOf(route)).toBe(true);
  });

  it('has no route behind the partner guard that declares no permission', () => {
    expect(context.app.undeclaredPartnerRoutes.map(nameOf)).toEqual([]);
  });

  it('has an access fixture for every partner route with a path parameter, and none for a route that does not exist', () => {
    const parameterised = partnerEndpoints().filter((route) => hasParameters(route.url)).map(nameOf);
    const missing = parameterised.filter((name) => !fixtures.has(name));
    expect(missing, `add these to modules/<area>/access-fixtures.ts (shape: test/partner-access.ts)`).toEqual([]);
    const known = new Set(partnerEndpoints().map(nameOf));
    expect([...fixtures.keys()].filter((name) => !known.has(name)), 'fixtures of routes that are not partner routes').toEqual([]);
  });
});

describe('every partner endpoint, as each role', () => {
  it('answers 403 to every role the permission map leaves out, and lets the others through', async () => {
    const matrix: string[] = [];
    for (const route of partnerEndpoints()) {
      const fixture = fixtures.get(nameOf(route));
      if (hasParameters(route.url) && !fixture) continue; // named by the fixture test above
      for (const role of PARTNER_ROLES) {
        const member = world.agent.members[role];
        const request = fixture ? await fixture.create(world, member) : { params: {} };
        const response = await call(member, route.method, route.url, request);
        const allowed = partnerRoleCan(role, route.permission);
        matrix.push(`${nameOf(route)} ${role}: ${response.statusCode}`);
        if (allowed) {
          expect(response.statusCode, `${nameOf(route)} as ${role}`).not.toBe(401);
          expect(isRefusedByRole(response), `${nameOf(route)} as ${role}: ${response.body.slice(0, 200)}`).toBe(false);
        } else {
          expect(response.statusCode, `${nameOf(route)} as ${role}: ${response.body.slice(0, 200)}`).toBe(403);
        }
      }
    }
    expect(matrix.some((line) => line.endsWith(': 403'))).toBe(true);
    expect(matrix.some((line) => !line.endsWith(': 403'))).toBe(true);
  });

  it('answers 404 for another agent’s record and for another member’s the role may not see, and serves the caller’s own', async () => {
    let checked = 0;
    for (const route of partnerEndpoints()) {
      const fixture = fixtures.get(nameOf(route));
      if (!fixture) continue;
      const served = (response: TestResponse) =>
        fixture.served ? fixture.served.includes(response.statusCode) : ![401, 403, 404].includes(response.statusCode);
      for (const role of PARTNER_ROLES) {
        if (!partnerRoleCan(role, route.permission)) continue;
        const caller = world.agent.members[role];
        const name = `${nameOf(route)} as ${role}`;

        const own = await call(caller, route.method, route.url, await fixture.create(world, caller));
        expect(served(own), `${name}, their own record: ${own.statusCode} ${own.body.slice(0, 200)}`).toBe(true);

        const colleague = await call(caller, route.method, route.url, await fixture.create(world, world.colleague));
        const seesColleague =
          fixture.visibleTo === 'everyone' ||
          fixture.visibleTo === 'agent' ||
          (fixture.visibleTo === 'referral-scope' && referralScope(role) === 'agent') ||
          (fixture.visibleTo === 'managers' && (role === 'owner' || role === 'manager'));
        if (seesColleague) expect(served(colleague), `${name}, another member's record: ${colleague.statusCode}`).toBe(true);
        else expect(colleague.statusCode, `${name}, another member's record: ${colleague.body.slice(0, 200)}`).toBe(404);

        const other = await call(caller, route.method, route.url, await fixture.create(world, world.otherAgent.members[role]));
        if (fixture.visibleTo === 'everyone') expect(served(other), `${name}, another agent's record: ${other.statusCode}`).toBe(true);
        else expect(other.statusCode, `${name}, another agent's record: ${other.body.slice(0, 200)}`).toBe(404);
        checked += 1;
      }
    }
    // The matrix ran on whatever fixtures exist; with none yet, it checked nothing (the fixture test names what is missing).
    expect(checked).toBe([...fixtures.values()].reduce((sum, fixture) => {
      const route = partnerEndpoints().find((each) => nameOf(each) === fixture.route);
      return sum + (route ? PARTNER_ROLES.filter((role: PartnerRole) => partnerRoleCan(role, route.permission)).length : 0);
    }, 0));
  });
});

describe('declaring a partner route', () => {
  it('refuses one whose permission is missing or unknown to the role map', async () => {
    const app = Fastify();
    app.addHook('onRoute', (route) => void checkPartnerRoute(route));
    expect(() => app.get('/api/undeclared', { config: { partner: {} as never } }, async () => ({}))).toThrow(/without a declared permission/);
    expect(() => app.get('/api/unknown', { config: { partner: { permission: 'bookings.everything' as never } } }, async () => ({}))).toThrow(
      /without a declared permission/,
    );
    expect(() => app.get('/api/declared', { config: { partner: { permission: 'referrals.read' } } }, async () => ({}))).not.toThrow();
    expect(() => app.get('/api/public', async () => ({}))).not.toThrow();
    await app.close();
  });

  it('cannot be written without a permission: partnerRoute and listRoute require one', () => {
    const declare = (app: FastifyInstance) => {
      // @ts-expect-error: a partner route without `permission` does not type-check
      partnerRoute(app, { tags: ['x'], summary: 'no permission' });
      // @ts-expect-error: nor one whose permission is not in the role map
      partnerRoute(app, { permission: 'bookings.everything', tags: ['x'], summary: 'unknown permission' });
      // @ts-expect-error: nor a list without one
      listRoute(app, { tags: ['x'], summary: 'no permission', endpoint: undefined as never, list: undefined as never });
    };
    expect(typeof declare).toBe('function');
  });

  it('puts the permission where the route table reads it', async () => {
    const app = Fastify();
    const options = partnerRoute(app, { permission: 'team.manage', tags: ['x'], summary: 'declared', response: {} });
    expect(options.config).toEqual({ partner: { permission: 'team.manage' } });
    await app.close();
  });
});
