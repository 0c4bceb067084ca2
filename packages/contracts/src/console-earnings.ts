import { z } from 'zod';
import { commissionLineFilters, commissionLineSchema, COMMISSION_LINE_SORTS, currencyQueryField, payoutSchema, PAYOUT_SORTS, PAYOUT_STATUSES } from './earnings.ts';
import { idStringField, textField } from './fields.ts';
import { currencyField } from './console-facilities.ts';
import { dateQueryField, defaultedSortQueryField, enumQueryField, idQueryField, isCalendarDate, listEndpoint, listQuerySchema } from './list-query.ts';

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

/** The longest reason an operator gives a partner (a refund, a failed payout). */
export const PARTNER_REASON_MAX = 500;
/** A reason the partner reads as it is written. */
const partnerReasonField = () => textField('reason', { min: 3, max: PARTNER_REASON_MAX, required: 'Say why: the reason is shown to the partner.' });

export const commissionLineParamsSchema = z.object({ id: idStringField('id') });
export const consoleCommissionRefundUrl = (id: number | string) => `/api/console/earnings/lines/${id}/refund`;

/**
 * POST /api/console/earnings/lines/:id/refund (earnings.manage): the patient was refunded. A line not yet in a payout
 * is reversed; a paid one is clawed back by a negative line netted in the next payout; a line in a payout being sent
 * waits for the payout's outcome (409).
 */
export const recordRefundRequestSchema = z.object({
  reason: partnerReasonField(),
});
export type RecordRefundRequest = z.output<typeof recordRefundRequestSchema>;
export const recordRefundResultSchema = z.object({
  line: consoleCommissionLineSchema,
  /** the clawback written, when the line was paid */
  clawback: consoleCommissionLineSchema.nullable(),
});

export const consoleCommissionAdjustmentUrl = (lineId: number | string) => `/api/console/earnings/lines/${lineId}/adjustments`;

/**
 * POST /api/console/earnings/lines/:id/adjustments (earnings.manage): a finance operator's adjustment of a booking's
 * commission line (goodwill, a correction): a signed amount in the line's currency, with at most its ISO 4217
 * decimals (checked by the server: 422 on `amount`; at most 10 digits before the point), never zero, and the reason the partner reads. The booking's net
 * commission never goes below zero (422). Audited; the partner is told.
 */
export const recordAdjustmentRequestSchema = z.object({
  amount: z
    .string({ error: 'The amount field is required.' })
    .trim()
    .min(1, 'The amount field is required.')
    .regex(/^[-+]?\d{1,10}(\.\d{1,3})?$/, 'The amount field must be a number such as -25.00 or 40.')
    .refine((value) => /[1-9]/.test(value), 'The amount must not be zero.'),
  reason: partnerReasonField(),
});
export type RecordAdjustmentRequest = z.input<typeof recordAdjustmentRequestSchema>;
export const recordAdjustmentResultSchema = z.object({ adjustment: consoleCommissionLineSchema });

/** How much of the treatment was refunded: all of what is left, or part of it. */
export const REFUND_SCOPES = ['full', 'partial'] as const;
export type RefundScope = (typeof REFUND_SCOPES)[number];

export const consoleBookingCommissionUrl = (bookingId: number | string) => `/api/console/earnings/bookings/${bookingId}`;
export const consoleBookingRefundsUrl = (bookingId: number | string) => `/api/console/earnings/bookings/${bookingId}/refunds`;
export const bookingParamsSchema = z.object({ id: idStringField('id') });

/**
 * POST /api/console/earnings/bookings/:id/refunds (earnings.manage): the patient was refunded, in full or in part (an
 * amount in the booking's currency with at most its ISO 4217 decimals). The refunds of a booking never add up to more
 * than its amount (422 on `amount`). A partial refund reduces the commission by an adjustment line; a full one (or the
 * partial that refunds what was left) reverses the booking's lines not yet paid, claws back the paid ones, and makes
 * the booking `refunded`. A line in a payout being sent answers 409. Audited; the partner is told.
 */
export const recordBookingRefundRequestSchema = z
  .object({
    scope: z.enum(REFUND_SCOPES, { error: 'Choose a full or a partial refund.' }),
    /** the refunded amount, for a partial refund ('120.50') */
    amount: z
      .string()
      .trim()
      .regex(/^\d{1,10}(\.\d{1,3})?$/, 'The amount field must be a number such as 120.50.')
      .refine((value) => /[1-9]/.test(value), 'The amount must be more than zero.')
      .nullish(),
    reason: partnerReasonField(),
  })
  .superRefine((value, context) => {
    if (value.scope === 'partial' && !value.amount) context.addIssue({ code: 'custom', path: ['amount'], message: 'The amount field is required for a partial refund.' });
  });
export type RecordBookingRefundRequest = z.input<typeof recordBookingRefundRequestSchema>;

/** A refund of a booking's treatment, as finance recorded it. */
export const bookingRefundSchema = z.object({
  id: z.number().int(),
  amount_minor: z.number().int(),
  currency: z.string(),
  full: z.boolean(),
  reason: z.string(),
  /** the operator who recorded it */
  recorded_by: z.string().nullable(),
  at: z.string(),
});
export type BookingRefund = z.infer<typeof bookingRefundSchema>;

/**
 * GET /api/console/earnings/bookings/:id (earnings.read): a booking's money as the ledger sees it: its amount and
 * what was refunded (minor units of its currency), its refunds, and its lines (commission, adjustments, clawbacks).
 */
export const bookingCommissionSchema = z.object({
  booking_id: z.number().int(),
  booking_reference: z.string(),
  status: z.string(),
  /** null: the stored amount has more decimals than its currency holds (a row written before the rule): never read as 0 */
  amount_minor: z.number().int().nullable(),
  currency: z.string(),
  refunded_minor: z.number().int(),
  refunds: z.array(bookingRefundSchema),
  lines: z.array(consoleCommissionLineSchema),
});
export type BookingCommission = z.infer<typeof bookingCommissionSchema>;

/**
 * Payout schedules: per currency, the smallest payout (minor units; a smaller balance waits for the next run) and the
 * day of the month the run builds payouts. A currency nobody set is paid on the 5th with a default minimum (`is_default`).
 */
export const payoutScheduleSchema = z.object({
  currency: z.string(),
  minimum_minor: z.number().int(),
  day_of_month: z.number().int(),
  is_default: z.boolean(),
  /** approved (clawbacks netted) and not yet in a payout, across agents */
  approved_minor: z.number().int(),
  /** the day the next run builds payouts of this currency */
  next_run_on: z.string(),
  updated_at: z.string().nullable(),
});
export type PayoutSchedule = z.infer<typeof payoutScheduleSchema>;

/** GET /api/console/earnings/payout-schedules (earnings.read): every currency with lines or a schedule. */
export const CONSOLE_PAYOUT_SCHEDULES_URL = '/api/console/earnings/payout-schedules';
export const payoutSchedulesSchema = z.object({ schedules: z.array(payoutScheduleSchema) });

export const payoutScheduleParamsSchema = z.object({
  currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'The currency must be a three-letter ISO 4217 code.'),
});
export const consolePayoutScheduleUrl = (currency: string) => `${CONSOLE_PAYOUT_SCHEDULES_URL}/${currency}`;

/** PUT /api/console/earnings/payout-schedules/:currency (earnings.manage): set a currency's minimum and day; audited. */
export const payoutScheduleRequestSchema = z.object({
  /** the minimum as a decimal in the currency ('50.00'); 0 pays any positive balance */
  minimum: z
    .string({ error: 'The minimum is required.' })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,3})?$/, 'The minimum must be an amount such as 50.00.'),
  day_of_month: z.number({ error: 'The day must be a number from 1 to 28.' }).int('The day must be a number from 1 to 28.').min(1, 'The day must be a number from 1 to 28.').max(28, 'The day must be a number from 1 to 28.'),
});
export type PayoutScheduleRequest = z.output<typeof payoutScheduleRequestSchema>;

/** A payout as the console lists it: with its agent, and who sent it. */
export const consolePayoutSchema = payoutSchema.extend({
  referral_agent_id: z.number().int(),
  agent_name: z.string(),
  bank_reference: z.string().nullable(),
  sent_by: z.string().nullable(),
});
export type ConsolePayout = z.infer<typeof consolePayoutSchema>;

export const consolePayoutsQuerySchema = listQuerySchema({
  filters: {
    status: enumQueryField('status', PAYOUT_STATUSES),
    currency: currencyQueryField(),
    referral_agent_id: idQueryField('referral agent'),
    /** the run's day: one batch */
    scheduled_on: dateQueryField('scheduled on'),
    sort: defaultedSortQueryField(PAYOUT_SORTS, '-scheduled_on'),
  },
  defaultPageSize: 25,
});
export type ConsolePayoutsQuery = z.output<typeof consolePayoutsQuerySchema>;

/** GET /api/console/earnings/payouts (earnings.read): every agent's payouts; a batch is a run day and a currency. */
export const consolePayoutsEndpoint = listEndpoint('/api/console/earnings/payouts', consolePayoutsQuerySchema, consolePayoutSchema);

export const payoutParamsSchema = z.object({ id: idStringField('id') });

/** GET /api/console/earnings/payouts/:id (earnings.read): the payout and its lines. */
export const consolePayoutUrl = (id: number | string) => `/api/console/earnings/payouts/${id}`;
export const consolePayoutDetailSchema = z.object({ payout: consolePayoutSchema, lines: z.array(consoleCommissionLineSchema) });
export type ConsolePayoutDetail = z.infer<typeof consolePayoutDetailSchema>;

/**
 * POST /api/console/earnings/payouts/:id/{sent,paid,failed} (earnings.manage), each audited and told to the partner:
 * sent (from draft), paid (from sent: the lines are paid, the statement numbered), failed (from sent, or from a draft
 * never put in a bank file; a reason shown to the partner: the lines are approved again and wait for the next run). A
 * payout in another state answers 409.
 */
export const PAYOUT_ACTIONS = ['sent', 'paid', 'failed'] as const;
export type PayoutAction = (typeof PAYOUT_ACTIONS)[number];
export const consolePayoutActionUrl = (id: number | string, action: PayoutAction) => `/api/console/earnings/payouts/${id}/${action}`;
export const markPayoutPaidRequestSchema = z.object({
  /** the bank's reference of the transfer, kept with the payout */
  bank_reference: textField('bank reference', { min: 0, max: 100 }).optional(),
});
export const markPayoutFailedRequestSchema = z.object({
  reason: partnerReasonField(),
});
export const payoutActionResultSchema = z.object({ payout: consolePayoutSchema });

/** POST /api/console/earnings/payout-run (earnings.manage): run today's payouts now (the job also runs daily). */
export const CONSOLE_PAYOUT_RUN_URL = '/api/console/earnings/payout-run';
export const payoutRunResultSchema = z.object({
  payouts: z.number().int(),
  /** agents whose balance is under the minimum */
  carried_forward: z.number().int(),
  /** agents whose payment details are missing, unverified or frozen */
  held: z.number().int(),
});

/**
 * GET /api/console/earnings/payouts/bank-file (earnings.manage; audited, since it carries full account numbers): the
 * draft payouts of one run day and currency as a file for the bank: `csv` (any currency: every payee's scheme and
 * account) or `sepa` (EUR only: an ISO 20022 pain.001.001.03 credit transfer of the payees paid by IBAN). 422 when the
 * batch has no draft payout (or, for SEPA, none payable by IBAN).
 */
export const CONSOLE_PAYOUT_BANK_FILE_URL = '/api/console/earnings/payouts/bank-file';
export const BANK_FILE_FORMATS = ['csv', 'sepa'] as const;
export const payoutBankFileQuerySchema = z.object({
  format: z.enum(BANK_FILE_FORMATS, { error: 'The format must be csv or sepa.' }),
  scheduled_on: z.string({ error: 'Choose the run day of the batch.' }).refine(isCalendarDate, 'Choose the run day of the batch.'),
  currency: z.string({ error: 'Choose the currency of the batch.' }).trim().toUpperCase().regex(/^[A-Z]{3}$/, 'Choose the currency of the batch.'),
});
export type PayoutBankFileQuery = z.output<typeof payoutBankFileQuerySchema>;
export const payoutBankFileUrl = (query: PayoutBankFileQuery) => `${CONSOLE_PAYOUT_BANK_FILE_URL}?${new URLSearchParams(query).toString()}`;

/**
 * Four eyes on payouts (issue 31, docs/earnings.md "Four eyes"): a batch (a run day and a currency) whose draft payouts
 * to verified accounts add up to more than its currency's threshold is sent only when one operator has proposed it
 * and a different one approved it. Under the threshold, proposing sends it at once.
 */
export const payoutApprovalThresholdSchema = z.object({
  currency: z.string(),
  /** a batch whose total is above this (minor units) needs a second operator; 0: every batch */
  threshold_minor: z.number().int(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type PayoutApprovalThreshold = z.infer<typeof payoutApprovalThresholdSchema>;

/**
 * GET /api/console/earnings/payout-approval-thresholds (earnings.read); PUT …/:currency sets one, DELETE …/:currency
 * removes it (its batches then need one operator): finance_controls.manage, audited with the operator. Each answers
 * the whole list.
 */
export const CONSOLE_PAYOUT_THRESHOLDS_URL = '/api/console/earnings/payout-approval-thresholds';
export const consolePayoutThresholdUrl = (currency: string) => `${CONSOLE_PAYOUT_THRESHOLDS_URL}/${currency}`;
/** A threshold's currency: an ISO 4217 code the platform knows (its decimals say how the amount is read). */
export const payoutThresholdParamsSchema = z.object({ currency: currencyField() });
export const payoutApprovalThresholdsSchema = z.object({ thresholds: z.array(payoutApprovalThresholdSchema) });
export const payoutApprovalThresholdRequestSchema = z.object({
  /** the threshold as a decimal in the currency ('10000.00'); 0: every batch needs two operators */
  threshold: z
    .string({ error: 'The threshold is required.' })
    .trim()
    .regex(/^\d{1,12}(\.\d{1,3})?$/, 'The threshold must be an amount such as 10000.00.'),
});
export type PayoutApprovalThresholdRequest = z.output<typeof payoutApprovalThresholdRequestSchema>;

export const PAYOUT_BATCH_PROPOSAL_STATUSES = ['proposed', 'approved', 'withdrawn'] as const;
export const payoutBatchProposalSchema = z.object({
  id: z.number().int(),
  scheduled_on: z.string(),
  currency: z.string(),
  payouts: z.number().int(),
  total_minor: z.number().int(),
  status: z.enum(PAYOUT_BATCH_PROPOSAL_STATUSES),
  proposed_by: z.object({ id: z.number().int(), name: z.string() }),
  proposed_at: z.string(),
  decided_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  decided_at: z.string().nullable(),
});
export type PayoutBatchProposal = z.infer<typeof payoutBatchProposalSchema>;

/** GET /api/console/earnings/payout-batches (earnings.read): the batch proposals, open ones first, then the latest decided. */
export const CONSOLE_PAYOUT_BATCHES_URL = '/api/console/earnings/payout-batches';
export const payoutBatchProposalsSchema = z.object({ proposals: z.array(payoutBatchProposalSchema) });

/**
 * POST /api/console/earnings/payout-batches (earnings.manage): send a batch's draft payouts to verified accounts. Under
 * its currency's threshold they are sent at once (`sent`); above it the batch awaits a second operator's approval
 * (`awaiting_second_approval`). 422 when the batch has nothing to send; 409 when it is proposed already.
 */
export const payoutBatchRequestSchema = z.object({
  scheduled_on: z.string({ error: 'Choose the run day of the batch.' }).refine(isCalendarDate, 'Choose the run day of the batch.'),
  currency: z.string({ error: 'Choose the currency of the batch.' }).trim().toUpperCase().regex(/^[A-Z]{3}$/, 'Choose the currency of the batch.'),
});
export type PayoutBatchRequest = z.output<typeof payoutBatchRequestSchema>;
export const payoutBatchResultSchema = z.object({
  status: z.enum(['sent', 'awaiting_second_approval']),
  /** the payouts sent (or to be sent once approved) */
  payouts: z.number().int(),
  total_minor: z.number().int(),
  proposal: payoutBatchProposalSchema.nullable(),
});
export type PayoutBatchResult = z.infer<typeof payoutBatchResultSchema>;

/**
 * POST /api/console/earnings/payout-batches/:id/approve (earnings.manage): a different operator than the proposer
 * approves; the payouts are sent (audited with both names). The proposer: 403 second_operator_required. A batch that
 * changed since (a payout failed, details no longer verified): 409, the proposal withdrawn.
 */
export const consolePayoutBatchApproveUrl = (id: number | string) => `${CONSOLE_PAYOUT_BATCHES_URL}/${id}/approve`;
/**
 * POST /api/console/earnings/payout-batches/:id/withdraw (earnings.manage): the proposer or another operator withdraws
 * a proposal still awaiting approval (audited); its payouts stay drafts and the batch may be proposed again. 409 when
 * it was approved or withdrawn already.
 */
export const consolePayoutBatchWithdrawUrl = (id: number | string) => `${CONSOLE_PAYOUT_BATCHES_URL}/${id}/withdraw`;
export const payoutBatchParamsSchema = z.object({ id: idStringField('id') });
