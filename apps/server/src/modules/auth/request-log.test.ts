import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app.ts';
import { createPartner } from '../../test/factories.ts';
import { createAuthTestApp, newClient, signIn } from './auth-test-support.ts';

describe('request logs', () => {
  const lines: string[] = [];
  let context: TestContext;
  beforeAll(async () => {
    // The app's own logger configuration (redaction, serializers), writing into this array.
    context = await createAuthTestApp({ logStream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(async () => {
    await context.close();
  });

  it('carry neither the password of a sign-in nor the session cookie or CSRF token', async () => {
    const password = 'Unmistakable-Passw0rd-7731';
    const partner = await createPartner(context.database.pool, { password });
    const client = await newClient(context);
    const guestSession = client.cookie(context.config.sessionCookie)!;
    const response = await signIn(client, partner.email, password);
    expect(response.statusCode).toBe(200);
    await client.get('/api/user');
    await signIn(await newClient(context), partner.email, `${password}-wrong`);

    const session = client.cookie(context.config.sessionCookie)!;
    const xsrf = client.cookie('XSRF-TOKEN')!;
    const requestLines = lines.filter((line) => line.includes('"req"') || line.includes('"res"'));
    expect(requestLines.some((line) => line.includes('/api/login'))).toBe(true);
    expect(requestLines.some((line) => line.includes('/api/user'))).toBe(true);
    for (const line of lines) {
      expect(line).not.toContain(password);
      expect(line).not.toContain(session);
      expect(line).not.toContain(guestSession);
      expect(line).not.toContain(decodeURIComponent(xsrf));
      expect(line.toLowerCase()).not.toMatch(/"(set-)?cookie"|x-xsrf-token/);
    }
  });

  it('write one structured line per request, with method, path, status and time', async () => {
    const before = lines.length;
    const client = await newClient(context);
    await client.get('/api/health');
    await client.get('/api/user');
    const written = lines.slice(before).map((line) => JSON.parse(line) as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any
    const perRequest = new Map<string, number>();
    for (const entry of written) perRequest.set(entry.reqId, (perRequest.get(entry.reqId) ?? 0) + 1);
    // newClient fetched the CSRF cookie first: three requests, three lines.
    expect([...perRequest.values()]).toEqual([1, 1, 1]);
    const health = written.find((entry) => entry.req?.url === '/api/health');
    expect(health).toMatchObject({ req: { method: 'GET' }, res: { statusCode: 200 } });
    expect(typeof health?.responseTime).toBe('number');
    expect(written.find((entry) => entry.req?.url === '/api/user')?.res.statusCode).toBe(401);
  });
});
