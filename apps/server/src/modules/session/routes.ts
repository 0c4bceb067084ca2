import { z } from 'zod';
import type { FastifyInstance } from 'fastify';

/** GET /sanctum/csrf-cookie: makes sure there is a session and (re)sets XSRF-TOKEN; 204, no body. */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/sanctum/csrf-cookie',
    { schema: { tags: ['auth'], summary: 'Start a session and set the XSRF-TOKEN cookie', response: { 204: z.null().describe('No content') } } },
    async (request, reply) => {
      await app.sessions.ensure(request, reply);
      return reply.code(204).send();
    },
  );
}
