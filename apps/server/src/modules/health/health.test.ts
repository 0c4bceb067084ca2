import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

describe('GET /api/health', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => {
    await context.close();
  });

  it('answers ok with the database checked', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers liveness, and readiness with the database and the job queue up', async () => {
    expect((await context.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await context.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', jobs: 'ok' });
  });

  it('sends the security headers on every answer', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Served over plain HTTP in tests: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('tells browsers and proxies not to keep API answers, errors included', async () => {
    for (const url of ['/api/health', '/api/user', '/api/no-such-thing', '/api', '/sanctum/csrf-cookie', '/apps/x/events']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it("answers a URL Fastify cannot route in the portal's shape, with the security headers and no-store", async () => {
    const cases = [
      // Percent-encoding that does not decode: 400, before any route or hook runs.
      ['GET', '/api/user/%zz', 400, 'The URL is not valid.', 'no-store'],
      ['GET', '/api/%E0%A4%A', 400, 'The URL is not valid.', 'no-store'],
      ['GET', '/%', 400, 'The URL is not valid.', undefined],
      // A path parameter longer than Fastify's limit (100 characters): 414.
      ['DELETE', `/api/notifications/${'1'.repeat(101)}`, 414, 'The URL is too long.', 'no-store'],
    ] as const;
    for (const [method, url, status, message, cacheControl] of cases) {
      const response = await context.app.inject({ method, url });
      expect([response.statusCode, response.json()], url).toEqual([status, { message }]);
      expect(response.headers['cache-control'], url).toBe(cacheControl);
      expect(String(response.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('answers an unknown API path with a JSON 404, never the SPA page', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toContain('/api/no-such-thing');
  });
});

describe('GET /api/health with the database down', () => {
  it('answers 503 and says the database is down', async () => {
    // A pool aimed at a port where nothing listens: every query fails, as when the server is gone.
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ host: '127.0.0.1', port: 9, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 500 });
    pool.on('error', () => {});
    const { buildApp } = await import('../../app.ts');
    const { loadConfig } = await import('../../config.ts');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/portal-health-down', APP_KEY: 'k'.repeat(40), LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database: { kind: 'postgres', pool, reader: pool, close: () => pool.end() }, logger: false });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', database: 'down' });
      // Still alive (nothing a restart would fix), but not ready: no traffic until the database is back.
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', database: 'down', jobs: 'down' });
    } finally {
      await app.close();
      await pool.end();
    }
  });
});
