import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { facilityOptionsSchema } from '@portal/contracts/bookings';
import { referralScope } from '@portal/contracts/partner-roles';
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
      permission: 'referrals.read',
      tags: ['bookings'],
      summary: "Facilities of the partner's bookings, for the Facility filter",
      response: { 200: facilityOptionsSchema },
    }),
    async (request) => {
      const user = currentUser(request);
      // An 'agent' member's filter offers the facilities of their own referrals only.
      return findFacilityOptions(app.database.pool, user.referralAgentId, referralScope(user.role) === 'own' ? user.id : undefined);
    },
  );
}
