import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commissionLineParamsSchema, consoleCommissionLinesEndpoint, recordRefundRequestSchema, recordRefundResultSchema } from '@portal/contracts/console-earnings';
import { messageSchema } from '@portal/contracts/errors';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { operatorAuditActor } from '../../plugins/operator-session.ts';
import type { Ledger } from './ledger.ts';
import { findConsoleLinesPage, findLine } from './repository.ts';

const TAGS = ['console-earnings'];

/**
 * The console's ledger (docs/earnings.md): every agent's commission lines (earnings.read), and a refund recorded on
 * one (earnings.manage): reversed before payout, clawed back after; audited, and the partner is told.
 */
export async function earningsConsoleRoutes(fastify: FastifyInstance, options: { ledger: Ledger }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;

  operatorListRoute(app, {
    endpoint: consoleCommissionLinesEndpoint,
    permission: 'earnings.read',
    tags: TAGS,
    summary: "Every agent's commission lines: filter by agent, status, facility, currency and treatment date",
    list: (_operator, query) => findConsoleLinesPage(pool, query),
  });

  app.post(
    `${consoleCommissionLinesEndpoint.url}/:id/refund`,
    operatorRoute(app, {
      permission: 'earnings.manage',
      tags: TAGS,
      summary: "Record the patient's refund: reverse the line, or claw back a paid one",
      params: commissionLineParamsSchema,
      body: recordRefundRequestSchema,
      response: { 200: recordRefundResultSchema, 409: messageSchema },
    }),
    async (request) => {
      const outcome = await options.ledger.recordRefund(pool, operatorAuditActor(request), request.params.id, request.body.reason);
      const [line, clawback] = await Promise.all([findLine(pool, outcome.lineId), outcome.clawbackId === null ? null : findLine(pool, outcome.clawbackId)]);
      return { line: line!, clawback: clawback ?? null };
    },
  );
}
