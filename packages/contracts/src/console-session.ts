import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.ts';
import { OPERATOR_ROLES, type OperatorPermission } from './operator-permissions.ts';
import { emailSchema, twoFactorChallengeSchema } from './session.ts';

/**
 * The operators' sign-in and session (issue 14): operators are accounts of their own, with a session of their own,
 * under /api/console. Two-factor is mandatory: a first sign-in enrols an authenticator app (QR code) and hands out
 * recovery codes; every later sign-in asks for a code.
 */

/** Every console endpoint lives under this prefix; the operator's session cookie is sent to it only. */
export const CONSOLE_API_PREFIX = '/api/console';
/** Where the console's pages are served (apps/web/console.html). */
export const CONSOLE_BASE_PATH = '/console';
/** The console's anti-forgery cookie: readable by the console's pages, echoed back as X-XSRF-TOKEN. */
export const CONSOLE_CSRF_COOKIE = 'CONSOLE-XSRF-TOKEN';
/** Starts a (guest) console session and sets CONSOLE_CSRF_COOKIE, as /sanctum/csrf-cookie does for partners. */
export const CONSOLE_CSRF_COOKIE_URL = `${CONSOLE_API_PREFIX}/csrf-cookie`;

/** Shorter than a partner's: operators reach every partner's data. No "remember me". */
export const OPERATOR_SESSION_IDLE_MINUTES = 30;
export const OPERATOR_SESSION_ABSOLUTE_HOURS = 12;
/** How long a password-checked sign-in waits for its code (or its enrolment) before starting again. */
export const OPERATOR_PENDING_SIGN_IN_MINUTES = 10;

/** The signed-in operator, with the permissions of the role (the console hides what they do not allow). */
export const operatorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  // Strings, not an enum of the role map: areas declare permissions of their own (defineOperatorPermission), which a
  // page that has not loaded the area's contract does not know.
  permissions: z.array(z.custom<OperatorPermission>((value) => typeof value === 'string')),
});
export type Operator = z.infer<typeof operatorSchema>;

export const consoleLoginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'The password field is required.').max(PASSWORD_MAX_LENGTH),
});
export type ConsoleLoginRequest = z.infer<typeof consoleLoginRequestSchema>;

/** What comes after a right password: a code (`two_factor`), or, at the first sign-in, enrolling an app (`enrol`). */
export const consoleLoginResponseSchema = z.object({ next: z.enum(['two_factor', 'enrol']) });
export type ConsoleLoginResponse = z.infer<typeof consoleLoginResponseSchema>;

/** A new TOTP secret to enrol: the QR code (a PNG data URL) an app scans, and the secret for typing it in. */
export const twoFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_code: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorConfirmRequestSchema = z.object({
  code: z.string().trim().regex(/^\d{6}$/, 'The code must be 6 digits.'),
});
export type TwoFactorConfirmRequest = z.infer<typeof twoFactorConfirmRequestSchema>;

/** The challenge of a later sign-in: a 6-digit code, or a recovery code (each works once). */
export const consoleTwoFactorChallengeSchema = twoFactorChallengeSchema;

export const consoleSignedInSchema = z.object({ operator: operatorSchema });
export type ConsoleSignedIn = z.infer<typeof consoleSignedInSchema>;

/** Enrolment confirmed: signed in, and the recovery codes, shown this once. */
export const twoFactorConfirmResponseSchema = consoleSignedInSchema.extend({ recovery_codes: z.array(z.string()) });
export type TwoFactorConfirmResponse = z.infer<typeof twoFactorConfirmResponseSchema>;
