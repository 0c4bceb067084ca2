import { z } from 'zod';
import { idField, idStringField, textField } from './fields.ts';
import { defaultedSortQueryField, enumQueryField, idQueryField, listEndpoint, listQuerySchema, textQueryField } from './list-query.ts';
import { TIER_CRITERION_KINDS, TIER_PERIODS, partnerTierSchema } from './partner-tiers.ts';

/**
 * The console's partner tiers (issue 15, docs/partner-tiers.md): the tiers and their criteria, every agent's tier, and an
 * operator's hand on it. A file of its own so the partner's pages never bundle the console's API paths.
 */

const tierRef = z.object({ id: z.number().int(), name: z.string(), name_ar: z.string() });


/** A tier as operators see it: how many agents hold it. */
export const consoleTierSchema = partnerTierSchema.extend({ agents: z.number().int() });
export type ConsoleTier = z.infer<typeof consoleTierSchema>;

/** GET /api/console/partner-tiers (terms.read): every tier, lowest first. */
export const CONSOLE_TIERS_URL = '/api/console/partner-tiers';
export const consoleTiersSchema = z.object({ tiers: z.array(consoleTierSchema) });

const criterionRequestSchema = z
  .object({
    kind: z.enum(TIER_CRITERION_KINDS, { error: 'The criterion must be completed bookings, completed value or an active certificate.' }),
    threshold_count: z.number({ error: 'The number of bookings must be a number.' }).int('The number of bookings must be whole.').min(1, 'The number of bookings must be at least 1.').max(1_000_000, 'The number of bookings must be at most 1,000,000.').nullable().default(null),
    /** completed_value: a decimal string in `currency`, as typed ('250000.00') */
    threshold_amount: z.string().trim().regex(/^\d{1,12}(\.\d{1,3})?$/, 'The value must be a number such as 250000.00.').nullable().default(null),
    currency: z.string().trim().regex(/^[A-Z]{3}$/, 'The currency must be a three-letter ISO 4217 code.').nullable().default(null),
    certificate_programme: z.string().trim().regex(/^[a-z0-9-]{1,60}$/, 'The programme must be a key of lower-case letters, digits and hyphens.').nullable().default(null),
  })
  .superRefine((criterion, context) => {
    if (criterion.kind === 'completed_bookings' && criterion.threshold_count === null) context.addIssue({ code: 'custom', path: ['threshold_count'], message: 'The number of bookings is required.' });
    if (criterion.kind === 'completed_value' && criterion.threshold_amount === null) context.addIssue({ code: 'custom', path: ['threshold_amount'], message: 'The value is required.' });
    if (criterion.kind === 'completed_value' && criterion.currency === null) context.addIssue({ code: 'custom', path: ['currency'], message: 'The currency is required.' });
    if (criterion.kind === 'active_certificate' && criterion.certificate_programme === null) context.addIssue({ code: 'custom', path: ['certificate_programme'], message: 'The programme is required.' });
  });

/** POST /api/console/partner-tiers (a new tier, ranked above the others) and PUT …/:id (terms.manage). */
export const tierRequestSchema = z
  .object({
    name: textField('name', { max: 40, min: 2 }),
    name_ar: textField('Arabic name', { max: 40, min: 2 }),
    benefits: textField('benefits', { max: 2000, min: 0, multiline: true }),
    benefits_ar: textField('Arabic benefits', { max: 2000, min: 0, multiline: true }),
    evaluation_period: z.enum(TIER_PERIODS, { error: 'The evaluation period must be a month, a quarter or a year.' }),
    criteria: z.array(criterionRequestSchema).max(3, 'A tier has at most one criterion of each kind.').default([]),
  })
  .superRefine((tier, context) => {
    const kinds = tier.criteria.map((criterion) => criterion.kind);
    if (new Set(kinds).size !== kinds.length) context.addIssue({ code: 'custom', path: ['criteria'], message: 'A tier has at most one criterion of each kind.' });
  });
export type TierRequest = z.output<typeof tierRequestSchema>;
export const tierParamsSchema = z.object({ id: idStringField('id') });

export const consoleAgentTierRowSchema = z.object({
  /** the referral agent's id */
  id: z.number().int(),
  name: z.string(),
  group: z.string(),
  tier: tierRef.nullable(),
  since: z.string().nullable(),
  frozen: z.boolean(),
  frozen_reason: z.string().nullable(),
  demotion: z.object({ to: tierRef, effective_at: z.string() }).nullable(),
  evaluated_at: z.string().nullable(),
});
export type ConsoleAgentTierRow = z.infer<typeof consoleAgentTierRowSchema>;

export const consoleAgentTiersQuerySchema = listQuerySchema({
  filters: {
    search: textQueryField('search', 100),
    tier_id: idQueryField('tier id'),
    state: enumQueryField('state', ['frozen', 'notice'] as const),
    sort: defaultedSortQueryField(['name', 'tier'] as const, 'name'),
  },
  defaultPageSize: 25,
});
export type ConsoleAgentTiersQuery = z.output<typeof consoleAgentTiersQuerySchema>;

/** GET /api/console/agent-tiers (terms.read): each referral agent's tier. */
export const consoleAgentTiersEndpoint = listEndpoint('/api/console/agent-tiers', consoleAgentTiersQuerySchema, consoleAgentTierRowSchema);

/** POST /api/console/agent-tiers/:id/tier (terms.manage): set the agent's tier by hand, with a reason. */
export const setAgentTierRequestSchema = z.object({
  tier_id: idField('tier id'),
  reason: textField('reason', { max: 500, min: 3 }),
});
/** POST /api/console/agent-tiers/:id/freeze (terms.manage): freeze (or unfreeze) the agent's tier, with a reason. */
export const freezeAgentTierRequestSchema = z.object({
  frozen: z.boolean({ error: 'The frozen field must be true or false.' }),
  reason: textField('reason', { max: 500, min: 3 }),
});
export const agentTierParamsSchema = z.object({ id: idStringField('id') });
