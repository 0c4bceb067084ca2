import { z } from 'zod';
import { currencyQueryField } from './earnings.ts';
import { idStringField } from './fields.ts';
import { enumQueryField, idQueryField, listEndpoint, listQuerySchema } from './list-query.ts';
import type { OperatorPermission } from './operator-permissions.ts';

/**
 * Finance's exceptions (issue 31, docs/console-exceptions.md): the money the ledger cannot settle on its own, each with
 * the action that resolves it. Read with `exceptions.read` (finance and admins: the role map has it since issue 31).
 * The server validates with these and the console parses with them.
 */

export const exceptionsPermission: OperatorPermission = 'exceptions.read';

/**
 * - `unpriced_completion`: a completed booking with no commission line (no rate, an amount or currency it cannot price)
 * - `negative_balance`: an agent's approved balance in a currency below zero (a clawback or adjustment passed it)
 * - `failed_payout`: a failed payout no later payout of the agent and currency has followed yet
 * - `held_payout`: money due to an agent whose payment details are missing, unverified or frozen
 */
export const EXCEPTION_KINDS = ['unpriced_completion', 'negative_balance', 'failed_payout', 'held_payout'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

/** Why a completion is unpriced: the ledger's reasons, and `not_priced_yet` for one no pricing has tried for hours. */
export const UNPRICED_REASONS = ['no_rate', 'amount_not_in_currency', 'currency_not_billing', 'not_priced_yet'] as const;
export type UnpricedReason = (typeof UNPRICED_REASONS)[number];

/** Why a payout is held: the state of the agent's payment details. */
export const HELD_REASONS = ['missing', 'unverified', 'frozen'] as const;
export type HeldReason = (typeof HELD_REASONS)[number];

const common = {
  /** stable across pages: the kind and its record ('failed_payout:42', 'negative_balance:7:EUR') */
  id: z.string(),
  referral_agent_id: z.number().int(),
  agent_name: z.string(),
  currency: z.string(),
  /** ISO 8601, UTC: when the exception began (completed, went negative, failed, first held) */
  since: z.string(),
};

/** One open exception: a union on `kind` (the list's row; only parsed from the server's answers). */
const exceptionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('unpriced_completion'),
    ...common,
    reason: z.enum(UNPRICED_REASONS),
    booking_id: z.number().int(),
    ticket_id: z.string().nullable(),
    facility_id: z.number().int(),
    facility_name: z.string(),
    /** the booking's amount as a decimal in its currency (it may have more decimals than the currency holds) */
    amount: z.string(),
  }),
  z.object({
    kind: z.literal('negative_balance'),
    ...common,
    /** the approved lines' sum, below zero, in minor units of the currency */
    amount_minor: z.number().int(),
  }),
  z.object({
    kind: z.literal('failed_payout'),
    ...common,
    payout_id: z.number().int(),
    amount_minor: z.number().int(),
    /** what the operator who marked it failed wrote */
    reason: z.string(),
  }),
  z.object({
    kind: z.literal('held_payout'),
    ...common,
    /** approved lines and draft payouts waiting, in minor units */
    amount_minor: z.number().int(),
    reason: z.enum(HELD_REASONS),
  }),
]);
export type FinanceException = z.infer<typeof exceptionSchema>;

const exceptionFilters = {
  kind: enumQueryField('kind', EXCEPTION_KINDS),
  referral_agent_id: idQueryField('referral agent'),
  currency: currencyQueryField(),
};

export const exceptionsQuerySchema = listQuerySchema({ filters: exceptionFilters, defaultPageSize: 25 });
export type ExceptionsQuery = z.output<typeof exceptionsQuerySchema>;

/** GET /api/console/exceptions (exceptions.read): every open exception, newest first; filter by kind, agent and currency. */
export const exceptionsEndpoint = listEndpoint('/api/console/exceptions', exceptionsQuerySchema, exceptionSchema);

export const exceptionCountsQuerySchema = z.object({ referral_agent_id: exceptionFilters.referral_agent_id, currency: exceptionFilters.currency });
export type ExceptionCountsQuery = z.output<typeof exceptionCountsQuerySchema>;

/** GET /api/console/exceptions/counts (exceptions.read): how many of each kind the agent and currency filters keep. */
export const EXCEPTION_COUNTS_URL = '/api/console/exceptions/counts';
export const exceptionCountsSchema = z.object({
  counts: z.object(Object.fromEntries(EXCEPTION_KINDS.map((kind) => [kind, z.number().int()])) as Record<ExceptionKind, z.ZodNumber>),
  total: z.number().int(),
  /** the filters' choices: the agents and currencies with an open exception, whatever the filters */
  agents: z.array(z.object({ id: z.number().int(), name: z.string() })),
  currencies: z.array(z.string()),
});
export type ExceptionCounts = z.infer<typeof exceptionCountsSchema>;

export const priceAgainParamsSchema = z.object({ booking: idStringField('booking') });

/**
 * POST /api/console/exceptions/unpriced-completions/:booking/price (earnings.manage): prices an unpriced completion now,
 * as the hourly sweep would (after a rate was added or the booking corrected). Answers whether a line was recorded, or
 * why not still; audited.
 */
export const priceAgainUrl = (booking: number | string) => `/api/console/exceptions/unpriced-completions/${booking}/price`;
export const priceAgainResultSchema = z.object({ priced: z.boolean(), reason: z.enum(UNPRICED_REASONS).nullable() });
export type PriceAgainResult = z.infer<typeof priceAgainResultSchema>;
