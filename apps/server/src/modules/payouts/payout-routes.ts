import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONSOLE_PAYOUT_BATCHES_URL,
  CONSOLE_PAYOUT_THRESHOLDS_URL,
  payoutApprovalThresholdRequestSchema,
  payoutThresholdParamsSchema,
  payoutApprovalThresholdsSchema,
  payoutBatchParamsSchema,
  payoutBatchProposalSchema,
  payoutBatchProposalsSchema,
  payoutBatchRequestSchema,
  payoutBatchResultSchema,
  CONSOLE_PAYOUT_BANK_FILE_URL,
  CONSOLE_PAYOUT_RUN_URL,
  CONSOLE_PAYOUT_SCHEDULES_URL,
  consolePayoutDetailSchema,
  consolePayoutsEndpoint,
  markPayoutFailedRequestSchema,
  markPayoutPaidRequestSchema,
  payoutActionResultSchema,
  payoutBankFileQuerySchema,
  payoutParamsSchema,
  payoutRunResultSchema,
  payoutScheduleParamsSchema,
  payoutScheduleRequestSchema,
  payoutSchedulesSchema,
} from '@portal/contracts/console-earnings';
import { CONTENT_SHA256_HEADER, payoutsEndpoint } from '@portal/contracts/earnings';
import { forbiddenSchema, messageSchema } from '@portal/contracts/errors';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { listRoute, partnerRoute } from '../../kit/partner-routes.ts';
import { utcDay } from '../../lib/calendar-days.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import type { Payouts } from './payouts.ts';
import { findPayoutLines } from '../commission-ledger/public.ts';
import { batchProposals, findAgentPayout, findConsolePayoutsPage, findPayout, findPayoutsPage, payoutSchedules, payoutThresholds } from './repository.ts';


/**
 * Payouts' routes (docs/earnings.md): the partner's payouts and statements (payouts.read: the whole agent's); the
 * console's schedules, batches and steps (earnings.read to look, earnings.manage to act; every act audited).
 */
export async function payoutRoutes(fastify: FastifyInstance, options: { payouts: Payouts }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const { payouts } = options;

  listRoute(app, {
    endpoint: payoutsEndpoint,
    permission: 'payouts.read',
    tags: ['earnings'],
    summary: "The agent's payouts, newest first: filter by status and currency",
    list: (user, query) => findPayoutsPage(pool, user.referralAgentId, query),
  });

  app.get(
    `${payoutsEndpoint.url}/:id/statement`,
    partnerRoute(app, { permission: 'payouts.read', tags: ['earnings'], summary: "A paid payout's self-billing statement (PDF, the same bytes every time; its SHA-256 in X-Content-SHA256)", params: payoutParamsSchema, response: { 404: messageSchema } }),
    async (request, reply) => {
      const payout = await findAgentPayout(pool, currentUser(request).referralAgentId, request.params.id);
      if (!payout || payout.status !== 'paid') throw new NotFoundError();
      const statement = await payouts.statement(pool, payout.id);
      const stream = await app.storage.read(statement.file);
      return reply.headers({ ...app.storage.downloadHeaders(statement.file, { disposition: 'attachment' }), [CONTENT_SHA256_HEADER]: statement.sha256 }).send(stream as never);
    },
  );

  const TAGS = ['console-earnings'];

  app.get(
    CONSOLE_PAYOUT_SCHEDULES_URL,
    operatorRoute(app, { permission: 'earnings.read', tags: TAGS, summary: "Each currency's payout minimum and day, what is approved and waiting, and the next run", response: { 200: payoutSchedulesSchema } }),
    async () => ({ schedules: await payoutSchedules(pool, utcDay(new Date())) }),
  );

  app.put(
    `${CONSOLE_PAYOUT_SCHEDULES_URL}/:currency`,
    operatorRoute(app, { permission: 'earnings.manage', tags: TAGS, summary: "Set a currency's payout minimum and day of the month (audited)", params: payoutScheduleParamsSchema, body: payoutScheduleRequestSchema, response: { 200: payoutSchedulesSchema } }),
    async (request) => {
      await payouts.setSchedule(pool, request.auditActor, request.params.currency, request.body);
      return { schedules: await payoutSchedules(pool, utcDay(new Date())) };
    },
  );

  app.post(
    CONSOLE_PAYOUT_RUN_URL,
    operatorRoute(app, { permission: 'earnings.manage', tags: TAGS, summary: "Build today's payouts now, in every currency (the daily run builds those whose day it is)", response: { 200: payoutRunResultSchema } }),
    async () => {
      const result = await payouts.run(pool, utcDay(new Date()), { everyCurrency: true });
      return { payouts: result.payouts, carried_forward: result.carriedForward, held: result.held };
    },
  );

  operatorListRoute(app, {
    endpoint: consolePayoutsEndpoint,
    permission: 'earnings.read',
    tags: TAGS,
    summary: "Every agent's payouts: filter by status, currency, agent and run day (a batch)",
    list: (_operator, query) => findConsolePayoutsPage(pool, query),
  });

  app.get(
    `${consolePayoutsEndpoint.url}/:id`,
    operatorRoute(app, { permission: 'earnings.read', tags: TAGS, summary: 'A payout and its lines', params: payoutParamsSchema, response: { 200: consolePayoutDetailSchema } }),
    async (request) => {
      const payout = await findPayout(pool, request.params.id);
      if (!payout) throw new NotFoundError();
      return { payout, lines: await findPayoutLines(pool, payout.id) };
    },
  );

  app.get(
    CONSOLE_PAYOUT_BANK_FILE_URL,
    operatorRoute(app, {
      permission: 'earnings.manage',
      tags: TAGS,
      summary: "A batch's draft payouts as a bank file: CSV, or a SEPA pain.001 credit transfer for euros (audited: it holds full accounts)",
      querystring: payoutBankFileQuerySchema,
      response: {},
    }),
    async (request, reply) => {
      const file = await payouts.bankFile(pool, request.auditActor, request.query);
      return reply
        .headers({
          'content-type': file.contentType,
          'content-disposition': `attachment; filename="${file.name}"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'x-payouts-left-out': String(file.leftOut),
        })
        .send(file.body as never);
    },
  );

  // Four eyes (issue 31): the thresholds (admins edit them), the batch proposals, proposing and approving.
  app.get(
    CONSOLE_PAYOUT_THRESHOLDS_URL,
    operatorRoute(app, { permission: 'earnings.read', tags: TAGS, summary: 'The amounts above which a payout batch needs a second operator, per currency', response: { 200: payoutApprovalThresholdsSchema } }),
    async () => ({ thresholds: await payoutThresholds(pool) }),
  );
  app.put(
    `${CONSOLE_PAYOUT_THRESHOLDS_URL}/:currency`,
    operatorRoute(app, {
      permission: 'finance_controls.manage',
      tags: TAGS,
      summary: "Set a currency's four-eyes threshold: a batch above it needs a second operator (admins; audited)",
      params: payoutThresholdParamsSchema,
      body: payoutApprovalThresholdRequestSchema,
      response: { 200: payoutApprovalThresholdsSchema },
    }),
    async (request) => {
      await payouts.batches.setThreshold(pool, request.auditActor, request.params.currency, request.body.threshold);
      return { thresholds: await payoutThresholds(pool) };
    },
  );
  app.delete(
    `${CONSOLE_PAYOUT_THRESHOLDS_URL}/:currency`,
    operatorRoute(app, {
      permission: 'finance_controls.manage',
      tags: TAGS,
      summary: "Remove a currency's four-eyes threshold: its batches then need one operator (admins; audited)",
      params: payoutThresholdParamsSchema,
      response: { 200: payoutApprovalThresholdsSchema, 404: messageSchema },
    }),
    async (request) => {
      await payouts.batches.removeThreshold(pool, request.auditActor, request.params.currency);
      return { thresholds: await payoutThresholds(pool) };
    },
  );
  app.get(
    CONSOLE_PAYOUT_BATCHES_URL,
    operatorRoute(app, { permission: 'earnings.read', tags: TAGS, summary: 'Payout batches proposed for sending: those awaiting a second approval first, then the latest decided', response: { 200: payoutBatchProposalsSchema } }),
    async () => ({ proposals: await batchProposals(pool) }),
  );
  app.post(
    CONSOLE_PAYOUT_BATCHES_URL,
    operatorRoute(app, {
      permission: 'earnings.manage',
      tags: TAGS,
      summary: "Send a batch's drafts to verified accounts: at once within its currency's threshold, else proposed for a second operator's approval (audited)",
      body: payoutBatchRequestSchema,
      response: { 200: payoutBatchResultSchema, 409: messageSchema },
    }),
    async (request) => payouts.batches.propose(pool, request.auditActor, request.body),
  );
  app.post(
    `${CONSOLE_PAYOUT_BATCHES_URL}/:id/approve`,
    operatorRoute(app, {
      permission: 'earnings.manage',
      tags: TAGS,
      summary: 'Approve a proposed batch as a second operator: its payouts are sent (audited with both names; the proposer gets 403)',
      params: payoutBatchParamsSchema,
      response: { 200: payoutBatchProposalSchema, 409: messageSchema },
    }),
    async (request) => payouts.batches.approve(pool, request.auditActor, request.params.id),
  );
  app.post(
    `${CONSOLE_PAYOUT_BATCHES_URL}/:id/withdraw`,
    operatorRoute(app, {
      permission: 'earnings.manage',
      tags: TAGS,
      summary: 'Withdraw a proposed batch: its payouts stay drafts and it may be proposed again (audited with who proposed and who withdrew)',
      params: payoutBatchParamsSchema,
      response: { 200: payoutBatchProposalSchema, 409: messageSchema },
    }),
    async (request) => payouts.batches.withdraw(pool, request.auditActor, request.params.id),
  );

  const answer = async (id: number) => ({ payout: (await findPayout(pool, id))! });
  // A 409 with its code when the client must act on it (four_eyes_required: propose the batch instead).
  const stateConflict = { 409: forbiddenSchema };
  app.post(
    `${consolePayoutsEndpoint.url}/:id/sent`,
    operatorRoute(app, { permission: 'earnings.manage', tags: TAGS, summary: 'Mark a draft payout sent (audited; the partner is told)', params: payoutParamsSchema, response: { 200: payoutActionResultSchema, ...stateConflict } }),
    async (request) => {
      await payouts.markSent(pool, request.auditActor, request.params.id);
      return answer(request.params.id);
    },
  );
  app.post(
    `${consolePayoutsEndpoint.url}/:id/paid`,
    operatorRoute(app, { permission: 'earnings.manage', tags: TAGS, summary: 'Mark a sent payout paid: its lines are paid, its statement numbered (audited; the partner is told)', params: payoutParamsSchema, body: markPayoutPaidRequestSchema, response: { 200: payoutActionResultSchema, ...stateConflict } }),
    async (request) => {
      await payouts.markPaid(pool, request.auditActor, request.params.id, request.body.bank_reference);
      return answer(request.params.id);
    },
  );
  app.post(
    `${consolePayoutsEndpoint.url}/:id/failed`,
    operatorRoute(app, { permission: 'earnings.manage', tags: TAGS, summary: 'Mark a payout failed, with the reason the partner reads: its lines wait for the next run (audited)', params: payoutParamsSchema, body: markPayoutFailedRequestSchema, response: { 200: payoutActionResultSchema, ...stateConflict } }),
    async (request) => {
      await payouts.markFailed(pool, request.auditActor, request.params.id, request.body.reason);
      return answer(request.params.id);
    },
  );
}
