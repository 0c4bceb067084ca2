import { z } from 'zod';
import { minorToDecimal } from './money.ts';
import {
  defaultedSortQueryField,
  queryValue,
  idQueryField,
  listEndpoint,
  listQuerySchema,
  queryField,
  textQueryField,
} from './list-query.ts';

/**
 * The commission structure (issue 15, docs/commission-rates.md): what the rate card pays a partner's agent, one row per
 * facility × service it could refer to, as the resolver picks it today. Money in integer minor units of `currency`,
 * percentages in basis points (1 % = 100): never a float, never converted.
 */

export const RATE_KINDS = ['percentage', 'flat'] as const;
export type RateKind = (typeof RATE_KINDS)[number];

/** What one rate pays: a share of the base, or a flat amount in a currency. */
export const rateValueSchema = z.object({
  kind: z.enum(RATE_KINDS),
  /** percentage: 1 % = 100 */
  basis_points: z.number().int().nullable(),
  /** flat: minor units of `currency` */
  amount_minor: z.number().int().nullable(),
  /** the facility's currency (a percentage is paid in it; a flat amount is in it) */
  currency: z.string().length(3),
});
export type RateValue = z.infer<typeof rateValueSchema>;

export const tierRefSchema = z.object({ id: z.number().int(), name: z.string(), name_ar: z.string() });

export const effectiveRateRowSchema = z.object({
  /** `${facility_id}-${service_id}`: one row per facility × service */
  id: z.string(),
  facility_id: z.number().int(),
  facility_name: z.string(),
  /** ISO 3166-1 alpha-2 */
  country: z.string(),
  service_id: z.number().int(),
  service_name: z.string(),
  specialty_id: z.number().int().nullable(),
  specialty_name: z.string().nullable(),
  rate: rateValueSchema,
  /** The tier the matching row is for; null when it applies to every tier. */
  tier: tierRefSchema.nullable(),
  /** True when the agent's individual contract sets this rate. */
  individual: z.boolean(),
  /** What the percentage is of, in words (English and Arabic). */
  base_description: z.string(),
  base_description_ar: z.string(),
  /** Days after treatment before a commission can be approved. */
  refund_window_days: z.number().int(),
  /** YYYY-MM-DD; valid_to exclusive, null when open-ended. */
  valid_from: z.string(),
  valid_to: z.string().nullable(),
});
export type EffectiveRateRow = z.infer<typeof effectiveRateRowSchema>;

export const COMMISSION_SORT_COLUMNS = ['facility', 'service', 'country', 'rate'] as const;
export const COMMISSION_SEARCH_MAX_LENGTH = 100;

const commissionFilters = {
  search: textQueryField('search', COMMISSION_SEARCH_MAX_LENGTH),
  facility_id: idQueryField('facility id'),
  specialty_id: idQueryField('specialty id'),
  service_id: idQueryField('service id'),
  country: queryField(z.string().trim().regex(/^[A-Za-z]{2}$/, 'The country field must be a two-letter country code.').transform((code) => code.toUpperCase())),
};

export const commissionStructureQuerySchema = listQuerySchema({
  filters: { ...commissionFilters, sort: defaultedSortQueryField(COMMISSION_SORT_COLUMNS, 'facility') },
  defaultPageSize: 25,
});
export type CommissionStructureQuery = z.output<typeof commissionStructureQuerySchema>;

/** GET /api/commission-structure: the agent's effective rates today, paged (terms.read; never for affiliates). */
export const commissionStructureEndpoint = listEndpoint('/api/commission-structure', commissionStructureQuerySchema, effectiveRateRowSchema);

/**
 * GET /api/commission-structure/export?…&format=xlsx|pdf: every rate the filters keep (not one page), as a file in the
 * reader's language. `format` is required.
 */
export const COMMISSION_EXPORT_URL = '/api/commission-structure/export';
export const COMMISSION_EXPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type CommissionExportFormat = (typeof COMMISSION_EXPORT_FORMATS)[number];
export const commissionExportQuerySchema = z.object({
  ...commissionFilters,
  sort: defaultedSortQueryField(COMMISSION_SORT_COLUMNS, 'facility'),
  format: z.preprocess(
    queryValue,
    z.enum(COMMISSION_EXPORT_FORMATS, { error: (issue) => (issue.input === undefined ? 'The format field is required.' : 'The selected format is invalid.') }),
  ),
});
export type CommissionExportQuery = z.output<typeof commissionExportQuerySchema>;

/** What a row of the rate card is for; null: all facilities, all services, all tiers. */
export const rateScopeSchema = z.object({
  facility: z.string().nullable(),
  service: z.string().nullable(),
  specialty: z.string().nullable(),
  tier: z.object({ name: z.string(), name_ar: z.string() }).nullable(),
});
export type RateScope = z.infer<typeof rateScopeSchema>;

/**
 * A coming change to some of this agent's rates, as the rate card makes it: one row of the card starting (or ending)
 * on a day changes the rate of every facility × service it covers from one value to another.
 */
export const upcomingRateChangeSchema = z.object({
  key: z.string(),
  /** YYYY-MM-DD: the first day the new rate applies (to bookings created from that day). */
  effective_on: z.string(),
  /** What the card's row that decides from then on is for (or, when a rate ends with nothing after it, the row ending). */
  scope: rateScopeSchema,
  /** null: no commission until then */
  from: rateValueSchema.nullable(),
  /** null: no commission from then on */
  to: rateValueSchema.nullable(),
  /** How many of the agent's facility × service rates it changes, at how many facilities. */
  rates: z.number().int(),
  facilities: z.number().int(),
});
export type UpcomingRateChange = z.infer<typeof upcomingRateChangeSchema>;

export const UPCOMING_CHANGES_URL = '/api/commission-structure/upcoming';
export const upcomingChangesSchema = z.object({
  /** how far ahead it looks, in days */
  horizon_days: z.number().int(),
  changes: z.array(upcomingRateChangeSchema),
});
export type UpcomingChanges = z.infer<typeof upcomingChangesSchema>;

/** The filters' choices: only what appears in the agent's own rates. */
export const COMMISSION_FILTERS_URL = '/api/commission-structure/filters';
export const commissionFiltersSchema = z.object({
  facilities: z.array(z.object({ id: z.number().int(), name: z.string(), country: z.string() })),
  specialties: z.array(z.object({ id: z.number().int(), name: z.string() })),
  services: z.array(z.object({ id: z.number().int(), name: z.string(), specialty_id: z.number().int().nullable() })),
  countries: z.array(z.string()),
});
export type CommissionFilters = z.infer<typeof commissionFiltersSchema>;


/** How a rate reads in English, for texts the server writes (e-mails, exports): '8.5 %', 'EUR 250.00'. */
export function rateText(rate: RateValue | null): string {
  if (!rate) return 'no commission';
  if (rate.kind === 'percentage') return `${String((rate.basis_points ?? 0) / 100)} %`;
  return `${rate.currency} ${minorToDecimal(rate.amount_minor ?? 0, rate.currency)}`;
}
