import type { ConsoleExchangeRate, ConsoleExchangeRatesQuery, ExchangeRateRequest } from '@portal/contracts/console-exchange-rates';
import { queryPage, type Queryable } from '../../db/queryable.ts';

/** The console's reads and writes of the operators' exchange rates (table exchange_rates, migration 0021). */

const SELECT = `e.reference || '/' || e.currency || '/' || to_char(e.as_of, 'YYYY-MM-DD') AS id, e.currency, e.reference, trim_scale(e.rate)::text AS rate, to_char(e.as_of, 'YYYY-MM-DD') AS as_of,
  NOT EXISTS (SELECT 1 FROM exchange_rates later WHERE later.currency = e.currency AND later.reference = e.reference AND later.as_of > e.as_of) AS latest,
  to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;

const ORDER_BY: Record<ConsoleExchangeRatesQuery['sort'], string> = {
  as_of: 'e.as_of ASC, e.reference, e.currency',
  '-as_of': 'e.as_of DESC, e.reference, e.currency',
  currency: 'e.currency ASC, e.reference, e.as_of DESC',
  '-currency': 'e.currency DESC, e.reference, e.as_of DESC',
};

export async function listExchangeRates(db: Queryable, query: ConsoleExchangeRatesQuery): Promise<{ rows: ConsoleExchangeRate[]; total: number }> {
  const values: unknown[] = [];
  const clauses = ['true'];
  if (query.currency) clauses.push(`e.currency = $${values.push(query.currency)}`);
  if (query.reference) clauses.push(`e.reference = $${values.push(query.reference)}`);
  if (query.latest === 'true') {
    clauses.push('NOT EXISTS (SELECT 1 FROM exchange_rates later WHERE later.currency = e.currency AND later.reference = e.reference AND later.as_of > e.as_of)');
  }
  return queryPage<ConsoleExchangeRate>(db, {
    select: SELECT,
    from: 'exchange_rates e',
    where: clauses.join(' AND '),
    values,
    orderBy: ORDER_BY[query.sort],
    page: query.page,
    perPage: query.per_page,
  });
}

export async function findExchangeRate(db: Queryable, key: { currency: string; reference: string; as_of: string }, lock = false): Promise<ConsoleExchangeRate | undefined> {
  const { rows } = await db.query<ConsoleExchangeRate>(
    `SELECT ${SELECT} FROM exchange_rates e WHERE e.currency = $1 AND e.reference = $2 AND e.as_of = $3::date${lock ? ' FOR UPDATE' : ''}`,
    [key.currency, key.reference, key.as_of],
  );
  return rows[0];
}

/** The pair's rate on the day, new or in place of the one set before (created_at then says when it was last set). */
export async function setExchangeRate(db: Queryable, rate: ExchangeRateRequest): Promise<void> {
  await db.query(
    `INSERT INTO exchange_rates (currency, reference, rate, as_of) VALUES ($1, $2, $3::numeric, $4::date)
     ON CONFLICT (reference, currency, as_of) DO UPDATE SET rate = EXCLUDED.rate, created_at = now()`,
    [rate.currency, rate.reference, rate.rate, rate.as_of],
  );
}
