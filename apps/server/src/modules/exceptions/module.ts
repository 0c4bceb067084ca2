import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageSchema } from '@portal/contracts/errors';
import {
  EXCEPTION_COUNTS_URL,
  exceptionCountsQuerySchema,
  exceptionCountsSchema,
  exceptionsEndpoint,
  exceptionsPermission,
  priceAgainParamsSchema,
  priceAgainResultSchema,
  priceAgainUrl,
  type PriceAgainResult,
} from '@portal/contracts/console-exceptions';
import { inTransaction } from '../../db/queryable.ts';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { defineModule } from '../../kit/portal-module.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { seedDemoExceptions } from './demo-seed.ts';
import { countExceptions, findExceptionsPage } from './repository.ts';
import { createNegativeBalanceScan } from './service.ts';

const TAGS = ['exceptions'];

/** Opens the notices of balances that went below zero and e-mails finance of the new ones (service.ts). */
export const NEGATIVE_BALANCES_JOB = 'exceptions.negative-balances';

/**
 * Finance's exceptions (issue 31, docs/console-exceptions.md): the list and its counts, read from the ledger's tables
 * (repository.ts), and the scan that tells finance when a balance goes below zero. Reads only: each exception is
 * resolved by the page its action opens (the rate card, the booking, the ledger, payouts, payment details).
 */
export default defineModule({
  name: 'exceptions',
  // Reads the ledger's, payouts' and payment details' tables; the scan queues its e-mails with the jobs.
  after: ['commission-ledger', 'payouts', 'payment-details'],
  async register(fastify) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const pool = app.database.pool;
    const scan = createNegativeBalanceScan({ pool, mailer: app.mailer, appUrl: app.config.appUrl });

    app.jobs.define({ name: NEGATIVE_BALANCES_JOB, handle: async () => void (await scan()), describe: () => ({}) });
    // Every five minutes: a clawback or an adjustment that leaves a balance below zero is told within minutes, whatever
    // wrote it (a refund, an adjustment, the CLI), without the ledger knowing of this page.
    app.jobs.schedule({ name: NEGATIVE_BALANCES_JOB, cron: '*/5 * * * *' });

    operatorListRoute(app, {
      endpoint: exceptionsEndpoint,
      permission: exceptionsPermission,
      tags: TAGS,
      summary: 'Open exceptions (unpriced completions, negative balances, failed payouts, payouts held on unverified details), newest first; filter by kind, agent and currency',
      list: (_operator, query) => findExceptionsPage(pool, query),
    });

    app.get(
      EXCEPTION_COUNTS_URL,
      operatorRoute(app, {
        permission: exceptionsPermission,
        tags: TAGS,
        summary: 'How many open exceptions of each kind, for an agent and a currency if given',
        querystring: exceptionCountsQuerySchema,
        response: { 200: exceptionCountsSchema },
      }),
      async (request) => countExceptions(pool, request.query),
    );

    // After a rate was added or the booking corrected, finance prices the completion now rather than wait for the hourly
    // sweep. The ledger prices it in its own transaction, exactly as its job does (pricing.ts); the request and its
    // outcome are audited on the booking. Only a completed booking without its line is priced (else 404).
    app.post(
      priceAgainUrl(':booking'),
      operatorRoute(app, {
        permission: 'earnings.manage',
        tags: TAGS,
        summary: 'Price an unpriced completion now, as the hourly sweep would; answers whether a line was recorded or why not (audited)',
        params: priceAgainParamsSchema,
        response: { 200: priceAgainResultSchema, 404: messageSchema },
      }),
      async (request) => {
        const bookingId = request.params.booking;
        const outcome = await app.ledger.recordCompletedBooking(pool, bookingId);
        const why = outcome.recorded ? 'already_recorded' : outcome.why;
        if (why === 'no_booking' || why === 'not_completed') throw new NotFoundError();
        const result: PriceAgainResult = why === 'already_recorded' ? { priced: true, reason: null } : { priced: false, reason: why };
        await inTransaction(pool, (client) =>
          recordAudit(client, request.auditActor, { action: 'commission.pricing_retried', target: { type: 'booking', id: bookingId }, after: result }),
        );
        return result;
      },
    );
  },
  seedDemo: seedDemoExceptions,
});
