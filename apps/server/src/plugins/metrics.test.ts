import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestContext } from '../test/test-app.ts';

const TOKEN = 'metrics-token-0123456789abcdefghij';

/** The value of one sample line of the text format, e.g. `portal_jobs{queue="x",state="failed"}`. */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let context: TestContext;
  let port: number;

  beforeAll(async () => {
    context = await createTestApp(
      { METRICS_TOKEN: TOKEN },
      {
        extend: (app) => {
          app.jobs.define({
            name: 'test.metrics-report',
            retryLimit: 0,
            async handle() {
              throw new Error('The report service answered 503');
            },
          });
        },
      },
    );
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    port = (context.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await context.close();
  });

  const scrape = () => context.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('answers only the bearer of METRICS_TOKEN', async () => {
    const anonymous = await context.app.inject({ method: 'GET', url: '/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(anonymous.body).not.toContain('http_request_duration_seconds');
    const wrong = await context.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` } });
    expect(wrong.statusCode).toBe(401);

    const answer = await scrape();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    expect(answer.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(answer.body).toContain('portal_process_resident_memory_bytes');
  });

  it('times requests by route pattern, not by URL', async () => {
    await context.app.inject({ method: 'GET', url: '/api/health/live' });
    // Refused (not signed in), and still timed under the route they reached.
    await context.app.inject({ method: 'DELETE', url: '/api/notifications/123' });
    await context.app.inject({ method: 'DELETE', url: '/api/notifications/456' });
    const body = (await scrape()).body;
    expect(sample(body, 'http_request_duration_seconds_count{method="GET",route="/api/health/live",status_code="200"}')).toBeGreaterThanOrEqual(1);
    const deletes = body.split('\n').filter((line) => line.startsWith('http_request_duration_seconds_count{method="DELETE"'));
    expect(deletes).toHaveLength(1);
    expect(deletes[0]).toContain('route="/api/notifications/:id"');
    expect(deletes[0]).toMatch(/ 2$/);
    expect(body).not.toContain('/123');
    expect(body).not.toContain('/456');
  });

  it("reports each job queue's depth and failed jobs", async () => {
    await context.app.jobs.send('test.metrics-report', {});
    await context.app.jobs.send('test.metrics-report', {});
    expect(sample((await scrape()).body, 'portal_jobs{queue="test.metrics-report",state="queued"}')).toBe(2);

    await context.app.jobs.drain({ names: ['test.metrics-report'] });
    const body = (await scrape()).body;
    expect(sample(body, 'portal_jobs{queue="test.metrics-report",state="queued"}')).toBe(0);
    expect(sample(body, 'portal_jobs{queue="test.metrics-report",state="failed"}')).toBe(2);
  });

  it('counts open websocket connections', async () => {
    expect(sample((await scrape()).body, 'portal_websocket_connections')).toBe(0);
    const socket = new WebSocket(`ws://127.0.0.1:${port}/app/${context.config.pusher.key}?protocol=7`);
    await new Promise<void>((resolve, reject) => {
      socket.once('message', () => resolve());
      socket.once('error', reject);
    });
    expect(sample((await scrape()).body, 'portal_websocket_connections')).toBe(1);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.close();
    await closed;
    await expect.poll(async () => sample((await scrape()).body, 'portal_websocket_connections')).toBe(0);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not served', async () => {
    const context = await createTestApp();
    try {
      const answer = await context.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer anything-at-all-0123456789' } });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('http_request_duration_seconds');
    } finally {
      await context.close();
    }
  });
});
