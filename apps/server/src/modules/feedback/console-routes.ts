import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '@portal/contracts/errors';
import { feedbackAttachmentParamsSchema, feedbackParamsSchema } from '@portal/contracts/feedback';
import { CONSOLE_FEEDBACK_URL, consoleFeedbackEndpoint, consoleFeedbackOptionsSchema, consoleFeedbackReplyRequestSchema, consoleFeedbackThreadSchema, feedbackAssigneeRequestSchema, feedbackStatusRequestSchema } from '@portal/contracts/console-feedback';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { currentOperator } from '../../plugins/operator-session.ts';
import { findConsolePage } from './repository.ts';
import { sendAttachment } from './routes.ts';
import type { FeedbackService } from './service.ts';

/**
 * The console's support inbox (feedback.manage): every agent's feedback with filters, a thread with its internal
 * notes, replies, notes, status and assignee. Every write is one transaction with its audit row.
 */
export async function consoleFeedbackRoutes(fastify: FastifyInstance, service: FeedbackService): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const permission = 'feedback.manage' as const;
  const tags = ['feedback'];
  const threadResponses = { 200: consoleFeedbackThreadSchema, 404: messageSchema };

  operatorListRoute(app, {
    endpoint: consoleFeedbackEndpoint,
    permission,
    tags,
    summary: 'The support inbox: every feedback thread, by status, category, agent, assignee and search',
    list: (_operator, query) => findConsolePage(pool, query),
  });

  app.get(
    `${CONSOLE_FEEDBACK_URL}/options`,
    operatorRoute(app, { permission, tags, summary: "The inbox's choices: agents with feedback, operators who may be assigned", response: { 200: consoleFeedbackOptionsSchema } }),
    async () => service.options(),
  );

  app.get(
    `${CONSOLE_FEEDBACK_URL}/:id`,
    operatorRoute(app, { permission, tags, summary: 'A feedback thread with every message, internal notes included', params: feedbackParamsSchema, response: threadResponses }),
    async (request) => service.consoleThread(request.params.id),
  );

  app.post(
    `${CONSOLE_FEEDBACK_URL}/:id/replies`,
    operatorRoute(app, {
      permission,
      tags,
      summary: 'Reply to the partner (they are notified live and by e-mail) or add an internal note (`internal: true`)',
      params: feedbackParamsSchema,
      body: consoleFeedbackReplyRequestSchema,
      response: { 201: consoleFeedbackThreadSchema, 404: messageSchema, 409: messageSchema },
    }),
    async (request, reply) =>
      reply.code(201).send(await service.operatorReply(currentOperator(request), request.auditActor, request.params.id, request.body)),
  );

  app.put(
    `${CONSOLE_FEEDBACK_URL}/:id/status`,
    operatorRoute(app, { permission, tags, summary: 'Change the status (new, in review, answered, closed)', params: feedbackParamsSchema, body: feedbackStatusRequestSchema, response: threadResponses }),
    async (request) => service.changeStatus(currentOperator(request), request.auditActor, request.params.id, request.body.status),
  );

  app.put(
    `${CONSOLE_FEEDBACK_URL}/:id/assignee`,
    operatorRoute(app, { permission, tags, summary: 'Assign the thread to an operator of the support inbox, or to nobody', params: feedbackParamsSchema, body: feedbackAssigneeRequestSchema, response: threadResponses }),
    async (request) => service.changeAssignee(currentOperator(request), request.auditActor, request.params.id, request.body.assignee_id),
  );

  app.get(
    `${CONSOLE_FEEDBACK_URL}/:id/attachments/:attachmentId`,
    operatorRoute(app, { permission, tags, summary: 'Download an attachment of a thread', params: feedbackAttachmentParamsSchema, response: { 404: messageSchema } }),
    async (request, reply) => sendAttachment(app, await service.consoleAttachment(request.params.id, request.params.attachmentId), reply),
  );
}
