import { z } from 'zod';
import { PARTNER_ROLES } from './partner-roles.ts';
import { queryField, timeZoneQueryField } from './list-query.ts';
import { idStringField } from './fields.ts';

/**
 * Referral details (issue 17, /view-referral-details): the partner's referral identity (their organisation, their
 * personal referral code, its link and QR code), the per-member referral figures managers and owners see, and the
 * public resolution of a code that posters and booking requests will carry. See docs/referral-details.md.
 */

/**
 * The characters a code is made of: digits and capital letters without the ones read or typed as another
 * (0/O, 1/I/L). 31 symbols; 8 of them give 31^8 ≈ 8.5 × 10^11 codes, drawn at random (never derived from an id),
 * so one partner's code says nothing about another's.
 */
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;
/** A code as stored and shown: exactly 8 characters of the alphabet. */
export const REFERRAL_CODE_PATTERN = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;
/** How long a regenerated (retired) code keeps resolving, in days. */
export const REFERRAL_CODE_GRACE_DAYS = 30;
/** How long a visitor's browser remembers the code of the link they came by (localStorage `referral`), in days. */
export const REFERRAL_REMEMBER_DAYS = 30;

/**
 * What a typed or scanned code becomes before it is looked up: spaces and dashes dropped, capitals. Anything that
 * is then not REFERRAL_CODE_PATTERN is unknown.
 */
export function normaliseReferralCode(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

export function isReferralCode(value: string): boolean {
  return REFERRAL_CODE_PATTERN.test(value);
}

/** The link's path in the SPA: `${APP_URL}/r/<code>`, a public landing page that remembers the code. */
export const REFERRAL_LINK_PREFIX = '/r/';

export function referralLinkPath(code: string): string {
  return `${REFERRAL_LINK_PREFIX}${code}`;
}

// ---- the partner's own referral details ----

export const REFERRAL_DETAILS_URL = '/api/referral-details';
export const REFERRAL_REGENERATE_URL = '/api/referral-details/regenerate';
export const REFERRAL_QR_PNG_URL = '/api/referral-details/qr.png';
export const REFERRAL_QR_SVG_URL = '/api/referral-details/qr.svg';
export const REFERRAL_MEMBER_FIGURES_URL = '/api/referral-details/members';

/** A code regenerated away from, still resolving until `works_until`. */
export const retiredReferralCodeSchema = z.object({
  code: z.string(),
  retired_at: z.string(),
  works_until: z.string(),
});
export type RetiredReferralCode = z.infer<typeof retiredReferralCodeSchema>;

/** GET /api/referral-details (the code is made on the first visit) and POST …/regenerate. */
export const referralDetailsSchema = z.object({
  agent: z.object({
    id: z.number().int(),
    name: z.string(),
    /** What the page loads as the agent's logo (GET /api/agent-logo, or a built-in image), or null for none. */
    logo: z.string().nullable(),
    group: z.object({ slug: z.string(), name: z.string() }),
  }),
  code: z.string(),
  /** The full link, `${APP_URL}/r/<code>`: what the QR code holds. */
  link: z.string(),
  code_created_at: z.string(),
  /** Retired codes that still resolve, newest first. */
  previous_codes: z.array(retiredReferralCodeSchema),
  grace_days: z.number().int(),
  remember_days: z.number().int(),
});
export type ReferralDetails = z.infer<typeof referralDetailsSchema>;

/** `?download=1` answers the image as an attachment (a named file), otherwise inline (the page's preview). */
export const referralQrQuerySchema = z.object({
  download: queryField(z.enum(['0', '1'])),
  /** The code it was asked for: only a cache key (a new code gives a new URL); the image is always the current code's. */
  v: queryField(z.string().max(16)),
});

// ---- per-member figures (team.read) ----

export const referralMemberFiguresQuerySchema = z.object({
  /** The IANA zone the months are counted in (the viewer's: saved on the profile, else the device's); UTC when absent. */
  timezone: timeZoneQueryField(),
});

export const referralMonthFiguresSchema = z.object({
  /** Bookings the member referred that were made in the month (created_at in the month). */
  referred: z.number().int(),
  /** Bookings the member referred whose appointment fell in the month and that are completed. */
  completed: z.number().int(),
});

/** A listed member's status in the team figures (the team area's words for users.status). */
export const REFERRAL_MEMBER_STATUSES = ['active', 'deactivated', 'suspended'] as const;

export const referralMemberFiguresSchema = z.object({
  time_zone: z.string(),
  /** 'YYYY-MM' of this month and of last month in `time_zone`. */
  this_month: z.string(),
  last_month: z.string(),
  members: z.array(
    z.object({
      user_id: z.number().int(),
      name: z.string(),
      role: z.enum(PARTNER_ROLES),
      /**
       * 'active' for the team's active members (all of them are listed). A deactivated or suspended member is listed
       * only when they referred or completed something in the two months; invited people never are.
       */
      status: z.enum(REFERRAL_MEMBER_STATUSES),
      this_month: referralMonthFiguresSchema,
      last_month: referralMonthFiguresSchema,
    }),
  ),
});
export type ReferralMemberFigures = z.infer<typeof referralMemberFiguresSchema>;

// ---- public resolution ----

export const REFERRAL_CODES_URL = '/api/referral-codes';
export const referralCodeParamsSchema = z.object({ code: z.string().max(64) });
/**
 * GET /api/referral-codes/:code: only whether it resolves, the agent's display name and the partner's current code;
 * 404 for any other code.
 */
export const referralCodeResolutionSchema = z.object({
  valid: z.boolean(),
  /** The code as asked for (normalised): a retired one inside its grace stays itself here. */
  code: z.string(),
  /**
   * The same partner's current code (equal to `code` unless `code` was regenerated away from): what a visitor's
   * browser remembers, so that a visit on the last day of a retired code's grace still attributes weeks later.
   */
  current_code: z.string(),
  agent_name: z.string(),
});
export type ReferralCodeResolution = z.infer<typeof referralCodeResolutionSchema>;

// ---- the console (partner detail page) ----

export const consolePartnerReferralCodeUrl = (partnerId: number) => `/api/console/partners/${partnerId}/referral-code`;
export const consolePartnerReferralCodeParamsSchema = z.object({ id: idStringField('id') });
/** GET …/referral-code (null code: the partner has not opened their referral details yet) and POST …/regenerate. */
export const consolePartnerReferralCodeSchema = z.object({
  code: z.string().nullable(),
  link: z.string().nullable(),
  created_at: z.string().nullable(),
  previous_codes: z.array(retiredReferralCodeSchema),
});
export type ConsolePartnerReferralCode = z.infer<typeof consolePartnerReferralCodeSchema>;
