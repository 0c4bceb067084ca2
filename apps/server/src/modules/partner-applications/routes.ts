import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '@portal/contracts/errors';
import {
  partnerApplicationDecisionSchema,
  partnerApplicationParamsSchema,
  partnerApplicationsEndpoint,
  rejectPartnerApplicationRequestSchema,
} from '@portal/contracts/partner-applications';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { createApprovalService } from '../auth/public.ts';
import { notifyAccountApproved } from '../notifications/public.ts';
import { PARTNER_APPLICATION_MESSAGES } from './messages.ts';
import { findApplicant, listPartnerApplications } from './repository.ts';

/**
 * The pending queue, and the two decisions. Both go through the same approval service as `npm run admin -- approve`
 * and `reject` (modules/auth/approval.ts): the status change, the e-mail (queued), the audit row naming the operator
 * and the reason are one transaction there.
 */
export async function partnerApplicationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** The approval service acting as this request's operator. */
  function approvalFor(request: FastifyRequest) {
    return createApprovalService({
      pool: app.database.pool,
      config: app.config,
      mailer: app.mailer,
      actor: request.auditActor,
      // After the commit: the "account approved" notification waiting in the portal, as the CLI leaves it. The
      // approval stands if this fails; the log says so.
      onApproved: async (userId) => {
        try {
          await notifyAccountApproved(app.notifications, userId);
        } catch (error) {
          request.log.error({ err: error, userId }, 'the "account approved" notification could not be stored');
        }
      },
      // A rejected account's sessions are deleted in the rejection's transaction; its open tabs are closed here.
      endSessions: async (userId) => {
        await app.broadcaster.terminateUserConnections(String(userId));
      },
    });
  }

  /** The pending applicant, or the answer that says why not. */
  async function pendingApplicant(id: number) {
    const applicant = await findApplicant(app.database.pool, id);
    if (!applicant) throw new NotFoundError();
    if (applicant.status !== 'pending') throw new ConflictError(PARTNER_APPLICATION_MESSAGES.alreadyDecided);
    return applicant;
  }

  operatorListRoute(app, {
    endpoint: partnerApplicationsEndpoint,
    permission: 'applications.review',
    tags: ['partner-applications'],
    summary: 'Registrations waiting for approval, oldest first',
    list: (_operator, query) => listPartnerApplications(app.database.pool, query),
  });

  app.post(
    `${partnerApplicationsEndpoint.url}/:id/approve`,
    operatorRoute(app, {
      permission: 'applications.review',
      tags: ['partner-applications'],
      summary: 'Approve a registration: the partner is e-mailed a one-time sign-in link',
      params: partnerApplicationParamsSchema,
      response: { 200: partnerApplicationDecisionSchema, 404: messageSchema, 409: messageSchema },
    }),
    async (request) => {
      const applicant = await pendingApplicant(request.params.id);
      await approvalFor(request).approveRegistration(applicant.email);
      return { id: applicant.id, email: applicant.email, status: 'approved' as const };
    },
  );

  app.post(
    `${partnerApplicationsEndpoint.url}/:id/reject`,
    operatorRoute(app, {
      permission: 'applications.review',
      tags: ['partner-applications'],
      summary: 'Reject a registration with a reason: the partner is e-mailed that it was not approved',
      description: 'The reason is kept in the audit log, for operators; the e-mail does not quote it.',
      params: partnerApplicationParamsSchema,
      body: rejectPartnerApplicationRequestSchema,
      response: { 200: partnerApplicationDecisionSchema, 404: messageSchema, 409: messageSchema },
    }),
    async (request) => {
      const applicant = await pendingApplicant(request.params.id);
      await approvalFor(request).rejectRegistration(applicant.email, { reason: request.body.reason });
      return { id: applicant.id, email: applicant.email, status: 'rejected' as const };
    },
  );
}
