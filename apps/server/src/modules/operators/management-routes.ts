import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '@portal/contracts/errors';
import {
  OPERATOR_INVITATION_URL,
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  changeOperatorRoleRequestSchema,
  invitationLookupRequestSchema,
  invitationSchema,
  inviteOperatorRequestSchema,
  operatorAccountActionResultSchema,
  operatorAccountParamsSchema,
  operatorAccountSchema,
  operatorAccountsEndpoint,
  operatorActionReasonSchema,
} from '@portal/contracts/console-operators';
import { operatorListRoute, operatorRoute, publicConsoleRoute } from '../../kit/operator-routes.ts';
import { requestOrigin } from '../../lib/audit/audit-log.ts';
import { currentOperator } from '../../plugins/operator-session.ts';
import { listOperatorAccounts } from './management-repository.ts';
import { createInvitationService, createOperatorManagementService, type ActingOperator } from './management-service.ts';

/**
 * The Operators page's endpoints (issue 14): operators.manage, which only admins hold. The invitee's two steps are
 * public console routes: the link's token is their credential.
 */
export async function operatorManagementRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const management = createOperatorManagementService({ pool, config: app.config, mailer: app.mailer });
  const invitations = createInvitationService({ pool, config: app.config });

  function acting(request: FastifyRequest): ActingOperator {
    const operator = currentOperator(request);
    return { id: operator.id, name: operator.name, role: operator.role, actor: request.auditActor };
  }

  const actionResponses = { 200: operatorAccountActionResultSchema, 404: messageSchema, 409: messageSchema };
  const tags = ['operators'];
  const url = operatorAccountsEndpoint.url;

  operatorListRoute(app, {
    endpoint: operatorAccountsEndpoint,
    permission: 'operators.manage',
    tags,
    summary: 'Every operator: name, e-mail, role, status (invited, active, disabled), two-factor, last sign-in',
    list: (_operator, query) => listOperatorAccounts(pool, query),
  });

  app.post(
    url,
    operatorRoute(app, {
      permission: 'operators.manage',
      tags,
      summary: 'Invite an operator: the account, and an e-mail with a one-time link to choose a password',
      description:
        'The same service as `npm run admin -- create-operator`. Two-factor is enrolled at the first sign-in. ' +
        'An e-mail address that an operator has already is a 422 on `email`.',
      body: inviteOperatorRequestSchema,
      response: { 201: operatorAccountSchema },
    }),
    async (request, reply) => reply.code(201).send(await management.invite(acting(request), request.body)),
  );

  app.post(
    `${url}/:id/role`,
    operatorRoute(app, {
      permission: 'operators.manage',
      tags,
      summary: "Change an operator's role",
      description: 'Refused (409): your own role, the role they have, and demoting the last active admin.',
      params: operatorAccountParamsSchema,
      body: changeOperatorRoleRequestSchema,
      response: actionResponses,
    }),
    async (request) => management.changeRole(acting(request), request.params.id, request.body.role),
  );

  app.post(
    `${url}/:id/disable`,
    operatorRoute(app, {
      permission: 'operators.manage',
      tags,
      summary: 'Disable an operator, with a reason: they cannot sign in, and their sessions end',
      description: 'Refused (409): yourself, a disabled operator, and the last active admin.',
      params: operatorAccountParamsSchema,
      body: operatorActionReasonSchema,
      response: actionResponses,
    }),
    async (request) => management.disable(acting(request), request.params.id, request.body.reason),
  );

  app.post(
    `${url}/:id/enable`,
    operatorRoute(app, {
      permission: 'operators.manage',
      tags,
      summary: 'Re-enable a disabled operator',
      params: operatorAccountParamsSchema,
      response: actionResponses,
    }),
    async (request) => management.enable(acting(request), request.params.id),
  );

  app.post(
    `${url}/:id/reset-two-factor`,
    operatorRoute(app, {
      permission: 'operators.manage',
      tags,
      summary: "Reset an operator's two-factor, with a reason: their sessions end and their next sign-in enrols a new app",
      description: 'Refused (409): yourself, and an operator who has not enrolled.',
      params: operatorAccountParamsSchema,
      body: operatorActionReasonSchema,
      response: actionResponses,
    }),
    async (request) => management.resetTwoFactor(acting(request), request.params.id, request.body.reason),
  );

  app.post(
    `${url}/:id/resend-invitation`,
    operatorRoute(app, {
      permission: 'operators.manage',
      tags,
      summary: 'E-mail a new invitation link (the previous one stops working)',
      description: 'Refused (409) once the invitation is accepted.',
      params: operatorAccountParamsSchema,
      response: actionResponses,
    }),
    async (request) => management.resendInvitation(acting(request), request.params.id),
  );

  app.post(
    OPERATOR_INVITATION_URL,
    publicConsoleRoute(app, {
      tags,
      summary: 'Who an invitation link invites (the page greets them); 422 on `token` when it is spent or expired',
      description: 'A POST, so the token stays out of URLs and logs.',
      body: invitationLookupRequestSchema,
      response: { 200: invitationSchema },
    }),
    async (request) => invitations.lookUp(request.body.token),
  );

  app.post(
    `${OPERATOR_INVITATION_URL}/accept`,
    publicConsoleRoute(app, {
      tags,
      summary: 'Choose the password of an invitation; the link is spent',
      description: 'Nobody is signed in: the invitee signs in with the password, and the first sign-in enrols two-factor.',
      body: acceptInvitationRequestSchema,
      response: { 200: acceptInvitationResponseSchema },
    }),
    async (request) => invitations.accept(request.body, requestOrigin(request)),
  );
}
