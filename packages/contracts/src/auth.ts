import { z } from 'zod';
import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

/**
 * Request and response schemas of the session and account calls (spec §3, §4, §7). The server
 * validates with them, the SPA's forms derive theirs from them, and the client parses answers with them.
 */

const email = z.string().trim().min(1, 'The email field is required.').max(254).email('The email must be a valid email address.');

/** Strength rules, shown to the user as they type (update-password, reset, registration). */
export const PASSWORD_RULES = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (value: string) => value.length >= PASSWORD_MIN_LENGTH },
  { id: 'lower', label: 'A lowercase letter', test: (value: string) => /[a-z]/.test(value) },
  { id: 'upper', label: 'An uppercase letter', test: (value: string) => /[A-Z]/.test(value) },
  { id: 'number', label: 'A number', test: (value: string) => /\d/.test(value) },
] as const;

export const newPasswordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH, `The password may not be greater than ${PASSWORD_MAX_LENGTH} characters.`)
  .superRefine((value, context) => {
    const failed = PASSWORD_RULES.filter((rule) => !rule.test(value));
    if (failed.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `The password needs: ${failed.map((rule) => rule.label.toLowerCase()).join(', ')}.`,
      });
    }
  });

function confirmed<T extends { password: string; password_confirmation: string }>(value: T, context: z.RefinementCtx) {
  if (value.password !== value.password_confirmation) {
    context.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'The password confirmation does not match.' });
  }
}

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
  passwordUpdateRequired: 'password_update_required',
} as const;

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

/** One-time sign-in link (/authenticate?token=…): approval e-mails and team invitations. */
export const authenticateRequestSchema = z.object({ token: z.string().min(20).max(200) });

// ---- passwords ----

export const successMessageSchema = z.object({ success: z.boolean(), message: z.string() });
export type SuccessMessage = z.infer<typeof successMessageSchema>;

export const forgotPasswordRequestSchema = z.object({ email });

export const resetPasswordRequestSchema = z
  .object({
    token: z.string().min(1, 'The token field is required.').max(200),
    email,
    password: newPasswordSchema,
    password_confirmation: z.string(),
  })
  .superRefine(confirmed);
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const updatePasswordRequestSchema = z
  .object({
    current_password: z.string().min(1, 'The current password field is required.').max(PASSWORD_MAX_LENGTH),
    password: newPasswordSchema,
    password_confirmation: z.string(),
  })
  .superRefine(confirmed)
  .refine((value) => value.current_password !== value.password, {
    message: 'The new password must be different from the current one.',
    path: ['password'],
  });
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

// ---- registration ----

export const optionSchema = z.object({ id: z.number().int(), name: z.string() });
export const registrationOptionsSchema = z.object({
  partner_types: z.array(optionSchema),
  partner_industries: z.array(optionSchema),
});
export type RegistrationOptions = z.infer<typeof registrationOptionsSchema>;

export const registrationRequestSchema = z
  .object({
    first_name: z.string().trim().min(1, 'The first name field is required.').max(100),
    last_name: z.string().trim().min(1, 'The last name field is required.').max(100),
    email,
    password: newPasswordSchema,
    password_confirmation: z.string(),
    /** ISO 3166-1 alpha-2 country of the phone number, chosen in the country picker. */
    phone_country: z.string().regex(/^[A-Z]{2}$/, 'Choose a country.'),
    /** E.164, e.g. +971501234567. */
    phone: z.string().trim().min(1, 'The phone field is required.').max(20),
    partner_type_id: z.number().int().positive('Choose a partner type.'),
    partner_industry_id: z.number().int().positive().nullable().optional(),
    organisation: z.string().trim().min(1, 'The organisation field is required.').max(200),
  })
  .superRefine(confirmed)
  .superRefine((value, context) => {
    let valid = false;
    try {
      valid = isValidPhoneNumber(value.phone, value.phone_country as CountryCode);
    } catch {
      valid = false;
    }
    if (!valid) {
      context.addIssue({ code: 'custom', path: ['phone'], message: 'The phone number is not valid for the chosen country.' });
    }
  });
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;
