import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  agentChoicesSchema,
  audienceQuerySchema,
  audienceSizeSchema,
  notificationBroadcastSchema,
  notificationBroadcastsEndpoint,
  partnerChoicesSchema,
  recipientSearchQuerySchema,
  sendNotificationRequestSchema,
} from '@portal/contracts/console-notifications';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { currentOperator } from '../../plugins/operator-session.ts';
import { BROADCAST_JOB, BROADCAST_RETRY_LIMIT, createBroadcastService, type BroadcastJobData } from './broadcasts.ts';
import { listBroadcasts, searchAgents, searchPartners } from './broadcasts-repository.ts';

/**
 * The console's Notifications page (issue 14), every endpoint for `notifications.send` (admin, content, support):
 *   GET  /api/console/notifications                 the history, newest first (paged, search, audience filter)
 *   POST /api/console/notifications                 send one: to a partner, an agent's partners, or all partners
 *   GET  /api/console/notifications/audience        how many a send would reach now, and whether it queues
 *   GET  /api/console/notifications/partners        approved partners to choose from (?search=)
 *   GET  /api/console/notifications/agents          referral agents to choose from, with their partners counted
 * and the job that fans a large send out ('notifications.broadcast', idempotent by the send's id).
 */
export async function consoleNotificationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const broadcasts = createBroadcastService({ pool, broadcaster: app.broadcaster, jobs: app.jobs, mail: { mailer: app.mailer, appUrl: app.config.appUrl } });
  const url = notificationBroadcastsEndpoint.url;
  const tags = ['console-notifications'];

  app.jobs.define<BroadcastJobData>({
    name: BROADCAST_JOB,
    retryLimit: BROADCAST_RETRY_LIMIT,
    retryDelaySeconds: 30,
    handle: (data, job) => broadcasts.fanOut(data.broadcastId, job),
    describe: (data) => ({ broadcast: data.broadcastId }),
  });

  operatorListRoute(app, {
    endpoint: notificationBroadcastsEndpoint,
    permission: 'notifications.send',
    tags,
    summary: 'What operators and the admin command sent: audience, sender, recipients, state; newest first',
    list: (_operator, query) => listBroadcasts(pool, query),
  });

  app.post(
    url,
    operatorRoute(app, {
      permission: 'notifications.send',
      tags,
      summary: 'Send a notification to a partner, to every approved partner of an agent, or to every approved partner',
      description:
        'Stored per partner through the notification service (in Arabic for partners whose language is Arabic, when an Arabic version is given) and pushed live. A partner, or an agent with at most 200 partners, is sent at once (state `sent`); all partners and larger agents are queued (state `queued`, then `sending` and `sent`). The history row, the audit row and the job are one transaction.',
      body: sendNotificationRequestSchema,
      response: { 201: notificationBroadcastSchema },
    }),
    async (request, reply) => {
      const operator = currentOperator(request);
      const sent = await broadcasts.send(
        request.body,
        { type: 'operator', operatorId: operator.id, name: operator.name },
        request.auditActor,
      );
      return reply.code(201).send(sent);
    },
  );

  app.get(
    `${url}/audience`,
    operatorRoute(app, {
      permission: 'notifications.send',
      tags,
      summary: 'How many approved partners a send would reach now, and whether it would be queued',
      querystring: audienceQuerySchema,
      response: { 200: audienceSizeSchema },
    }),
    async (request) => broadcasts.audienceSize(request.query),
  );

  app.get(
    `${url}/partners`,
    operatorRoute(app, {
      permission: 'notifications.send',
      tags,
      summary: 'Approved partners matching a name, e-mail address or organisation (the best ten)',
      querystring: recipientSearchQuerySchema,
      response: { 200: partnerChoicesSchema },
    }),
    async (request) => ({ data: await searchPartners(pool, request.query.search) }),
  );

  app.get(
    `${url}/agents`,
    operatorRoute(app, {
      permission: 'notifications.send',
      tags,
      summary: 'Referral agents matching a name (the best ten), with their approved partners counted',
      querystring: recipientSearchQuerySchema,
      response: { 200: agentChoicesSchema },
    }),
    async (request) => ({ data: await searchAgents(pool, request.query.search) }),
  );
}
