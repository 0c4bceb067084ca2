import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { startDatabaseProbe } from './database-probe.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'down']) });

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
}
