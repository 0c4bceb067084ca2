import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './constants.ts';
import { listEndpoint, listQuerySchema } from './list-query.ts';

/**
 * The Security tab of the profile (issue 17, /profile/security): two-factor on and off, recovery codes, the member's
 * sessions and their security activity. The server validates with these schemas and the SPA parses answers with them.
 */

/** How long a re-authentication (password or TOTP code) lets the two-factor changes through. */
export const REAUTHENTICATION_MINUTES = 5;

/** The 403 `code` the SPA acts on by asking for the password (or a code), then retrying the call. */
export const ACCOUNT_SECURITY_ERROR_CODES = {
  reauthenticationRequired: 'reauthentication_required',
} as const;

const sixDigits = z.string().trim().regex(/^\d{6}$/, 'The code must be 6 digits.');

/** GET /api/account-security: what the Security tab shows at the top. */
export const securityOverviewSchema = z.object({
  two_factor_enabled: z.boolean(),
  /** unused recovery codes left (0 without two-factor) */
  recovery_codes_left: z.number().int(),
  /** until when this session may change two-factor without asking again (ISO), null when it must ask */
  reauthenticated_until: z.string().nullable(),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

/** POST /api/account-security/reauthenticate: the current password, or a code of the authenticator app. */
export const reauthenticateRequestSchema = z
  .object({
    password: z.string().min(1, 'The password field is required.').max(PASSWORD_MAX_LENGTH).optional(),
    code: sixDigits.optional(),
  })
  .refine((value) => Boolean(value.password) !== Boolean(value.code), {
    message: 'Enter either your password or a 6-digit code.',
    path: ['password'],
  });
export type ReauthenticateRequest = z.infer<typeof reauthenticateRequestSchema>;

export const reauthenticateResponseSchema = z.object({ reauthenticated_until: z.string() });
export type ReauthenticateResponse = z.infer<typeof reauthenticateResponseSchema>;

/** POST /api/account-security/two-factor: a new secret waiting for its first code (not yet on). */
export const twoFactorSetupSchema = z.object({
  /** base32, for typing into an authenticator app by hand */
  secret: z.string(),
  /** otpauth://totp/… the QR code holds */
  otpauth_uri: z.string(),
  /** the QR code of otpauth_uri as an SVG data URL */
  qr_code: z.string(),
});
export type TwoFactorSetupAnswer = z.infer<typeof twoFactorSetupSchema>;

export const confirmTwoFactorRequestSchema = z.object({ code: sixDigits });
export type ConfirmTwoFactorRequest = z.infer<typeof confirmTwoFactorRequestSchema>;

/** Recovery codes in clear: shown once (after turning two-factor on, and after regenerating them). */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

// ---- sessions ----

export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet', 'other'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** What the user agent says of a device: names as the parser gives them (proper nouns: never translated). */
export const deviceSchema = z.object({
  type: z.enum(DEVICE_TYPES),
  /** 'Chrome 131', null when unknown */
  browser: z.string().nullable(),
  /** 'Windows 10', 'iOS 18.1', null when unknown */
  os: z.string().nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

export const securitySessionSchema = z.object({
  /** an opaque handle of the session (never the stored id, which is the cookie token's sha256) */
  id: z.string(),
  device: deviceSchema,
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type SecuritySession = z.infer<typeof securitySessionSchema>;

export const securitySessionsSchema = z.object({ data: z.array(securitySessionSchema) });
export type SecuritySessions = z.infer<typeof securitySessionsSchema>;

export const sessionParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/, 'The session id is invalid.'),
});

export const signedOutOthersSchema = z.object({ ended: z.number().int() });
export type SignedOutOthers = z.infer<typeof signedOutOthersSchema>;

// ---- security activity ----

/** The events the activity list names; any other auth.* row reads as 'other'. */
export const SECURITY_ACTIVITY_KINDS = [
  'sign_in',
  'sign_in_failed',
  'signed_out',
  'session_ended',
  'sessions_ended',
  'password_changed',
  'password_reset',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_codes_regenerated',
  'reauthenticated',
  'reauthentication_failed',
  'other',
] as const;
export type SecurityActivityKind = (typeof SECURITY_ACTIVITY_KINDS)[number];

export const SIGN_IN_METHODS = ['password', 'link', 'totp', 'recovery_code'] as const;

export const securityActivityRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(SECURITY_ACTIVITY_KINDS),
  /** how a sign-in (or a failed one, or a re-authentication) was proven, when it says */
  method: z.enum(SIGN_IN_METHODS).nullable(),
  /** true when the console or the command line made the change, not the member */
  by_operator: z.boolean(),
  ip: z.string().nullable(),
  device: deviceSchema.nullable(),
  created_at: z.string(),
});
export type SecurityActivityRow = z.infer<typeof securityActivityRowSchema>;

export const securityActivityQuerySchema = listQuerySchema({ filters: {}, defaultPageSize: 10 });

export const securityActivityEndpoint = listEndpoint('/api/account-security/activity', securityActivityQuerySchema, securityActivityRowSchema);
