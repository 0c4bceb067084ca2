import { z } from 'zod';
import { RATE_KINDS } from './commission-rates.ts';
import { idField, idStringField, textField } from './fields.ts';
import { defaultedEnumQueryField, defaultedSortQueryField, enumQueryField, idQueryField, listEndpoint, listQuerySchema, textQueryField } from './list-query.ts';

/**
 * The console's rate card (issue 15; docs/commission-rates.md): every row of the card, and the two changes an
 * operator makes to it: a new row, and the end of one. Rows are never edited in place: a rate that changes is ended
 * and followed by a new row, so the card keeps what applied when (the ledger prices bookings by the day).
 */

export const RATE_STATUSES = ['current', 'upcoming', 'ended'] as const;
export type RateStatus = (typeof RATE_STATUSES)[number];

const named = z.object({ id: z.number().int(), name: z.string() });

export const consoleRateRowSchema = z.object({
  id: z.number().int(),
  facility: named.extend({ currency: z.string() }).nullable(),
  service: named.nullable(),
  specialty: named.nullable(),
  tier: named.nullable(),
  /** An individual contract's override: its agent, and the contract that negotiated it. */
  agent: named.nullable(),
  contract: z.object({ id: z.number().int(), title: z.string(), version: z.number().int() }).nullable(),
  kind: z.enum(RATE_KINDS),
  basis_points: z.number().int().nullable(),
  amount_minor: z.number().int().nullable(),
  currency: z.string().nullable(),
  base_description: z.string(),
  base_description_ar: z.string(),
  refund_window_days: z.number().int(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  status: z.enum(RATE_STATUSES),
});
export type ConsoleRateRow = z.infer<typeof consoleRateRowSchema>;

export const consoleRatesQuerySchema = listQuerySchema({
  filters: {
    search: textQueryField('search', 100),
    facility_id: idQueryField('facility id'),
    tier_id: idQueryField('tier id'),
    /** one individual contract's rows (the console's agreements link here) */
    contract_id: idQueryField('contract id'),
    status: enumQueryField('status', RATE_STATUSES),
    scope: defaultedEnumQueryField('scope', ['card', 'contracts', 'all'] as const, 'card'),
    sort: defaultedSortQueryField(['valid_from', 'facility'] as const, '-valid_from'),
  },
  defaultPageSize: 25,
});
export type ConsoleRatesQuery = z.output<typeof consoleRatesQuerySchema>;

/** GET /api/console/commission-rates: the card's rows (terms.read). */
export const consoleRatesEndpoint = listEndpoint('/api/console/commission-rates', consoleRatesQuerySchema, consoleRateRowSchema);

/** GET /api/console/commission-rates/options: what a row can be for. */
export const CONSOLE_RATE_OPTIONS_URL = '/api/console/commission-rates/options';
export const consoleRateOptionsSchema = z.object({
  facilities: z.array(named.extend({ currency: z.string() })),
  specialties: z.array(named),
  services: z.array(named.extend({ specialty_id: z.number().int().nullable() })),
  tiers: z.array(named),
  /** the individual contracts a negotiated row can belong to (drafts and published, not withdrawn) */
  contracts: z.array(z.object({ id: z.number().int(), title: z.string(), version: z.number().int(), status: z.string(), agent: named })),
});
export type ConsoleRateOptions = z.infer<typeof consoleRateOptionsSchema>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
function dayField(label: string) {
  return z
    .string({ error: `The ${label} field is required.` })
    .regex(DATE, `The ${label} field must be a date (YYYY-MM-DD).`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), `The ${label} field must be a real date.`);
}

/** POST /api/console/commission-rates (terms.manage): a new row of the card. */
export const newRateRequestSchema = z
  .object({
    facility_id: idField('facility id').nullable().default(null),
    service_id: idField('service id').nullable().default(null),
    specialty_id: idField('specialty id').nullable().default(null),
    tier_id: idField('tier id').nullable().default(null),
    /** an individual contract's negotiated row: it applies to that contract's agent only, over the card, once published */
    contract_id: idField('contract id').nullable().default(null),
    kind: z.enum(RATE_KINDS, { error: 'The kind must be percentage or flat.' }),
    /** percentage: 1 % = 100 */
    basis_points: z.number({ error: 'The rate must be a number.' }).int('The rate must have at most two decimals.').min(1, 'The rate must be more than 0 %.').max(10_000, 'The rate must be at most 100 %.').nullable().default(null),
    /** flat: the amount as a decimal string, in `currency` ('550.00') */
    amount: z.string().trim().regex(/^\d{1,9}(\.\d{1,3})?$/, 'The amount must be a number such as 550.00.').nullable().default(null),
    currency: z.string().trim().regex(/^[A-Z]{3}$/, 'The currency must be a three-letter ISO 4217 code.').nullable().default(null),
    base_description: textField('base description', { max: 300, min: 3 }),
    base_description_ar: textField('Arabic base description', { max: 300, min: 3 }),
    refund_window_days: z.number({ error: 'The refund window must be a number of days.' }).int('The refund window must be whole days.').min(0, 'The refund window cannot be negative.').max(365, 'The refund window must be at most 365 days.'),
    valid_from: dayField('valid from'),
    valid_to: dayField('valid to').nullable().default(null),
  })
  .superRefine((rate, context) => {
    if (rate.kind === 'percentage' && rate.basis_points === null) context.addIssue({ code: 'custom', path: ['basis_points'], message: 'The rate is required.' });
    if (rate.kind === 'flat' && rate.amount === null) context.addIssue({ code: 'custom', path: ['amount'], message: 'The amount is required.' });
    if (rate.kind === 'flat' && rate.currency === null && rate.facility_id === null) {
      context.addIssue({ code: 'custom', path: ['currency'], message: 'A flat amount for all facilities needs a currency.' });
    }
    if (rate.service_id !== null && rate.specialty_id !== null) {
      context.addIssue({ code: 'custom', path: ['specialty_id'], message: 'Choose a service or a specialty, not both.' });
    }
    if (rate.contract_id !== null && rate.tier_id !== null) {
      context.addIssue({ code: 'custom', path: ['tier_id'], message: "A contract's rate applies whatever the partner's tier: leave the tier empty." });
    }
    if (rate.valid_to !== null && rate.valid_to <= rate.valid_from) context.addIssue({ code: 'custom', path: ['valid_to'], message: 'The end must be after the start.' });
  });
export type NewRateRequest = z.output<typeof newRateRequestSchema>;

/** POST /api/console/commission-rates/:id/end (terms.manage): the last day a row applies is the day before `valid_to`. */
export const endRateRequestSchema = z.object({ valid_to: dayField('valid to') });
export type EndRateRequest = z.output<typeof endRateRequestSchema>;
export const rateParamsSchema = z.object({ id: idStringField('id') });

/**
 * POST /api/console/commission-rates/import?filename=…[&apply=true] (terms.manage): rows of the card from an xlsx or
 * csv file, the body being the file itself (`Content-Type: application/octet-stream`). Without `apply` it only checks
 * and previews; with it, every row is added in one transaction, or none when any is refused (422 with the rows).
 * Columns, by their header (any order, any case): facility, service, specialty, tier, kind (percentage or flat),
 * rate (a percentage, 8.5), amount and currency (a flat amount), base_description, base_description_ar,
 * refund_window_days, valid_from, valid_to, and contract (a negotiated row: the key of the individual contract, as
 * the console's agreements show it). Names, not ids: an empty facility, service, specialty or tier means "all", an
 * empty contract the general card.
 */
export const RATE_IMPORT_URL = '/api/console/commission-rates/import';
export const RATE_IMPORT_CONTENT_TYPE = 'application/octet-stream';
export const RATE_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const RATE_IMPORT_MAX_ROWS = 2000;
export const RATE_IMPORT_COLUMNS = [
  'facility',
  'service',
  'specialty',
  'tier',
  'kind',
  'rate',
  'amount',
  'currency',
  'base_description',
  'base_description_ar',
  'refund_window_days',
  'valid_from',
  'valid_to',
  'contract',
] as const;

export const rateImportQuerySchema = z.object({
  filename: z.string().trim().max(200, 'The filename must not be greater than 200 characters.').optional(),
  apply: z.enum(['true', 'false'], { error: 'The apply field must be true or false.' }).optional(),
});

export const rateImportRowSchema = z.object({
  /** the row's line in the file (the header is line 1) */
  line: z.number().int(),
  facility: z.string().nullable(),
  service: z.string().nullable(),
  specialty: z.string().nullable(),
  tier: z.string().nullable(),
  /** the individual contract's key, for a negotiated row */
  contract: z.string().nullable(),
  kind: z.enum(RATE_KINDS).nullable(),
  basis_points: z.number().int().nullable(),
  amount_minor: z.number().int().nullable(),
  currency: z.string().nullable(),
  refund_window_days: z.number().int().nullable(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  /** an open-ended row of the same facility, service, specialty and tier this one ends on its valid_from */
  ends: z.object({ id: z.number().int(), valid_from: z.string() }).nullable(),
  /** why the row cannot be added, in words; empty when it can */
  errors: z.array(z.string()),
});
export type RateImportRow = z.infer<typeof rateImportRowSchema>;

export const rateImportResultSchema = z.object({
  applied: z.boolean(),
  valid: z.number().int(),
  invalid: z.number().int(),
  rows: z.array(rateImportRowSchema),
});
export type RateImportResult = z.infer<typeof rateImportResultSchema>;
