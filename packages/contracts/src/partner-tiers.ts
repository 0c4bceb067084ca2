import { z } from 'zod';
import { idStringField } from './fields.ts';
import { queryValue } from './list-query.ts';
import { rateScopeSchema, rateValueSchema } from './commission-rates.ts';

/**
 * Partner tiers (issue 15, docs/partner-tiers.md): Silver, Gold, Platinum… Each tier has a rank (1 is the entry
 * tier), benefits, a column in the rate card, and criteria measured over an evaluation period (a calendar month,
 * quarter or year, in UTC). A nightly job promotes an agent as soon as it meets a higher tier's criteria, and demotes
 * it only at the end of a period, after at least 30 days' notice. Operators can set a tier by hand or freeze one.
 */

export const TIER_PERIODS = ['month', 'quarter', 'year'] as const;
export type TierPeriod = (typeof TIER_PERIODS)[number];

export const TIER_CRITERION_KINDS = ['completed_bookings', 'completed_value', 'active_certificate'] as const;
export type TierCriterionKind = (typeof TIER_CRITERION_KINDS)[number];

export const TIER_HISTORY_KINDS = ['initial', 'promotion', 'demotion', 'demotion_notice', 'notice_withdrawn', 'manual', 'freeze', 'unfreeze'] as const;
export type TierHistoryKind = (typeof TIER_HISTORY_KINDS)[number];

/** The days of notice before a demotion: it takes effect at the end of the first period that ends at least this far ahead. */
export const DEMOTION_NOTICE_DAYS = 30;

/** The notification type of every change to an agent's tier (promotion, notice, demotion, by hand, freeze). */
export { TIER_CHANGED_NOTIFICATION } from './profile.ts';

export const tierCriterionSchema = z.object({
  kind: z.enum(TIER_CRITERION_KINDS),
  /** completed_bookings: how many completed bookings in the period */
  threshold_count: z.number().int().nullable(),
  /** completed_value: the treatment value in minor units of `currency` (the reference currency) */
  threshold_minor: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** active_certificate: the certification programme's key */
  certificate_programme: z.string().nullable(),
});
export type TierCriterion = z.infer<typeof tierCriterionSchema>;

export const partnerTierSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  name_ar: z.string(),
  rank: z.number().int(),
  benefits: z.string(),
  benefits_ar: z.string(),
  evaluation_period: z.enum(TIER_PERIODS),
  criteria: z.array(tierCriterionSchema),
});
export type PartnerTier = z.infer<typeof partnerTierSchema>;

const tierRef = z.object({ id: z.number().int(), name: z.string(), name_ar: z.string() });

/** One criterion of the next tier, measured over the current period so far. */
export const criterionProgressSchema = tierCriterionSchema.extend({
  /** completed_bookings: a count; completed_value: minor units of `currency`; active_certificate: 1 when held */
  achieved: z.number().int(),
  /** the threshold in the same unit as `achieved` */
  target: z.number().int(),
  met: z.boolean(),
});
export type CriterionProgress = z.infer<typeof criterionProgressSchema>;

export const evaluationPeriodSchema = z.object({
  kind: z.enum(TIER_PERIODS),
  /** YYYY-MM-DD, the first day */
  starts_on: z.string(),
  /** YYYY-MM-DD, the last day (inclusive) */
  ends_on: z.string(),
  /** whole days left after today, today included */
  days_left: z.number().int(),
});
export type EvaluationPeriod = z.infer<typeof evaluationPeriodSchema>;

export const tierHistoryEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(TIER_HISTORY_KINDS),
  automatic: z.boolean(),
  from: tierRef.nullable(),
  to: tierRef,
  reason: z.string().nullable(),
  /** When it took (or, for a notice, will take) effect */
  effective_at: z.string(),
  created_at: z.string(),
});
export type TierHistoryEntry = z.infer<typeof tierHistoryEntrySchema>;

/** GET /api/partner-tiers (terms.read): the agent's tier, its progress toward the next one, and its history. */
export const PARTNER_TIERS_URL = '/api/partner-tiers';
export const partnerTierViewSchema = z.object({
  /** Every tier, lowest first (the ladder the page draws). Empty when the programme has none yet. */
  tiers: z.array(partnerTierSchema),
  /** The agent's tier; null before the first evaluation. */
  current: tierRef.nullable(),
  since: z.string().nullable(),
  frozen: z.boolean(),
  /** A demotion announced: to which tier, and from when. */
  demotion: z.object({ to: tierRef, noticed_at: z.string().nullable(), effective_at: z.string() }).nullable(),
  /** The tier above the current one (the entry tier when none yet), and the progress toward it in its period. */
  next: tierRef.nullable(),
  period: evaluationPeriodSchema.nullable(),
  progress: z.array(criterionProgressSchema),
  /** The exchange rates' date when a value criterion counted bookings billed in other currencies (approximate). */
  exchange_rates_as_of: z.string().nullable(),
  /** Completed bookings in a currency with no exchange rate, left out of a value criterion. */
  unconverted_bookings: z.number().int(),
  history: z.array(tierHistoryEntrySchema),
});
export type PartnerTierView = z.infer<typeof partnerTierViewSchema>;

/** A rate written out in a text: '12 %', '8.5%', '١٢٪'. */
const RATE_IN_TEXT = /\d\s*[%٪]/;

/**
 * Benefits as a member who sees no rate reads them (the affiliates group, issue 31): each line of the operator's text
 * that names a rate is left out, the rest ('A dedicated account manager') kept.
 */
export function benefitsWithoutRates(text: string): string {
  return text
    .split('\n')
    .filter((line) => !RATE_IN_TEXT.test(line))
    .join('\n')
    .trim();
}

/**
 * GET /api/commission-structure/tier-comparison?tier_id= (commission-rates, terms.read, never for affiliates): the
 * agent's rates that would differ in that tier, today's value beside it.
 */
export const TIER_COMPARISON_URL = '/api/commission-structure/tier-comparison';
export const tierComparisonQuerySchema = z.object({ tier_id: z.preprocess(queryValue, idStringField('tier id')) });
export const tierComparisonSchema = z.object({
  changes: z.array(
    z.object({
      key: z.string(),
      scope: rateScopeSchema,
      now: rateValueSchema.nullable(),
      then: rateValueSchema.nullable(),
      /** how many facility × service rates change this way */
      rates: z.number().int(),
    }),
  ),
});
export type TierComparison = z.infer<typeof tierComparisonSchema>;
