import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { facilityOptionsSchema } from '@portal/contracts/bookings';
import { forbiddenSchema, messageSchema } from '@portal/contracts/errors';
import { currentUser } from '../../plugins/auth-guard.ts';
import { findFacilityOptions } from './repository.ts';

/**
 * GET /api/general/get-facilities → [{id, name}] by name: the options of the bookings list's Facility
 * filter. Only facilities the partner's referral agent has bookings at: a facility without any of their
 * bookings could only ever filter the list down to nothing.
 */
export async function facilitiesRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/general/get-facilities',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['bookings'],
        summary: "Facilities of the partner's bookings, for the Facility filter",
        response: { 200: facilityOptionsSchema, 401: messageSchema, 403: forbiddenSchema },
      },
    },
    async (request) => findFacilityOptions(app.database.pool, currentUser(request).referralAgentId),
  );
}
