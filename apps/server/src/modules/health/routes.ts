import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { startDatabaseProbe } from './database-probe.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'down']) });
const readinessSchema = healthSchema.extend({ jobs: z.enum(['ok', 'down']) });

/** GET /api/health: `{status: 'ok'}` while the database answers its probe, 503 when it does not. */
export async function healthRoutes(app: FastifyInstance, options: { probeIntervalMs?: number } = {}): Promise<void> {
  const probe = await startDatabaseProbe(app.database.pool, { intervalMs: options.probeIntervalMs ?? 2000 });
  app.addHook('onClose', async () => probe.stop());

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      if (probe.healthy()) return { status: 'ok' as const, database: 'ok' as const };
      return reply.code(503).send({ status: 'unavailable' as const, database: 'down' as const });
    },
  );

  // For a load balancer or Kubernetes (docs/production.md): alive while the process answers at all (restart it when
  // not); ready only while the database answers and the job queue has started (send it no traffic when not).
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health/live',
    { schema: { tags: ['system'], summary: 'Liveness: the process answers', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers and the job queue has started',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const database = probe.healthy() ? ('ok' as const) : ('down' as const);
      const jobs = app.jobs.started ? ('ok' as const) : ('down' as const);
      const ready = database === 'ok' && jobs === 'ok';
      return reply.code(ready ? 200 : 503).send({ status: ready ? ('ok' as const) : ('unavailable' as const), database, jobs });
    },
  );
}
