import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmTwoFactorRequestSchema,
  reauthenticateRequestSchema,
  reauthenticateResponseSchema,
  recoveryCodesSchema,
  securityActivityEndpoint,
  securityOverviewSchema,
  securitySessionsSchema,
  sessionParamsSchema,
  signedOutOthersSchema,
  twoFactorSetupSchema,
} from '@portal/contracts/account-security';
import { messageSchema } from '@portal/contracts/errors';
import { listRoute, partnerRoute } from '../../kit/partner-routes.ts';
import { requestOrigin } from '../../lib/audit/audit-log.ts';
import { UnauthenticatedError } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { createAccountSecurityService, type SecurityCaller } from './service.ts';

const tags = ['account-security'];
const noContent = z.null().describe('No content');
const REAUTH_NOTE = ' Needs a re-authentication of this session within the last 5 minutes (POST /api/account-security/reauthenticate), else 403 with code reauthentication_required.';

/**
 * The profile's Security tab (issue 17). Every member may use it for their own account ('portal.use'); everything is
 * scoped to the caller's user id (and the session they call from) inside the statements.
 */
export async function accountSecurityRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const security = createAccountSecurityService({
    pool: app.database.pool,
    config: app.config,
    mailer: app.mailer,
    closeSockets: async (userId) => {
      await app.broadcaster.terminateUserConnections(String(userId));
    },
  });

  function callerOf(request: FastifyRequest): SecurityCaller {
    const user = currentUser(request);
    if (!request.session) throw new UnauthenticatedError();
    return { userId: user.id, email: user.email, sessionId: request.session.id, origin: requestOrigin(request) };
  }

  app.get(
    '/api/account-security',
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'Two-factor state, recovery codes left and the re-authentication of this session',
      response: { 200: securityOverviewSchema },
    }),
    async (request) => security.overview(callerOf(request)),
  );

  app.post(
    '/api/account-security/reauthenticate',
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'Confirm the current password or a TOTP code: two-factor changes are allowed for 5 minutes',
      description: '5 failures a minute, then 429. Each attempt is a security event.',
      body: reauthenticateRequestSchema,
      response: { 200: reauthenticateResponseSchema },
    }),
    async (request) => ({ reauthenticated_until: (await security.reauthenticate(callerOf(request), request.body)).toISOString() }),
  );

  app.post(
    '/api/account-security/two-factor',
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'Start turning two-factor on: a new secret, its otpauth URI and QR code (not on until confirmed)',
      description: `409 when it is on already.${REAUTH_NOTE}`,
      response: { 200: twoFactorSetupSchema, 409: messageSchema },
    }),
    async (request) => security.startTwoFactor(callerOf(request)),
  );

  app.post(
    '/api/account-security/two-factor/confirm',
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'Turn two-factor on with a code of the new secret; answers the recovery codes once',
      description: REAUTH_NOTE.trim(),
      body: confirmTwoFactorRequestSchema,
      response: { 200: recoveryCodesSchema },
    }),
    async (request) => ({ recovery_codes: await security.confirmTwoFactor(callerOf(request), request.body.code) }),
  );

  app.delete(
    '/api/account-security/two-factor',
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'Turn two-factor off (the member is e-mailed a notice)',
      description: `409 when it is off.${REAUTH_NOTE}`,
      response: { 204: noContent, 409: messageSchema },
    }),
    async (request, reply) => {
      await security.disableTwoFactor(callerOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/account-security/recovery-codes',
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'New recovery codes in place of the old ones (shown once)',
      description: `409 when two-factor is off.${REAUTH_NOTE}`,
      response: { 200: recoveryCodesSchema, 409: messageSchema },
    }),
    async (request) => ({ recovery_codes: await security.regenerateRecoveryCodes(callerOf(request)) }),
  );

  app.get(
    '/api/account-security/sessions',
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: "The member's signed-in sessions: device, IP, created, last seen, and which is this one",
      response: { 200: securitySessionsSchema },
    }),
    async (request) => ({ data: await security.listSessions(callerOf(request)) }),
  );

  app.post(
    '/api/account-security/sessions/sign-out-others',
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'Sign out every other device (this session stays); their sockets close and the member is e-mailed',
      response: { 200: signedOutOthersSchema },
    }),
    async (request) => ({ ended: await security.signOutOthers(callerOf(request)) }),
  );

  app.delete(
    '/api/account-security/sessions/:id',
    partnerRoute(app, {
      permission: 'portal.use',
      tags,
      summary: 'End one other session of the member; its sockets close',
      description: "404 for a session that is not the member's (or has ended); 422 for this very session (sign out instead).",
      params: sessionParamsSchema,
      response: { 204: noContent, 404: messageSchema },
    }),
    async (request, reply) => {
      await security.endSession(callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  listRoute(app, {
    endpoint: securityActivityEndpoint,
    permission: 'portal.use',
    tags,
    summary: "The member's security activity: sign-ins, failures, password and two-factor changes, ended sessions",
    list: (user, query) => security.activity(user.id, { page: query.page, perPage: query.per_page }),
  });
}
