import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds; from a cached read (a few ms) to an export of a whole ledger (tens of seconds). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** The job states a queue's depth and failures are read from (lib/jobs/job-queue.ts, queueSummaries). */
const JOB_STATES = ['queued', 'retrying', 'active', 'failed'] as const;

/**
 * Prometheus metrics (docs/production.md, Metrics) at GET /metrics, in the text format, for whoever sends
 * `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN the route answers 404, as any unknown path.
 *
 * - `http_request_duration_seconds{method,route,status_code}`: a histogram per route pattern (`/api/bookings/:id`,
 *   never the raw URL, whose ids would make a series per booking); `unmatched` for paths no route has.
 * - `portal_jobs{queue,state}`: each job queue's depth (queued, retrying, active) and failed jobs (the dead letters
 *   the console lists), read from the queue's tables at each scrape, so every process reports the same figures.
 * - `portal_websocket_connections`: this process's open realtime sockets (the embedded Pusher service).
 * - Node's own: CPU, memory, event-loop lag, handles (prom-client's defaults, prefixed `portal_`).
 *
 * Each process has its own registry and answers for itself: Prometheus scrapes every process (one per container;
 * with WEB_CONCURRENCY above 1 a scrape reaches one worker of the port, so run one process per container instead).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const token = app.config.metricsToken;
    if (!token) {
      // Nobody may read them: nothing is measured (no hook on every request, no timers of the default metrics).
      app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => reply.code(404).send({ message: 'Not found.' }));
      return;
    }
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'portal_' });

    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      latency.observe({ method: request.method, route: routeOf(request), status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    new Gauge({
      name: 'portal_jobs',
      help: 'Jobs of each queue by state: queued, retrying and active (the depth) and failed (the dead letters)',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        if (!app.jobs.started) return;
        try {
          for (const summary of await app.jobs.queueSummaries()) {
            for (const state of JOB_STATES) this.set({ queue: summary.name, state }, summary[state]);
          }
        } catch (error) {
          // The database away: the scrape still answers, without these figures (the readiness check says why).
          app.log.warn({ err: error }, 'metrics: the job queues could not be read');
        }
      },
    });

    new Gauge({
      name: 'portal_websocket_connections',
      help: "Open websocket connections of this process's realtime service",
      registers: [registry],
      collect() {
        this.set(app.realtime?.stats().connections ?? 0);
      },
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request, token)) {
        return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: 'A valid bearer token is required.' });
      }
      return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
    });
  },
  { name: 'metrics', dependencies: ['jobs', 'realtime'] },
);

function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
