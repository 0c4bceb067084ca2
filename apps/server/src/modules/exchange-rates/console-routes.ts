import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleExchangeRateSchema, consoleExchangeRatesEndpoint, exchangeRateRequestSchema } from '@portal/contracts/console-exchange-rates';
import { inTransaction } from '../../db/queryable.ts';
import { operatorListRoute, operatorRoute } from '../../kit/operator-routes.ts';
import { recordAudit } from '../../lib/audit/audit-log.ts';
import { findExchangeRate, listExchangeRates, setExchangeRate } from './repository.ts';

const TAGS = ['exchange-rates'];

/**
 * The console's exchange rates (docs/exchange-rates.md): every pair's rates by day (terms.read), and a rate set for a
 * day or corrected (terms.manage), audited with what it was before.
 */
export async function exchangeRatesConsoleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pool = app.database.pool;
  const url = consoleExchangeRatesEndpoint.url;

  operatorListRoute(app, {
    endpoint: consoleExchangeRatesEndpoint,
    permission: 'terms.read',
    tags: TAGS,
    summary: 'The exchange rates by day, each pair with its latest marked; filtered by currency and reference',
    list: (_operator, query) => listExchangeRates(pool, query),
  });

  app.put(
    url,
    operatorRoute(app, {
      permission: 'terms.manage',
      tags: TAGS,
      summary: 'Set the rate of a currency into a reference currency on a day (again for that day: a correction)',
      description: 'The rate is what one unit of `currency` is worth in `reference`, as a decimal string with up to 10 decimals. Totals across currencies use the latest rate on or before their day, and say so.',
      body: exchangeRateRequestSchema,
      response: { 200: consoleExchangeRateSchema },
    }),
    async (request) => {
      const rate = request.body;
      await inTransaction(pool, async (client) => {
        const before = await findExchangeRate(client, rate, true);
        await setExchangeRate(client, rate);
        await recordAudit(client, request.auditActor, {
          action: before ? 'exchange_rate.corrected' : 'exchange_rate.set',
          target: { type: 'exchange_rate', id: `${rate.reference}/${rate.currency}/${rate.as_of}` },
          before: before ? { rate: before.rate } : null,
          after: { rate: rate.rate },
        });
      });
      return (await findExchangeRate(pool, rate))!;
    },
  );
}
