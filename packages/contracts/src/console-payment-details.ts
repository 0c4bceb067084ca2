import { z } from 'zod';
import { enumQueryField, listEndpoint, listQuerySchema } from './list-query.ts';
import { idStringField } from './fields.ts';
import { paymentDetailEventSchema, paymentDetailsSchema, PAYMENT_DETAILS_STATUSES } from './payment-details.ts';

/**
 * The console's payment details (docs/payment-details.md): finance operators verify changed details before payouts
 * go to them, see where the same account is on two agents, and reveal a full account number (audited) to check it
 * against the partner's bank letter.
 */

/** Four eyes (issue 31): the verification one operator proposed; another approves it. */
export const verificationProposalSchema = z.object({ operator_id: z.number().int(), operator_name: z.string(), proposed_at: z.string() });

export const consolePaymentDetailsRowSchema = paymentDetailsSchema.extend({
  referral_agent_id: z.number().int(),
  agent_name: z.string(),
  /** a verification awaiting its second operator, on the details as they are now */
  verification_proposal: verificationProposalSchema.nullable(),
  /** other agents whose details name the same account */
  same_account_as: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ConsolePaymentDetailsRow = z.infer<typeof consolePaymentDetailsRowSchema>;

export const consolePaymentDetailsQuerySchema = listQuerySchema({
  filters: { status: enumQueryField('status', PAYMENT_DETAILS_STATUSES) },
  defaultPageSize: 25,
});

/** GET /api/console/payment-details (earnings.read): every agent's details, waiting ones first. */
export const consolePaymentDetailsEndpoint = listEndpoint('/api/console/payment-details', consolePaymentDetailsQuerySchema, consolePaymentDetailsRowSchema);

export const paymentDetailsAgentParamsSchema = z.object({ agent: idStringField('agent') });

/** GET /api/console/payment-details/:agent (earnings.read): the details and their whole change log. */
export const consolePaymentDetailsUrl = (agent: number | string) => `/api/console/payment-details/${agent}`;
export const consolePaymentDetailsDetailSchema = z.object({ details: consolePaymentDetailsRowSchema, events: z.array(paymentDetailEventSchema.extend({ operator: z.string().nullable() })) });

/**
 * POST /api/console/payment-details/:agent/verify (earnings.manage), four eyes: the first operator proposes
 * (awaiting_second_approval), a different one verifies (verified; audited with both; the partner is told); the
 * proposer again: 403 second_operator_required.
 */
export const consoleVerifyPaymentDetailsUrl = (agent: number | string) => `/api/console/payment-details/${agent}/verify`;
export const verifyPaymentDetailsResultSchema = z.object({ status: z.enum(['verified', 'awaiting_second_approval']), proposed_by: z.string().nullable() });
export type VerifyPaymentDetailsResult = z.infer<typeof verifyPaymentDetailsResultSchema>;

/**
 * POST /api/console/payment-details/:agent/verify/withdraw (earnings.manage): withdraws a verification awaiting its
 * second operator (the proposer, or another operator who will not approve it; audited); the details stay unverified.
 * 409 when no verification awaits approval.
 */
export const consoleWithdrawVerificationUrl = (agent: number | string) => `/api/console/payment-details/${agent}/verify/withdraw`;

/** POST /api/console/payment-details/:agent/reveal (earnings.manage): the full account, audited as a reveal. */
export const consoleRevealPaymentDetailsUrl = (agent: number | string) => `/api/console/payment-details/${agent}/reveal`;
export const revealedAccountSchema = z.object({ account: z.string() });
