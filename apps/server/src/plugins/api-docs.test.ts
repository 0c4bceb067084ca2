import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRequest, createTestOperator, signInOperatorAs } from '../test/console-sign-in.ts';
import { createPartner } from '../test/factories.ts';
import { TestClient } from '../test/http-client.ts';
import { signInAs } from '../test/sign-in.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { loadConfig } from '../config.ts';
import { PRODUCTION_ENV } from '../test/production-env.ts';

/**
 * The outside probe's N9 (issue 33): production served /api/docs/json to anyone, with every console route in it. The
 * partner API's document goes to signed-in partners (production's default, API_DOCS=signed-in), the console's to
 * operators, and neither lists the other's routes.
 */
describe('the OpenAPI documents, each to its audience', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ API_DOCS: 'signed-in' });
  });
  afterAll(async () => {
    await context?.close();
  });

  const paths = (body: { paths: Record<string, unknown> }) => Object.keys(body.paths);

  it('is signed-in in production unless set, public elsewhere', () => {
    const production = { NODE_ENV: 'production', APP_KEY: 'docs-test-app-key-0123456789abcdefghijklmnop', DATA_DIR: context.config.dataDir, ...PRODUCTION_ENV };
    expect(loadConfig(production).apiDocs).toBe('signed-in');
    expect(loadConfig({ ...production, API_DOCS: 'off' }).apiDocs).toBe('off');
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: context.config.dataDir }).apiDocs).toBe('public');
  });

  it('refuses the partner document to a visitor who is not signed in', async () => {
    expect((await new TestClient(context.app).get('/api/docs/json')).statusCode).toBe(401);
  });

  it("gives a signed-in partner the partner API's document, without a console route", async () => {
    const partner = await createPartner(context.database.pool);
    const client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    const response = await client.get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const listed = paths(response.json());
    expect(listed).toContain('/api/clients/bookings');
    expect(listed.filter((path) => path.startsWith('/api/console') || path.startsWith('/apps/'))).toEqual([]);
    // a partner's session is no operator's
    expect((await client.get('/api/console/docs/json')).statusCode).toBe(401);
  });

  it("gives an operator of any role the console's document, and only it", async () => {
    const operator = await createTestOperator(context, { role: 'content' });
    const client = new TestClient(context.app);
    await signInOperatorAs(context, client, operator.id);
    const response = await consoleRequest(client, 'GET', '/api/console/docs/json');
    expect(response.statusCode).toBe(200);
    const listed = paths(response.json());
    expect(listed).toContain('/api/console/bookings');
    expect(listed.every((path) => path.startsWith('/api/console'))).toBe(true);
  });

  it('serves neither with API_DOCS=off', async () => {
    const off = await createTestApp({ API_DOCS: 'off' });
    try {
      const operator = await createTestOperator(off, { role: 'admin' });
      const client = new TestClient(off.app);
      await signInOperatorAs(off, client, operator.id);
      expect((await client.get('/api/docs/json')).statusCode).toBe(404);
      expect((await consoleRequest(client, 'GET', '/api/console/docs/json')).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
