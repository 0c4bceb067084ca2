import { z } from 'zod';
import { CONSOLE_API_PREFIX } from './console-session.ts';
import { idStringField, textField } from './fields.ts';
import { defaultedSortQueryField, enumQueryField, listEndpoint, listQuerySchema, textQueryField } from './list-query.ts';

/**
 * The console's Partners page (issue 14): every partner account, searchable and filtered by status; a detail view
 * (status, referral agent, group, type, industry, sign-in history); and the operator's actions: suspend or reactivate,
 * end the partner's sessions, send a new one-time sign-in link.
 */

/** 'invited' and 'deactivated' are set by a team's owner (issue 17, modules/team), the others by operators. */
export const PARTNER_ACCOUNT_STATUSES = ['pending', 'approved', 'rejected', 'suspended', 'invited', 'deactivated'] as const;
export type PartnerAccountStatus = (typeof PARTNER_ACCOUNT_STATUSES)[number];
export const PARTNER_ACCOUNT_SORTS = ['name', 'organisation', 'created_at'] as const;
export const SUSPENSION_REASON_MAX = 1000;

export const partnerAccountListQuerySchema = listQuerySchema({
  filters: {
    /** name, e-mail address, organisation or referral agent */
    search: textQueryField('search', 100),
    status: enumQueryField('status', PARTNER_ACCOUNT_STATUSES),
    sort: defaultedSortQueryField(PARTNER_ACCOUNT_SORTS, 'name'),
  },
  defaultPageSize: 10,
});

export const partnerAccountRowSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  organisation: z.string().nullable(),
  status: z.enum(PARTNER_ACCOUNT_STATUSES),
  referral_agent: z.string(),
  /** ISO 8601 (UTC) */
  created_at: z.string(),
  /** The last successful sign-in (the audit log's), ISO 8601; null when never. */
  last_sign_in_at: z.string().nullable(),
});
export type PartnerAccountRow = z.infer<typeof partnerAccountRowSchema>;

export const partnerAccountsEndpoint = listEndpoint(`${CONSOLE_API_PREFIX}/partners`, partnerAccountListQuerySchema, partnerAccountRowSchema);

export const partnerAccountParamsSchema = z.object({ id: idStringField('id') });

/** One sign-in attempt or ended session of the account, newest first. */
export const signInEventSchema = z.object({
  action: z.string(),
  /** password, link, totp, recovery_code, or the reason a session ended */
  method: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  at: z.string(),
});
export type SignInEvent = z.infer<typeof signInEventSchema>;

export const partnerAccountDetailSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  organisation: z.string().nullable(),
  status: z.enum(PARTNER_ACCOUNT_STATUSES),
  partner_type: z.string().nullable(),
  partner_industry: z.string().nullable(),
  referral_agent: z.object({ id: z.number().int(), name: z.string() }),
  referral_group: z.object({ slug: z.string(), name: z.string() }),
  two_factor_enabled: z.boolean(),
  /** Sessions open now (not expired). */
  active_sessions: z.number().int(),
  created_at: z.string(),
  approved_at: z.string().nullable(),
  /** The latest sign-ins, failed sign-ins and ended sessions (at most SIGN_IN_HISTORY_LENGTH). */
  sign_in_history: z.array(signInEventSchema),
});
export type PartnerAccountDetail = z.infer<typeof partnerAccountDetailSchema>;
export const SIGN_IN_HISTORY_LENGTH = 20;

export const suspendPartnerRequestSchema = z.object({
  reason: textField('reason', { max: SUSPENSION_REASON_MAX, multiline: true }),
});

/** What an action changed: the account's status now, and how many sessions it ended. */
export const partnerAccountActionResultSchema = z.object({
  id: z.number().int(),
  status: z.enum(PARTNER_ACCOUNT_STATUSES),
  ended_sessions: z.number().int(),
});
export type PartnerAccountActionResult = z.infer<typeof partnerAccountActionResultSchema>;
