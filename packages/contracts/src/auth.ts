import { z } from 'zod';
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { PASSWORD_MAX_LENGTH } from './constants.ts';
import { idField, textField } from './fields.ts';
import { newPasswordSchema } from './passwords.ts';
import { emailSchema as email, userSchema } from './session.ts';

/**
 * Request and response schemas of the session and account calls (spec §3, §4, §7). The server
 * validates with them, the SPA's forms derive theirs from them, and the client parses answers with them.
 */

// The user, sign-in and two-factor schemas live in session.ts (light enough for the sign-in page's bundle).
export * from './session.ts';

// The password rules live in passwords.ts (light: the console's operators area reaches them without the phone metadata).
export { PASSWORD_RULES, newPasswordSchema } from './passwords.ts';

function confirmed<T extends { password: string; password_confirmation: string }>(value: T, context: z.RefinementCtx) {
  if (value.password !== value.password_confirmation) {
    context.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'The password confirmation does not match.' });
  }
}

/** One-time sign-in link (/authenticate?token=…): approval e-mails and team invitations. */
export const authenticateRequestSchema = z
  .object({
    token: z
      .string()
      .min(20, 'This sign-in link is invalid or has expired.')
      .max(200, 'This sign-in link is invalid or has expired.'),
    /** A team invitation's link (/authenticate?token=…&invitation=1): the password the invitee chooses as they accept. */
    password: newPasswordSchema.optional(),
    password_confirmation: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  })
  .superRefine((value, context) => {
    if (value.password !== undefined) confirmed({ password: value.password, password_confirmation: value.password_confirmation ?? '' }, context);
  });

// ---- passwords ----

export const successMessageSchema = z.object({ success: z.boolean(), message: z.string() });
export type SuccessMessage = z.infer<typeof successMessageSchema>;

/** A failed password call (reset-password 422): the message to show, and field errors. */
export const passwordFailureSchema = z.object({
  success: z.boolean().optional(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type PasswordFailure = z.infer<typeof passwordFailureSchema>;

export const forgotPasswordRequestSchema = z.object({ email });

export const resetPasswordRequestSchema = z
  .object({
    token: textField('token', { max: 200 }),
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

/** POST /api/users/update-password answers the updated user too (password_updated_check is now true). */
export const updatePasswordResponseSchema = successMessageSchema.extend({ user: userSchema });
export type UpdatePasswordResponse = z.infer<typeof updatePasswordResponseSchema>;

// ---- registration ----

export const optionSchema = z.object({ id: z.number().int(), name: z.string() });
export const registrationOptionsSchema = z.object({
  partner_types: z.array(optionSchema),
  partner_industries: z.array(optionSchema),
});
export type RegistrationOptions = z.infer<typeof registrationOptionsSchema>;

export const registrationRequestSchema = z
  .object({
    first_name: textField('first name', { max: 100 }),
    last_name: textField('last name', { max: 100 }),
    email,
    password: newPasswordSchema,
    password_confirmation: z.string(),
    /** ISO 3166-1 alpha-2 country of the phone number, chosen in the country picker. */
    phone_country: z.string().regex(/^[A-Z]{2}$/, 'Choose a country.'),
    /** E.164, e.g. +971501234567. */
    phone: textField('phone', { max: 20 }),
    /** Ids bounded to PostgreSQL's integer: 2147483648 is a 422, not the database's 22003. */
    partner_type_id: idField('partner type', { required: 'Choose a partner type.' }),
    partner_industry_id: idField('partner industry').nullable().optional(),
    organisation: textField('organisation', { max: 200 }),
  })
  .superRefine(confirmed)
  .superRefine((value, context) => {
    let valid = false;
    try {
      // Valid for the chosen country: a number typed in international form (+44…) must also carry
      // that country's calling code, or a German number would pass with the UAE picked.
      const country = value.phone_country as CountryCode;
      const parsed = parsePhoneNumberFromString(value.phone, country);
      valid = Boolean(parsed?.isValid()) && parsed?.countryCallingCode === getCountryCallingCode(country);
    } catch {
      valid = false;
    }
    if (!valid) {
      context.addIssue({ code: 'custom', path: ['phone'], message: 'The phone number is not valid for the chosen country.' });
    }
  });
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

/** POST /api/registration answers 201 with this. */
export const registrationResponseSchema = successMessageSchema;
