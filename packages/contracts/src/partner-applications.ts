import { z } from 'zod';
import { CONSOLE_API_PREFIX } from './console-session.ts';
import { idStringField, textField } from './fields.ts';
import { defaultedSortQueryField, listEndpoint, listQuerySchema, textQueryField } from './list-query.ts';

/**
 * The console's Partner applications page (issue 14): registrations waiting for an operator, approved (the partner
 * is e-mailed a one-time sign-in link) or rejected with a reason (the partner is e-mailed that it was not approved).
 */

export const PARTNER_APPLICATION_SORTS = ['created_at', 'name', 'organisation'] as const;
export const REJECTION_REASON_MAX = 1000;

export const partnerApplicationListQuerySchema = listQuerySchema({
  filters: {
    /** name, e-mail address or organisation */
    search: textQueryField('search', 100),
    /** the oldest application first: a queue */
    sort: defaultedSortQueryField(PARTNER_APPLICATION_SORTS, 'created_at'),
  },
  defaultPageSize: 10,
});
export type PartnerApplicationListQuery = z.input<typeof partnerApplicationListQuerySchema>;

export const partnerApplicationSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  organisation: z.string().nullable(),
  partner_type: z.string().nullable(),
  partner_industry: z.string().nullable(),
  /** ISO 8601 (UTC) */
  created_at: z.string(),
});
export type PartnerApplication = z.infer<typeof partnerApplicationSchema>;

export const partnerApplicationsEndpoint = listEndpoint(
  `${CONSOLE_API_PREFIX}/partner-applications`,
  partnerApplicationListQuerySchema,
  partnerApplicationSchema,
);

export const partnerApplicationParamsSchema = z.object({ id: idStringField('id') });

export const rejectPartnerApplicationRequestSchema = z.object({
  reason: textField('reason', { max: REJECTION_REASON_MAX, multiline: true }),
});
export type RejectPartnerApplicationRequest = z.infer<typeof rejectPartnerApplicationRequestSchema>;

/** The decision, as it was recorded. */
export const partnerApplicationDecisionSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(['approved', 'rejected']),
});
export type PartnerApplicationDecision = z.infer<typeof partnerApplicationDecisionSchema>;
