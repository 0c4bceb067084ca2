import { z } from 'zod';
import { idField, idStringField, textField } from './fields.ts';
import { defaultedSortQueryField, enumQueryField, idQueryField, listEndpoint, listQuerySchema, queryField } from './list-query.ts';

/**
 * Reconciliation (issue 35, docs/reconciliation.md): a partner and a facility agree, month by month, on which patients
 * were referred (the client list) and what is owed for them (finance). The partner's side: the periods, their lines
 * (each booking and each statement line in exactly one state), the partner's decisions and disputes.
 */

/** The states a booking or a statement line of a period ends in, exactly one each. */
export const MATCH_STATES = ['matched', 'suggested', 'partner_only', 'facility_only', 'amount_mismatch', 'duplicate'] as const;
export type MatchState = (typeof MATCH_STATES)[number];

/** The matching rules, in the order they are applied. */
export const MATCH_RULES = ['booking_reference', 'referral_code', 'service_date_amount'] as const;
export type MatchRule = (typeof MATCH_RULES)[number];

export const PERIOD_STATUSES = ['open', 'in_review', 'agreed', 'disputed', 'locked'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];

export const DECISIONS = ['accepted', 'declined', 'claimed'] as const;
export type Decision = (typeof DECISIONS)[number];

/** Why a partner declines a line (Awin's validation codes, shaped for a facility's statement). */
export const DECLINE_REASONS = ['not_ours', 'cancelled', 'duplicate', 'other'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export const DISPUTE_REASONS = ['missing_from_statement', 'amount_differs', 'not_ours', 'cancelled', 'duplicate', 'other'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_STATUSES = ['open', 'awaiting_operator', 'awaiting_partner', 'resolved_accepted', 'resolved_rejected'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const RECONCILIATION_NOTE_MAX = 2000;
/** Days a dispute has before it is due. */
export const DISPUTE_DUE_DAYS = 14;

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

export const stateCountsSchema = z.object(Object.fromEntries(MATCH_STATES.map((state) => [state, z.number().int()])) as Record<MatchState, z.ZodNumber>);
export type StateCounts = z.infer<typeof stateCountsSchema>;

export const periodFacilitySchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const periodRowSchema = z.object({
  id: z.number().int(),
  facility: periodFacilitySchema,
  /** 'YYYY-MM' */
  month: z.string(),
  currency: z.string(),
  status: z.enum(PERIOD_STATUSES),
  /** 'YYYY-MM-DD': the day the period locks */
  lock_on: z.string(),
  counts: stateCountsSchema,
  open_disputes: z.number().int(),
  /** the period statement the lock wrote: downloadable once locked */
  has_statement: z.boolean(),
});
export type PeriodRow = z.infer<typeof periodRowSchema>;

export const periodListQuerySchema = listQuerySchema({
  filters: {
    facility: idQueryField('facility'),
    status: enumQueryField('status', PERIOD_STATUSES),
    month: queryField(z.string().regex(monthPattern, 'The month field must be a month (YYYY-MM).').optional()),
    sort: defaultedSortQueryField(['month'], '-month'),
  },
  defaultPageSize: 25,
});
export type PeriodListQuery = z.output<typeof periodListQuerySchema>;

/** GET /api/reconciliations/periods: the agent's periods, one row per facility and month. */
export const periodListEndpoint = listEndpoint('/api/reconciliations/periods', periodListQuerySchema, periodRowSchema);

/** A line of a period as the partner reads it: the booking's side and the facility's side, side by side. */
export const itemRowSchema = z.object({
  id: z.number().int(),
  period_id: z.number().int(),
  state: z.enum(MATCH_STATES),
  rule: z.enum(MATCH_RULES).nullable(),
  score: z.number().int().nullable(),
  decision: z.enum(DECISIONS).nullable(),
  decline_reason: z.enum(DECLINE_REASONS).nullable(),
  decision_note: z.string().nullable(),
  booking: z
    .object({
      id: z.number().int(),
      reference: z.string(),
      treatment_on: z.string(),
      service: z.string(),
      amount_minor: z.number().int().nullable(),
      currency: z.string(),
      /** only for members whose role may see patients (referrals.read); null otherwise */
      patient_name: z.string().nullable(),
      /** the ledger's commission on the booking (its rate snapshot), null when not priced */
      commission_minor: z.number().int().nullable(),
    })
    .nullable(),
  line: z
    .object({
      id: z.number().int(),
      row_number: z.number().int(),
      facility_ref: z.string(),
      booking_ref: z.string().nullable(),
      referral_code: z.string().nullable(),
      treatment_on: z.string(),
      service: z.string(),
      amount_minor: z.number().int(),
      currency: z.string(),
      patient_initials: z.string().nullable(),
      birth_year: z.number().int().nullable(),
      /** what the booking's rate snapshot would pay on the facility's amount (an amount mismatch shows both) */
      commission_minor: z.number().int().nullable(),
    })
    .nullable(),
  open_dispute_id: z.number().int().nullable(),
  comments: z.number().int(),
});
export type ItemRow = z.infer<typeof itemRowSchema>;

export const itemListQuerySchema = listQuerySchema({
  filters: {
    period: idQueryField('period'),
    state: enumQueryField('state', MATCH_STATES),
    sort: defaultedSortQueryField(['state'], 'state'),
  },
  defaultPageSize: 50,
});
export type ItemListQuery = z.output<typeof itemListQuerySchema>;

/** GET /api/reconciliations/items?period=: a period's lines, every state first the ones needing a decision. */
export const itemListEndpoint = listEndpoint('/api/reconciliations/items', itemListQuerySchema, itemRowSchema);

export const periodParamsSchema = z.object({ id: idStringField('id') });
export const itemParamsSchema = z.object({ id: idStringField('id') });
export const facilityParamsSchema = z.object({ providerId: idStringField('providerId') });

/** GET /api/reconciliations/facilities/:providerId: the facility behind the partner's URLs, and the agent's account number there. */
export const reconciliationFacilitySchema = periodFacilitySchema.extend({ account_number: z.string().nullable() });
export type ReconciliationFacility = z.infer<typeof reconciliationFacilitySchema>;

const note = (label: string) => textField(label, { max: RECONCILIATION_NOTE_MAX, multiline: true });

export const declineRequestSchema = z
  .object({
    reason: z.enum(DECLINE_REASONS, { error: 'The selected reason is invalid.' }),
    note: note('note').optional(),
  })
  .refine((body) => body.reason !== 'other' || (body.note ?? '') !== '', { path: ['note'], message: 'Say why when the reason is Other.' });
export type DeclineRequest = z.output<typeof declineRequestSchema>;

const evidenceIds = z.array(idField('evidence')).max(5, 'Attach at most 5 files.').default([]);

export const claimRequestSchema = z.object({ note: note('note'), evidence_ids: evidenceIds });
export type ClaimRequest = z.output<typeof claimRequestSchema>;

export const disputeRequestSchema = z.object({
  reason: z.enum(DISPUTE_REASONS, { error: 'The selected reason is invalid.' }),
  message: note('message'),
  evidence_ids: evidenceIds,
});
export type DisputeRequest = z.output<typeof disputeRequestSchema>;

export const commentRequestSchema = z.object({ body: note('body') });
export const replyRequestSchema = z.object({ message: note('message'), evidence_ids: evidenceIds });
export type ReplyRequest = z.output<typeof replyRequestSchema>;

export const bulkAcceptResultSchema = z.object({ accepted: z.number().int() });

export const commentSchema = z.object({
  id: z.number().int(),
  author_type: z.enum(['partner', 'operator']),
  author_name: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export const commentsSchema = z.array(commentSchema);

export const evidenceSchema = z.object({ id: z.number().int(), name: z.string(), content_type: z.string(), size: z.number().int() });
export type Evidence = z.infer<typeof evidenceSchema>;

export const disputeMessageSchema = z.object({
  id: z.number().int(),
  author_type: z.enum(['partner', 'operator']),
  author_name: z.string(),
  body: z.string(),
  evidence: evidenceSchema.nullable(),
  created_at: z.string(),
});

export const disputeSchema = z.object({
  id: z.number().int(),
  period_id: z.number().int(),
  item_id: z.number().int().nullable(),
  reason_code: z.enum(DISPUTE_REASONS),
  status: z.enum(DISPUTE_STATUSES),
  due_on: z.string(),
  booking_reference: z.string().nullable(),
  facility_ref: z.string().nullable(),
  resolution_note: z.string().nullable(),
  adjustment_minor: z.number().int().nullable(),
  currency: z.string(),
  messages: z.array(disputeMessageSchema),
  created_at: z.string(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** The finance statement of a period, in its currency: every figure the sum of lines the partner can trace. */
export const financeStatementSchema = z.object({
  period: periodRowSchema,
  account_number: z.string().nullable(),
  opening_minor: z.number().int(),
  commission_minor: z.number().int(),
  reversals_minor: z.number().int(),
  clawbacks_minor: z.number().int(),
  adjustments_minor: z.number().int(),
  payouts_minor: z.number().int(),
  closing_minor: z.number().int(),
  /** commission on the lines agreed in this period (matched or accepted) */
  agreed_commission_minor: z.number().int(),
  adjustments: z.array(z.object({ line_id: z.number().int(), amount_minor: z.number().int(), reason: z.string(), dispute_id: z.number().int().nullable(), earned_on: z.string() })),
});
export type FinanceStatement = z.infer<typeof financeStatementSchema>;

export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export const statementParamsSchema = z.object({ id: idStringField('id'), format: z.enum(STATEMENT_FORMATS, { error: 'The selected format is invalid.' }) });

export const RECONCILIATION_URLS = {
  periods: '/api/reconciliations/periods',
  period: '/api/reconciliations/periods/:id',
  agree: '/api/reconciliations/periods/:id/agree',
  bulkAccept: '/api/reconciliations/periods/:id/accept-matched',
  finance: '/api/reconciliations/periods/:id/finance',
  statement: '/api/reconciliations/periods/:id/statement/:format',
  facility: '/api/reconciliations/facilities/:providerId',
  accept: '/api/reconciliations/items/:id/accept',
  decline: '/api/reconciliations/items/:id/decline',
  claim: '/api/reconciliations/items/:id/claim',
  dispute: '/api/reconciliations/items/:id/dispute',
  comments: '/api/reconciliations/items/:id/comments',
  disputeThread: '/api/reconciliations/disputes/:id',
  disputeReply: '/api/reconciliations/disputes/:id/messages',
  evidence: '/api/reconciliations/evidence',
} as const;

/** Evidence a partner attaches: a PDF or a picture, up to 10 MB, sent as the request's body. */
export const EVIDENCE_CONTENT_TYPE = 'application/octet-stream';
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
export const EVIDENCE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** 'YYYY-MM' of a period's first day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}
