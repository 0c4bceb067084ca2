import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bookingCommissionSchema,
  bookingParamsSchema,
  commissionLineParamsSchema,
  consoleBookingCommissionUrl,
  consoleBookingRefundsUrl,
  consoleCommissionAdjustmentUrl,
  consoleCommissionLinesEndpoint,
  recordAdjustmentRequestSchema,
  recordAdjustmentResultSchema,
  recordBookingRefundRequestSchema,
  recordRefundRequestSchema,
  recordRefundResultSchema,
} from '@portal/contracts/console-earnings';
import { messageSchema } from '@portal/contracts/errors';
import { inTransaction } from '../../db/queryable.ts';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { signedDecimalToMinor } from './adjustments.ts';
import type { Ledger } from './ledger.ts';
import { LEDGER_MESSAGES as M } from './messages.ts';
import { findConsoleLinesPage, findLine } from './repository.ts';

const TAGS = ['console-earnings'];

/**
 * The console's ledger (docs/earnings.md): every agent's commission lines (earnings.read), and a refund recorded on
 * one (earnings.manage): reversed before payout, clawed back after; audited, and the partner is told. Issue 31: a
 * booking's money (its refunds and lines), a full or partial refund of it, and an operator's adjustment of a line.
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
      const outcome = await options.ledger.recordRefund(pool, request.auditActor, request.params.id, request.body.reason);
      const [line, clawback] = await Promise.all([findLine(pool, outcome.lineId), outcome.clawbackId === null ? null : findLine(pool, outcome.clawbackId)]);
      return { line: line!, clawback: clawback ?? null };
    },
  );

  app.get(
    consoleBookingCommissionUrl(':id'),
    operatorRoute(app, {
      permission: 'earnings.read',
      tags: TAGS,
      summary: "A booking's money as the ledger sees it: its amount, refunds and lines (commission, adjustments, clawbacks)",
      params: bookingParamsSchema,
      response: { 200: bookingCommissionSchema, 404: messageSchema },
    }),
    async (request) => {
      const found = await options.ledger.bookingCommission(pool, request.params.id);
      if (!found) throw new NotFoundError();
      return found;
    },
  );

  app.post(
    consoleBookingRefundsUrl(':id'),
    operatorRoute(app, {
      permission: 'earnings.manage',
      tags: TAGS,
      summary: "Record the patient's refund of a completed booking, in full or in part: the commission follows",
      description:
        'Partial: an adjustment line reduces a percentage commission by the percentage of the refunded amount (a flat fee stays whole). Full (or the partial refund that leaves nothing): the lines not yet paid are reversed, the paid ones clawed back, and the booking becomes refunded. 422 when the refunds would exceed the amount; 409 while a line is in a payout being sent.',
      params: bookingParamsSchema,
      body: recordBookingRefundRequestSchema,
      response: { 200: bookingCommissionSchema, 404: messageSchema, 409: messageSchema },
    }),
    async (request) => {
      await options.ledger.recordBookingRefund(pool, request.auditActor, request.params.id, request.body);
      return (await options.ledger.bookingCommission(pool, request.params.id))!;
    },
  );

  app.post(
    consoleCommissionAdjustmentUrl(':id'),
    operatorRoute(app, {
      permission: 'earnings.manage',
      tags: TAGS,
      summary: "Adjust a booking's commission by a signed amount with a reason (goodwill, a correction)",
      description: "The amount is in the line's currency with at most its decimals; the booking's commission never goes below zero (422).",
      params: commissionLineParamsSchema,
      body: recordAdjustmentRequestSchema,
      response: { 200: recordAdjustmentResultSchema, 404: messageSchema },
    }),
    async (request) => {
      const line = await findLine(pool, request.params.id);
      if (!line) throw new NotFoundError();
      const amountMinor = signedDecimalToMinor(request.body.amount, line.currency);
      if (amountMinor === null) throw ValidationError.field('amount', M.adjustmentDecimals);
      const actor = request.auditActor;
      const adjustment = await inTransaction(pool, (client) =>
        options.ledger.recordAdjustment(client, { adjustsLineId: line.id, amountMinor, reason: request.body.reason, source: 'manual', actor }),
      );
      await adjustment.notify();
      return { adjustment: (await findLine(pool, adjustment.lineId))! };
    },
  );
}
