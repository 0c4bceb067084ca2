import { z } from 'zod';
import { newPasswordSchema } from './passwords.ts';
import { CONSOLE_API_PREFIX } from './console-session.ts';
import { idStringField, textField } from './fields.ts';
import { defaultedSortQueryField, enumQueryField, listEndpoint, listQuerySchema, textQueryField } from './list-query.ts';
import { OPERATOR_ROLES } from './operator-permissions.ts';
import { emailSchema } from './session.ts';

/**
 * The console's Operators page (issue 14, admin only: operators.manage): the operator accounts, inviting one (an
 * e-mail with a one-time link to choose a password; two-factor is enrolled at the first sign-in, as always), changing
 * a role, disabling and re-enabling, resetting two-factor, resending an invitation. An admin can neither disable nor
 * demote themselves, and the last active admin can be neither disabled nor demoted.
 */

/**
 * `invited`: created, waiting for the invitee to choose a password (they cannot sign in yet); `active`: may sign in;
 * `disabled`: cannot sign in, sessions ended.
 */
export const OPERATOR_ACCOUNT_STATUSES = ['invited', 'active', 'disabled'] as const;
export type OperatorAccountStatus = (typeof OPERATOR_ACCOUNT_STATUSES)[number];
export const OPERATOR_ACCOUNT_SORTS = ['name', 'email', 'role', 'last_sign_in_at', 'created_at'] as const;

/** How long an invitation link works; a resent invitation starts a new one (and the old link stops working). */
export const OPERATOR_INVITATION_EXPIRE_HOURS = 72;
export const OPERATOR_NAME_MAX = 120;
export const OPERATOR_REASON_MAX = 1000;

/** The console page the invitation e-mail links to (under CONSOLE_BASE_PATH), with `?token=…`. */
export const OPERATOR_INVITATION_PATH = '/invitation';

export const operatorAccountListQuerySchema = listQuerySchema({
  filters: {
    /** name or e-mail address */
    search: textQueryField('search', 100),
    role: enumQueryField('role', OPERATOR_ROLES),
    status: enumQueryField('status', OPERATOR_ACCOUNT_STATUSES),
    sort: defaultedSortQueryField(OPERATOR_ACCOUNT_SORTS, 'name'),
  },
  defaultPageSize: 25,
});

export const operatorAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  status: z.enum(OPERATOR_ACCOUNT_STATUSES),
  two_factor_enrolled: z.boolean(),
  /** ISO 8601 (UTC); null when never. */
  last_sign_in_at: z.string().nullable(),
  /** When the pending invitation's link stops working (invited only); in the past: expired, resend it. */
  invitation_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type OperatorAccount = z.infer<typeof operatorAccountSchema>;

export const operatorAccountsEndpoint = listEndpoint(`${CONSOLE_API_PREFIX}/operators`, operatorAccountListQuerySchema, operatorAccountSchema);

export const operatorAccountParamsSchema = z.object({ id: idStringField('id') });

export const inviteOperatorRequestSchema = z.object({
  name: textField('name', { max: OPERATOR_NAME_MAX }),
  email: emailSchema,
  role: z.enum(OPERATOR_ROLES, { error: 'The selected role is invalid.' }),
});
export type InviteOperatorRequest = z.infer<typeof inviteOperatorRequestSchema>;

export const changeOperatorRoleRequestSchema = z.object({
  role: z.enum(OPERATOR_ROLES, { error: 'The selected role is invalid.' }),
});
export type ChangeOperatorRoleRequest = z.infer<typeof changeOperatorRoleRequestSchema>;

/** Disabling an operator and resetting their two-factor ask why (kept in the audit log). */
export const operatorActionReasonSchema = z.object({
  reason: textField('reason', { max: OPERATOR_REASON_MAX, multiline: true }),
});
export type OperatorActionReason = z.infer<typeof operatorActionReasonSchema>;

/** An action's answer: the account as it is now, and how many of its sessions ended. */
export const operatorAccountActionResultSchema = z.object({
  operator: operatorAccountSchema,
  ended_sessions: z.number().int(),
});
export type OperatorAccountActionResult = z.infer<typeof operatorAccountActionResultSchema>;

// ---- the invitee's side: public console routes, the token is the credential ----

export const OPERATOR_INVITATION_URL = `${CONSOLE_API_PREFIX}/invitation`;

const invitationToken = z
  .string({ error: 'This invitation link is invalid or has expired.' })
  .min(20, 'This invitation link is invalid or has expired.')
  .max(200, 'This invitation link is invalid or has expired.');

/** POST /api/console/invitation: who the link invites (the page greets them), or 422 when it is spent or expired. */
export const invitationLookupRequestSchema = z.object({ token: invitationToken });
export const invitationSchema = z.object({ name: z.string(), email: z.string(), role: z.enum(OPERATOR_ROLES) });
export type Invitation = z.infer<typeof invitationSchema>;

/** POST /api/console/invitation/accept: the invitee's password; then they sign in and enrol two-factor. */
export const acceptInvitationRequestSchema = z
  .object({ token: invitationToken, password: newPasswordSchema, password_confirmation: z.string() })
  .superRefine((value, context) => {
    if (value.password !== value.password_confirmation) {
      context.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'The password confirmation does not match.' });
    }
  });
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;
export const acceptInvitationResponseSchema = z.object({ email: z.string() });
