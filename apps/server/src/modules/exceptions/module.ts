import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EXCEPTION_COUNTS_URL, exceptionCountsQuerySchema, exceptionCountsSchema, exceptionsEndpoint, exceptionsPermission } from '@portal/contracts/console-exceptions';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { defineModule } from '../../kit/portal-module.ts';
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
  after: ['earnings', 'payment-details'],
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
  },
  seedDemo: seedDemoExceptions,
});
