import { z } from 'zod';
import { rateValueSchema } from './commission-rates.ts';
import { dateQueryField, defaultedSortQueryField, enumQueryField, idQueryField, listEndpoint, listQuerySchema, queryField, queryValue } from './list-query.ts';

/**
 * Earnings (issue 16, docs/earnings.md): the commission ledger as a partner and an operator see it. A line is earned
 * when a booking completes, priced by the rate card row in force then, and moves pending (inside its refund window) →
 * approved (the daily run, unless an unsigned mandatory agreement holds it) → in_payout → paid; a refund before payout
 * reverses it, after payout a clawback (a negative line) is netted in the next payout. Money is integer minor units of
 * its currency: never a float, never converted.
 */

export const COMMISSION_STATUSES = ['pending', 'approved', 'in_payout', 'paid', 'reversed'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

/**
 * commission: earned on a completed booking; clawback: takes back a paid line after a full refund; adjustment (issue
 * 31): a signed correction of a booking's commission, with its reason (a partial refund, a corrected amount, an
 * operator's goodwill or correction, a reconciliation dispute).
 */
export const COMMISSION_LINE_KINDS = ['commission', 'clawback', 'adjustment'] as const;
export type CommissionLineKind = (typeof COMMISSION_LINE_KINDS)[number];

/** What wrote an adjustment line. */
export const ADJUSTMENT_SOURCES = ['partial_refund', 'amount_change', 'manual', 'dispute'] as const;
export type AdjustmentSource = (typeof ADJUSTMENT_SOURCES)[number];

/** Why a line past its refund window is still pending: an agreement to sign, or the facility's invoice unpaid. */
export const HOLD_REASONS = ['agreement_unsigned', 'invoice_unpaid'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

export const currencyQueryField = () => queryField(z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'The currency must be a three-letter ISO 4217 code.'));

/** One line of the ledger. */
export const commissionLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(COMMISSION_LINE_KINDS),
  booking_id: z.number().int(),
  /** the ticket as the bookings table shows it ('MT-482913'), or '-' */
  booking_reference: z.string(),
  facility_id: z.number().int(),
  facility_name: z.string(),
  service_name: z.string().nullable(),
  treatment_on: z.string(),
  earned_on: z.string(),
  base_minor: z.number().int(),
  base_currency: z.string(),
  /** the rate card row that priced it, as it was then; null for a member of the affiliates group, who sees no rate */
  rate: rateValueSchema.nullable(),
  refund_window_days: z.number().int().nullable(),
  amount_minor: z.number().int(),
  currency: z.string(),
  status: z.enum(COMMISSION_STATUSES),
  /** the end of the refund window: the day it becomes payable */
  payable_on: z.string(),
  held_reason: z.enum(HOLD_REASONS).nullable(),
  reversal_reason: z.string().nullable(),
  /** a clawback's original line */
  clawback_of: z.object({ id: z.number().int(), booking_reference: z.string() }).nullable(),
  /** the clawback that took back a paid line */
  clawed_back_by: z.number().int().nullable(),
  /** an adjustment's reason (shown to the partner as written), what wrote it, and the line it adjusts */
  adjustment: z.object({ reason: z.string(), source: z.enum(ADJUSTMENT_SOURCES), adjusts_line_id: z.number().int() }).nullable(),
  agreement: z.object({ key: z.string(), version: z.number().int() }).nullable(),
  paid_on: z.string().nullable(),
});
export type CommissionLine = z.infer<typeof commissionLineSchema>;

export const COMMISSION_LINE_SORTS = ['treatment_on', 'amount', 'payable_on'] as const;

/** The filters of the lines list, its totals and its export. */
export const commissionLineFilters = {
  /** treatment day range (spec §4's date-range widget) */
  from: dateQueryField('from'),
  to: dateQueryField('to'),
  status: enumQueryField('status', COMMISSION_STATUSES),
  /** the spec's facility filter's parameter name, as the bookings list has it */
  medical_service_provider: idQueryField('medical service provider'),
  currency: currencyQueryField(),
};

export const commissionLinesQuerySchema = listQuerySchema({
  filters: { ...commissionLineFilters, sort: defaultedSortQueryField(COMMISSION_LINE_SORTS, '-treatment_on') },
  defaultPageSize: 10,
});
export type CommissionLinesQuery = z.output<typeof commissionLinesQuerySchema>;
export const commissionLineFiltersSchema = z.object(commissionLineFilters);
export type CommissionLineFilters = z.output<typeof commissionLineFiltersSchema>;

/** GET /api/earnings/lines (earnings.read): the member's or the agent's lines (referralScope). */
export const commissionLinesEndpoint = listEndpoint('/api/earnings/lines', commissionLinesQuerySchema, commissionLineSchema);

/**
 * GET /api/earnings/lines/export?…&format=xlsx|pdf: every line the filters keep (not only the page shown), in the
 * table's order, with the filters written at the top and the totals per currency at the end.
 */
export const EARNINGS_LINES_EXPORT_URL = '/api/earnings/lines/export';
export const EARNINGS_EXPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type EarningsExportFormat = (typeof EARNINGS_EXPORT_FORMATS)[number];
export const commissionLinesExportQuerySchema = z.object({
  ...commissionLineFilters,
  sort: defaultedSortQueryField(COMMISSION_LINE_SORTS, '-treatment_on'),
  format: z.preprocess(queryValue, z.enum(EARNINGS_EXPORT_FORMATS, { error: (issue) => (issue.input === undefined ? 'The format field is required.' : 'The selected format is invalid.') })),
});
export type CommissionLinesExportQuery = z.output<typeof commissionLinesExportQuerySchema>;

/** GET /api/earnings/totals: what the filtered lines add up to, per currency (the table's footer). */
export const EARNINGS_TOTALS_URL = '/api/earnings/totals';
export const currencyAmountSchema = z.object({ currency: z.string(), amount_minor: z.number().int(), lines: z.number().int() });
export const earningsTotalsSchema = z.object({ totals: z.array(currencyAmountSchema) });
export type EarningsTotals = z.infer<typeof earningsTotalsSchema>;

/** GET /api/earnings/facilities: the facility filter's choices, the facilities the scope has lines at. */
export const EARNINGS_FACILITIES_URL = '/api/earnings/facilities';
export const earningsFacilitiesSchema = z.object({ facilities: z.array(z.object({ id: z.number().int(), name: z.string() })) });

/** GET /api/earnings/summary: the cards, per currency, read from the balances (never the lines). */
export const EARNINGS_SUMMARY_URL = '/api/earnings/summary';
export const earningsBalanceSchema = z.object({
  currency: z.string(),
  pending_minor: z.number().int(),
  approved_minor: z.number().int(),
  in_payout_minor: z.number().int(),
  paid_this_year_minor: z.number().int(),
  /** of pending: past its window but held (an agreement to sign) */
  held_minor: z.number().int(),
});
export type EarningsBalance = z.infer<typeof earningsBalanceSchema>;
export const earningsSummarySchema = z.object({
  balances: z.array(earningsBalanceSchema),
  /** the calendar year "paid this year" counts */
  year: z.number().int(),
  /** a mandatory agreement is unsigned: approvals wait for it */
  held_by_agreement: z.boolean(),
});
export type EarningsSummary = z.infer<typeof earningsSummarySchema>;

/** GET /api/earnings/monthly: the chart, by month of the balances' day, stacked by status or grouped by facility or service. */
export const EARNINGS_MONTHLY_URL = '/api/earnings/monthly';
export const EARNINGS_GROUPS = ['status', 'facility', 'service'] as const;
export type EarningsGroup = (typeof EARNINGS_GROUPS)[number];
export const earningsMonthlyQuerySchema = z.object({
  /** the last month shown, YYYY-MM; this month when absent */
  months: queryField(z.enum(['6', '12', '24'], { error: 'The months field must be 6, 12 or 24.' }).transform(Number)),
  group: queryField(z.enum(EARNINGS_GROUPS, { error: 'The selected group is invalid.' })),
  currency: currencyQueryField(),
});
export const earningsMonthlySchema = z.object({
  /** 'YYYY-MM', oldest first, every month of the range */
  months: z.array(z.string()),
  currencies: z.array(z.string()),
  /** the currency shown (the partner's largest when none is asked) */
  currency: z.string().nullable(),
  group: z.enum(EARNINGS_GROUPS),
  series: z.array(z.object({ key: z.string(), label: z.string(), amounts_minor: z.array(z.number().int()) })),
});
export type EarningsMonthly = z.infer<typeof earningsMonthlySchema>;

/**
 * Payouts (payouts.read: owners, managers and finance; the whole agent's): one per agent, currency and run day,
 * gathering the approved lines and netting clawbacks. draft (built by the run) → sent (the bank transfer is on its way)
 * → paid (the statement is numbered) or failed (the reason shown, the lines approved again for the next run).
 */
export const PAYOUT_STATUSES = ['draft', 'sent', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const payoutSchema = z.object({
  id: z.number().int(),
  currency: z.string(),
  amount_minor: z.number().int(),
  lines: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  /** the day of the payout run that built it */
  scheduled_on: z.string(),
  sent_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  failure_reason: z.string().nullable(),
  /** the self-billing statement's number, once paid ('SB-2026-000123') */
  statement_number: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const PAYOUT_SORTS = ['scheduled_on', 'amount'] as const;
export const payoutsQuerySchema = listQuerySchema({
  filters: {
    status: enumQueryField('status', PAYOUT_STATUSES),
    currency: currencyQueryField(),
    sort: defaultedSortQueryField(PAYOUT_SORTS, '-scheduled_on'),
  },
  defaultPageSize: 10,
});
export type PayoutsQuery = z.output<typeof payoutsQuerySchema>;

/** GET /api/earnings/payouts (payouts.read): the agent's payouts, newest first. */
export const payoutsEndpoint = listEndpoint('/api/earnings/payouts', payoutsQuerySchema, payoutSchema);

/**
 * GET /api/earnings/payouts/:id/statement (payouts.read): the self-billing statement of a paid payout, a PDF written
 * once and kept (its SHA-256 in the X-Content-SHA256 header); 404 for a payout not paid or not the agent's.
 */
export const payoutStatementUrl = (id: number | string) => `/api/earnings/payouts/${id}/statement`;
/** The header carrying the stored statement's SHA-256 (hex). */
export const CONTENT_SHA256_HEADER = 'x-content-sha256';
