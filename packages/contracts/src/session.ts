import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.ts';
import { PARTNER_ROLES } from './partner-roles.ts';
import { localeSchema, themeSchema } from './preferences.ts';

/**
 * The schemas the sign-in path needs: the user, sign-in, two-factor and the 403 codes. Kept apart from auth.ts
 * (which re-exports all of this) so the SPA's sign-in page loads them without the registration schema's phone
 * validation: libphonenumber-js and its metadata are about 40 KB gzipped, a fifth of the /login budget.
 */

/** An e-mail address field, with Laravel's messages. */
export const emailSchema = z.string().trim().min(1, 'The email field is required.').max(254).email('The email must be a valid email address.');
const email = emailSchema;

// ---- the user (GET /api/user) ----

export const partnerProfileSchema = z.object({
  partner_type: z.object({ name: z.string() }),
  partner_industry: z.object({ name: z.string() }).nullable(),
  referral_agent: z.object({
    id: z.number().int(),
    name: z.string(),
    logo: z.string().nullable(),
    referral_group: z.object({ slug: z.string(), name: z.string() }),
  }),
  organisation: z.string().nullable(),
  /** The member's role inside the referral agent (partner-roles.ts): what the SPA shows them. */
  role: z.enum(PARTNER_ROLES),
});
export type PartnerProfile = z.infer<typeof partnerProfileSchema>;

/** The signed-in user. Never carries a secret (password hash, TOTP secret, recovery codes). */
export const userSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  password_updated_check: z.boolean(),
  first_login: z.boolean(),
  two_factor_enabled: z.boolean(),
  /** The saved display preferences (PATCH /api/user/preferences): the SPA applies them at sign-in. */
  locale: localeSchema,
  theme: themeSchema,
  /** The IANA zone the person chose on their profile (times are shown in it), null for the device's own. */
  time_zone: z.string().nullable(),
  partner_profile: partnerProfileSchema,
});
export type User = z.infer<typeof userSchema>;

// ---- sign-in ----

export const loginRequestSchema = z.object({
  email,
  password: z.string().min(1, 'The password field is required.').max(PASSWORD_MAX_LENGTH),
  remember: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** `{two_factor: true}` when a code is needed next; otherwise the signed-in user. */
export const loginResponseSchema = z.object({
  two_factor: z.boolean(),
  user: userSchema.optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Codes of 403 answers to a sign-in the SPA routes on. */
export const AUTH_ERROR_CODES = {
  approvalPending: 'approval_pending',
  registrationRejected: 'registration_rejected',
  /** An operator suspended the account (the console's Partners page): it cannot sign in until reactivated. */
  accountSuspended: 'account_suspended',
  /** The owner of the member's team deactivated them (issue 17, /manage-user), or their invitation is not accepted yet. */
  accountDeactivated: 'account_deactivated',
  passwordUpdateRequired: 'password_update_required',
} as const;

/** A 403 with a code: `{message, code}` (e.g. approval_pending → /approval-waiting). */
export const codedErrorSchema = z.object({ message: z.string(), code: z.string() });
export type CodedError = z.infer<typeof codedErrorSchema>;

export const twoFactorChallengeSchema = z
  .object({
    code: z.string().trim().regex(/^\d{6}$/, 'The code must be 6 digits.').optional(),
    recovery_code: z.string().trim().min(1).max(64).optional(),
  })
  .refine((value) => Boolean(value.code) !== Boolean(value.recovery_code), {
    message: 'Enter either a 6-digit code or a recovery code.',
    path: ['code'],
  });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
