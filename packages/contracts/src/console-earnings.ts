import { z } from 'zod';
import { commissionLineFilters, commissionLineSchema, COMMISSION_LINE_SORTS } from './earnings.ts';
import { idStringField, textField } from './fields.ts';
import { defaultedSortQueryField, idQueryField, listEndpoint, listQuerySchema } from './list-query.ts';

/**
 * The console's ledger (issue 16, docs/earnings.md): kept apart from earnings.ts so the partner's pages never carry
 * the console's API (e2e/tests/console.spec.ts checks their chunks).
 */

export const consoleCommissionLineSchema = commissionLineSchema.extend({
  referral_agent_id: z.number().int(),
  agent_name: z.string(),
});
export type ConsoleCommissionLine = z.infer<typeof consoleCommissionLineSchema>;

export const consoleCommissionLinesQuerySchema = listQuerySchema({
  filters: {
    ...commissionLineFilters,
    referral_agent_id: idQueryField('referral agent'),
    sort: defaultedSortQueryField(COMMISSION_LINE_SORTS, '-treatment_on'),
  },
  defaultPageSize: 25,
});
export type ConsoleCommissionLinesQuery = z.output<typeof consoleCommissionLinesQuerySchema>;

/** GET /api/console/earnings/lines (earnings.read): every agent's lines. */
export const consoleCommissionLinesEndpoint = listEndpoint('/api/console/earnings/lines', consoleCommissionLinesQuerySchema, consoleCommissionLineSchema);

export const commissionLineParamsSchema = z.object({ id: idStringField('id') });
export const consoleCommissionRefundUrl = (id: number | string) => `/api/console/earnings/lines/${id}/refund`;

/**
 * POST /api/console/earnings/lines/:id/refund (earnings.manage): the patient was refunded. A line not yet in a payout
 * is reversed; a paid one is clawed back by a negative line netted in the next payout; a line in a payout being sent
 * waits for the payout's outcome (409).
 */
export const recordRefundRequestSchema = z.object({
  reason: textField('reason', { min: 3, max: 500, required: 'Say why: the reason is shown to the partner.' }),
});
export type RecordRefundRequest = z.output<typeof recordRefundRequestSchema>;
export const recordRefundResultSchema = z.object({
  line: consoleCommissionLineSchema,
  /** the clawback written, when the line was paid */
  clawback: consoleCommissionLineSchema.nullable(),
});
