import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { facilityOptionsSchema } from '@portal/contracts/bookings';
import { currentUser } from '../../plugins/auth-guard.ts';
import { partnerRoute } from '../../kit/partner-routes.ts';
import { findFacilityOptions } from './repository.ts';

/**
 * GET /api/general/get-facilities → [{id, name}] by name: the options of the bookings list's Facility
 * filter. Only facilities the partner's referral agent has bookings at: a facility without any of their
 * bookings could only ever filter the list down to nothing.
 */
export async function facilitiesRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/general/get-facilities',
    partnerRoute(app, {
      tags: ['bookings'],
      summary: "Facilities of the partner's bookings, for the Facility filter",
      response: { 200: facilityOptionsSchema },
    }),
    async (request) => findFacilityOptions(app.database.pool, currentUser(request).referralAgentId),
  );
}
