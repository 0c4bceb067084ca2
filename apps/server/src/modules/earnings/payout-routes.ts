import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
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
import { messageSchema } from '@portal/contracts/errors';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { listRoute, partnerRoute } from '../../kit/partner-routes.ts';
import { utcDay } from '../../lib/calendar-days.ts';
import { inTransaction } from '../../db/queryable.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { operatorAuditActor } from '../../plugins/operator-session.ts';
import { payeesOf } from '../payment-details/public.ts';
import { hasSepaName, payoutsCsv, sepaCreditTransfer, type BankFilePayout } from './bank-files.ts';
import { EARNINGS_MESSAGES as M } from './messages.ts';
import type { Payouts } from './payouts.ts';
import { findAgentPayout, findConsolePayoutsPage, findPayout, findPayoutsPage, payoutSchedules } from './payouts-repository.ts';
import { findPayoutLines } from './repository.ts';

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
      await payouts.setSchedule(pool, operatorAuditActor(request), request.params.currency, request.body);
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
      const { format, scheduled_on: day, currency } = request.query;
      if (format === 'sepa' && currency !== 'EUR') throw ValidationError.field('currency', M.sepaEurosOnly);
      const { rows } = await pool.query<{ id: string; agent_name: string; amount_minor: string; referral_agent_id: number }>(
        `SELECT p.id, ra.name AS agent_name, p.amount_minor::text AS amount_minor, p.referral_agent_id
           FROM payouts p JOIN referral_agents ra ON ra.id = p.referral_agent_id
          WHERE p.status = 'draft' AND p.scheduled_on = $1::date AND p.currency = $2 ORDER BY ra.name, p.id`,
        [day, currency],
      );
      const payees = await payeesOf(pool, app.config.appKey, rows.map((row) => row.referral_agent_id));
      // Only verified accounts, and for SEPA only IBANs: a payout to details changed since the run waits for verification.
      const payouts: BankFilePayout[] = rows.flatMap((row) => {
        const payee = payees.get(row.referral_agent_id);
        if (!payee || payee.status !== 'verified' || (format === 'sepa' && (payee.scheme !== 'iban' || !hasSepaName(payee.holderName, row.agent_name)))) return [];
        return [{ id: Number(row.id), agentName: row.agent_name, amountMinor: Number(row.amount_minor), currency, scheduledOn: day, payee }];
      });
      if (payouts.length === 0) throw ValidationError.field('scheduled_on', M.noPayableDrafts);
      // Marked as exported with the audit row, in one transaction: from now on these drafts cannot be failed as drafts.
      await inTransaction(pool, async (client) => {
        await client.query(`UPDATE payouts SET exported_at = coalesce(exported_at, now()) WHERE id = ANY($1::bigint[])`, [payouts.map((payout) => payout.id)]);
        await recordAudit(client, operatorAuditActor(request), {
          action: 'payouts.bank_file_exported',
          target: { type: 'payout_batch', id: `${day}-${currency}` },
          after: { format, payouts: payouts.map((payout) => payout.id), left_out: rows.length - payouts.length },
        });
      });
      const name = `payouts-${day}-${currency}`;
      const body =
        format === 'csv'
          ? await payoutsCsv(payouts)
          : sepaCreditTransfer(payouts, { name: app.config.issuer.name, iban: app.config.issuer.debtorIban, bic: app.config.issuer.debtorBic }, { messageId: `PP-${day.replaceAll('-', '')}-${currency}-${Date.now().toString(36).toUpperCase()}`, createdAt: new Date(), executionDate: day >= utcDay(new Date()) ? day : utcDay(new Date()) });
      return reply
        .headers({
          'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/xml; charset=utf-8',
          'content-disposition': `attachment; filename="${name}.${format === 'csv' ? 'csv' : 'xml'}"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'x-payouts-left-out': String(rows.length - payouts.length),
        })
        .send(body as never);
    },
  );

  const answer = async (id: number) => ({ payout: (await findPayout(pool, id))! });
  const stateConflict = { 409: messageSchema };
  app.post(
    `${consolePayoutsEndpoint.url}/:id/sent`,
    operatorRoute(app, { permission: 'earnings.manage', tags: TAGS, summary: 'Mark a draft payout sent (audited; the partner is told)', params: payoutParamsSchema, response: { 200: payoutActionResultSchema, ...stateConflict } }),
    async (request) => {
      await payouts.markSent(pool, operatorAuditActor(request), request.params.id);
      return answer(request.params.id);
    },
  );
  app.post(
    `${consolePayoutsEndpoint.url}/:id/paid`,
    operatorRoute(app, { permission: 'earnings.manage', tags: TAGS, summary: 'Mark a sent payout paid: its lines are paid, its statement numbered (audited; the partner is told)', params: payoutParamsSchema, body: markPayoutPaidRequestSchema, response: { 200: payoutActionResultSchema, ...stateConflict } }),
    async (request) => {
      await payouts.markPaid(pool, operatorAuditActor(request), request.params.id, request.body.bank_reference);
      return answer(request.params.id);
    },
  );
  app.post(
    `${consolePayoutsEndpoint.url}/:id/failed`,
    operatorRoute(app, { permission: 'earnings.manage', tags: TAGS, summary: 'Mark a payout failed, with the reason the partner reads: its lines wait for the next run (audited)', params: payoutParamsSchema, body: markPayoutFailedRequestSchema, response: { 200: payoutActionResultSchema, ...stateConflict } }),
    async (request) => {
      await payouts.markFailed(pool, operatorAuditActor(request), request.params.id, request.body.reason);
      return answer(request.params.id);
    },
  );
}
