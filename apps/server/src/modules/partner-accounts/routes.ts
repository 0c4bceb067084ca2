import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '@portal/contracts/errors';
import {
  partnerAccountActionResultSchema,
  partnerAccountDetailSchema,
  partnerAccountParamsSchema,
  partnerAccountsEndpoint,
  suspendPartnerRequestSchema,
  type PartnerAccountActionResult,
  type PartnerAccountStatus,
} from '@portal/contracts/console-partners';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { createApprovalService, OperatorError } from '../auth/public.ts';
import { PARTNER_ACCOUNT_MESSAGES } from './messages.ts';
import { deletePartnerSessions, findPartnerAccount, listPartnerAccounts, lockPartnerAccount, setPartnerStatus } from './repository.ts';

/**
 * The Partners page's endpoints. Each write is one transaction with its audit row (actor: the operator, with role, IP
 * and user agent); a partner whose sessions end has its open tabs closed after the commit, as a password change does.
 */
export async function partnerAccountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;

  /**
   * Runs `change` on the locked account in a transaction and records what it did; the account's sockets close after
   * the commit when sessions ended.
   */
  async function changeAccount(
    request: FastifyRequest,
    userId: number,
    change: (account: { id: number; email: string; status: PartnerAccountStatus }, client: Queryable) => Promise<{
      status: PartnerAccountStatus;
      endedSessions: number;
      action: string;
      reason?: string;
    }>,
  ): Promise<PartnerAccountActionResult> {
    const result = await inTransaction(pool, async (client) => {
      const account = await lockPartnerAccount(client, userId);
      if (!account) throw new NotFoundError();
      const done = await change(account, client);
      await recordAudit(client, request.auditActor, {
        action: done.action,
        target: { type: 'user', id: userId },
        before: { status: account.status },
        after: { status: done.status, ended_sessions: done.endedSessions },
        reason: done.reason ?? null,
      });
      return { id: userId, status: done.status, ended_sessions: done.endedSessions };
    });
    if (result.ended_sessions > 0) await app.broadcaster.terminateUserConnections(String(userId));
    return result;
  }

  const actionResponses = { 200: partnerAccountActionResultSchema, 404: messageSchema, 409: messageSchema };

  operatorListRoute(app, {
    endpoint: partnerAccountsEndpoint,
    permission: 'partners.read',
    tags: ['partner-accounts'],
    summary: 'Every partner account: search by name, e-mail, organisation or agent; filter by status',
    list: (_operator, query) => listPartnerAccounts(pool, query),
  });

  app.get(
    `${partnerAccountsEndpoint.url}/:id`,
    operatorRoute(app, {
      permission: 'partners.read',
      tags: ['partner-accounts'],
      summary: 'A partner account: status, referral agent, group, type, industry, sessions and sign-in history',
      params: partnerAccountParamsSchema,
      response: { 200: partnerAccountDetailSchema, 404: messageSchema },
    }),
    async (request) => {
      const account = await findPartnerAccount(pool, request.params.id);
      if (!account) throw new NotFoundError();
      return account;
    },
  );

  app.post(
    `${partnerAccountsEndpoint.url}/:id/suspend`,
    operatorRoute(app, {
      permission: 'partners.manage',
      tags: ['partner-accounts'],
      summary: 'Suspend an approved account, with a reason: it cannot sign in, and its sessions end',
      params: partnerAccountParamsSchema,
      body: suspendPartnerRequestSchema,
      response: actionResponses,
    }),
    async (request) =>
      changeAccount(request, request.params.id, async (account, client) => {
        if (account.status !== 'approved') throw new ConflictError(PARTNER_ACCOUNT_MESSAGES.notApproved);
        await setPartnerStatus(client, account.id, 'suspended');
        return { status: 'suspended', endedSessions: await deletePartnerSessions(client, account.id), action: 'partner.suspended', reason: request.body.reason };
      }),
  );

  app.post(
    `${partnerAccountsEndpoint.url}/:id/reactivate`,
    operatorRoute(app, {
      permission: 'partners.manage',
      tags: ['partner-accounts'],
      summary: 'Reactivate a suspended account: it signs in again as before',
      params: partnerAccountParamsSchema,
      response: actionResponses,
    }),
    async (request) =>
      changeAccount(request, request.params.id, async (account, client) => {
        if (account.status !== 'suspended') throw new ConflictError(PARTNER_ACCOUNT_MESSAGES.notSuspended);
        await setPartnerStatus(client, account.id, 'approved');
        return { status: 'approved', endedSessions: 0, action: 'partner.reactivated' };
      }),
  );

  app.post(
    `${partnerAccountsEndpoint.url}/:id/end-sessions`,
    operatorRoute(app, {
      permission: 'partners.manage',
      tags: ['partner-accounts'],
      summary: "End every session of the account (its open tabs are signed out); the account's status stays",
      params: partnerAccountParamsSchema,
      response: actionResponses,
    }),
    async (request) =>
      changeAccount(request, request.params.id, async (account, client) => ({
        status: account.status,
        endedSessions: await deletePartnerSessions(client, account.id),
        action: 'partner.sessions_ended',
      })),
  );

  app.post(
    `${partnerAccountsEndpoint.url}/:id/send-login-link`,
    operatorRoute(app, {
      permission: 'partners.manage',
      tags: ['partner-accounts'],
      summary: 'E-mail a new one-time sign-in link to an approved account',
      description: 'The same service as `npm run admin -- send-login-link`: the link, the queued e-mail and the audit row are one transaction.',
      params: partnerAccountParamsSchema,
      response: actionResponses,
    }),
    async (request) => {
      const account = await findPartnerAccount(pool, request.params.id);
      if (!account) throw new NotFoundError();
      if (account.status !== 'approved') throw new ConflictError(PARTNER_ACCOUNT_MESSAGES.noLinkUnlessApproved);
      const approval = createApprovalService({ pool, config: app.config, mailer: app.mailer, actor: request.auditActor });
      try {
        await approval.sendLoginLink(account.email);
      } catch (error) {
        // Its status changed between the two reads.
        if (error instanceof OperatorError) throw new ConflictError(PARTNER_ACCOUNT_MESSAGES.noLinkUnlessApproved);
        throw error;
      }
      return { id: account.id, status: account.status, ended_sessions: 0 };
    },
  );
}
