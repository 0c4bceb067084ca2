import { z } from 'zod';
import { defaultedSortQueryField, listEndpoint, listQuerySchema, queryField } from './list-query.ts';
import { currencyField } from './console-facilities.ts';

/**
 * The console's exchange rates (docs/exchange-rates.md): what one unit of a currency is worth in a reference currency
 * on a day, as the operators keep them. They make approximate totals across currencies (a tier's "completed treatment
 * value" criterion, and later the earnings' cross-currency totals), always shown with the rate's date and never used
 * to convert an amount that is paid. A rate is set for a day; setting it again for that day corrects it (audited).
 */
export const consoleExchangeRateSchema = z.object({
  /** 'USD/AED/2026-11-01': the reference, the currency and the day, which name a rate */
  id: z.string(),
  currency: z.string(),
  reference: z.string(),
  /** a decimal string, up to 10 decimals: '0.2723' (1 AED = 0.2723 USD) */
  rate: z.string(),
  as_of: z.string(),
  /** whether it is the latest rate of its pair, the one a total made today uses */
  latest: z.boolean(),
  updated_at: z.string(),
});
export type ConsoleExchangeRate = z.infer<typeof consoleExchangeRateSchema>;

const currencyQueryField = (message: string) => queryField(z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, message));

export const consoleExchangeRatesQuerySchema = listQuerySchema({
  filters: {
    currency: currencyQueryField('The currency must be a three-letter ISO 4217 code.'),
    reference: currencyQueryField('The reference currency must be a three-letter ISO 4217 code.'),
    /** only the latest rate of each pair */
    latest: queryField(z.enum(['true', 'false'], { error: 'The latest field must be true or false.' })),
    sort: defaultedSortQueryField(['as_of', 'currency'] as const, '-as_of'),
  },
  defaultPageSize: 25,
});
export type ConsoleExchangeRatesQuery = z.output<typeof consoleExchangeRatesQuerySchema>;

/** GET /api/console/exchange-rates (terms.read). */
export const consoleExchangeRatesEndpoint = listEndpoint('/api/console/exchange-rates', consoleExchangeRatesQuerySchema, consoleExchangeRateSchema);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** PUT /api/console/exchange-rates (terms.manage): the rate of a pair on a day, new or corrected. */
export const exchangeRateRequestSchema = z
  .object({
    currency: currencyField(),
    reference: currencyField(),
    rate: z
      .string({ error: 'The exchange rate is required.' })
      .trim()
      .regex(/^\d{1,10}(\.\d{1,10})?$/, 'The exchange rate must be a number such as 0.2723, with at most 10 decimals.')
      .refine((value) => Number(value) > 0, 'The exchange rate must be more than 0.'),
    as_of: z
      .string({ error: 'The date field is required.' })
      .regex(DAY, 'The date field must be a date (YYYY-MM-DD).')
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'The date field must be a real date.'),
  })
  .superRefine((rate, context) => {
    if (rate.currency === rate.reference) context.addIssue({ code: 'custom', path: ['reference'], message: 'The reference currency must differ from the currency.' });
  });
export type ExchangeRateRequest = z.output<typeof exchangeRateRequestSchema>;
