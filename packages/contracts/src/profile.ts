import { z } from 'zod';
import { textField, timeZoneField } from './fields.ts';
export { isTimeZone, TIME_ZONE_MAX } from './fields.ts';
import { FEEDBACK_ANSWERED_NOTIFICATION } from './feedback.ts';
import { NOTIFICATION_TYPES } from './notifications.ts';
import { localeSchema, themeSchema } from './preferences.ts';
import { emailSchema } from './session.ts';

/**
 * The profile (issue 17, `/profile`): personal details (name, avatar, language, time zone, theme), the e-mail
 * address change confirmed from the new address, and the notification preferences (`/profile/notifications`).
 * Field messages are the shared ones of fields.ts and session.ts; the server words its own (modules/profile).
 */

export const PROFILE_URL = '/api/profile';
/** The signed-in person's own avatar (GET the image; PUT the image as the body; DELETE removes it). */
export const PROFILE_AVATAR_URL = '/api/profile/avatar';
export const PROFILE_EMAIL_URL = '/api/profile/email';
/** Public: the link's token proves the new address; the person need not be signed in on that device. */
export const PROFILE_EMAIL_CONFIRM_URL = '/api/profile/email/confirm';
export const NOTIFICATION_PREFERENCES_URL = '/api/profile/notification-preferences';

/** The SPA's page the confirmation link opens (`?token=`). */
export const EMAIL_CONFIRM_PATH = '/profile/email/confirm';

/** The avatar is stored as a square of this many pixels (cover crop), WebP, with no metadata. */
export const AVATAR_SIZE = 512;
/** The most an uploaded avatar may weigh before it is resized. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** What the avatar upload accepts, sniffed from the bytes. */
export const AVATAR_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_UPLOAD_CONTENT_TYPE = 'application/octet-stream';

/** A confirmation link works once, for this long. */
export const EMAIL_CHANGE_EXPIRE_MINUTES = 15;
/** E-mail change requests a person may make in EMAIL_CHANGE_WINDOW_SECONDS; then 429. */
export const EMAIL_CHANGE_MAX_REQUESTS = 3;
export const EMAIL_CHANGE_WINDOW_SECONDS = 3600;

export const profileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  /** An address waiting for its confirmation link to be followed (null when none is pending or it expired). */
  pending_email: z.string().nullable(),
  locale: localeSchema,
  theme: themeSchema,
  /** IANA name ('Asia/Dubai'); null follows the device. */
  time_zone: z.string().nullable(),
  /** Where the avatar loads from (a versioned, guarded route of the portal); null when there is none. */
  avatar_url: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** A time zone Intl and the database both know (fields.ts); a 422 on `time_zone` otherwise. */
export const timeZoneSchema = timeZoneField();

/** PATCH /api/profile: any of these; the answer is the saved Profile. */
export const updateProfileRequestSchema = z.strictObject({
  first_name: textField('first name', { max: 100 }).optional(),
  last_name: textField('last name', { max: 100 }).optional(),
  time_zone: timeZoneSchema.nullable().optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** POST /api/profile/email: the new address and the current password (someone at an unlocked screen cannot). */
export const emailChangeRequestSchema = z.strictObject({
  email: emailSchema,
  current_password: z.string().min(1, 'The password field is required.').max(200),
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

export const emailChangeRequestedSchema = z.object({ pending_email: z.string(), expires_in_minutes: z.number() });

/** POST /api/profile/email/confirm. */
export const confirmEmailChangeRequestSchema = z.strictObject({ token: textField('token', { max: 200 }) });
export const emailChangedSchema = z.object({ email: z.string() });

// ---- notification preferences ----

/** Where a notification reaches a person: the bell and toasts in the portal, and an e-mail. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * How one channel of one event behaves: `on` / `off` is the default until the person chooses; `always` cannot be
 * turned off (shown checked and disabled); `never` is not offered (that event does not travel on that channel).
 */
export type ChannelRule = 'on' | 'off' | 'always' | 'never';

export interface NotificationPreferenceEvent {
  /** The notification types (NOTIFICATION_TYPES, and the areas' own) this choice covers. */
  types: readonly string[];
  channels: Readonly<Record<NotificationChannel, ChannelRule>>;
  /**
   * The e-mail of this event is the area's own (an account-approved link, a feedback answer, a change to one's access),
   * sent whatever the preferences say: the notification service adds no e-mail twin of the notification, or the person
   * would get two. Its e-mail channel is `always` (shown checked and locked) or `never`.
   */
  emailSentByArea?: true;
}

/**
 * THE list of notification events a person can choose about, in the order the page shows them. An area that adds a
 * notification type adds it here (to an existing event or a new one); a type in no event is always delivered in-app
 * and never by e-mail (the contracts test lists every type the portal sends and checks it is here). Mandatory
 * (`always`) channels, and why:
 * - operator messages in-app: an operator's notice (maintenance, a changed commission rule) must reach everyone;
 * - the approval of one's account, in-app and by e-mail: it happens before the person could choose anything, and its
 *   e-mail carries the link to sign in (sent by the approval itself);
 * - team changes by e-mail (one's role changed, deactivated or reactivated, ownership transferred to one: the team
 *   area's own e-mails): a change to one's own access must be heard of; the in-app notice is a choice;
 * - feedback answers by e-mail: the reply to the person's own request, sent by the feedback area whatever the
 *   preferences (docs/feedback.md); the in-app notice is a choice;
 * - security notices by e-mail (e-mail address changes, sent by the profile itself): the person must learn of a change
 *   to their account even if someone else made it.
 */
/** The notification type of a change to the agent's commission rates (modules/commission-rates). */
export const RATES_CHANGED_NOTIFICATION = 'rates.changed';
/** The notification type of an agreement published for the agent (modules/agreements). */
export const AGREEMENT_PUBLISHED_NOTIFICATION = 'agreement.published';
/** The notification type of the commission ledger's news: earned, approved, reversed, clawed back (modules/commission-ledger). */
export const COMMISSION_NOTIFICATION = 'commission';
/** The notification type of the agent's payment details: changed, verified, frozen (modules/payment-details). */
export const PAYMENT_DETAILS_NOTIFICATION = 'payment_details';
/** The notification type of reconciliation's news: statements, disputes, lock dates (modules/reconciliation). */
export const RECONCILIATION_NOTIFICATION = 'reconciliation';
/** The notification type of a change to the agent's tier (modules/partner-tiers). */
export const TIER_CHANGED_NOTIFICATION = 'tier.changed';

export const NOTIFICATION_PREFERENCE_EVENTS = {
  'booking.created': { types: [NOTIFICATION_TYPES.bookingCreated], channels: { in_app: 'on', email: 'off' } },
  'booking.status_changed': {
    types: [NOTIFICATION_TYPES.bookingStatusChanged, NOTIFICATION_TYPES.bookingInvoiceStatusChanged],
    channels: { in_app: 'on', email: 'off' },
  },
  message: { types: [NOTIFICATION_TYPES.message], channels: { in_app: 'always', email: 'off' } },
  /** The team area's notices (its TEAM_NOTIFICATION_TYPE, 'team'): role changed, ownership transferred, invitation accepted. */
  team: { types: ['team'], channels: { in_app: 'on', email: 'always' }, emailSentByArea: true },
  'feedback.answered': { types: [FEEDBACK_ANSWERED_NOTIFICATION], channels: { in_app: 'on', email: 'always' }, emailSentByArea: true },
  /** The rate card changing a rate that applies to the agent (issue 15, modules/commission-rates): in-app and e-mail. */
  'rates.changed': { types: [RATES_CHANGED_NOTIFICATION], channels: { in_app: 'on', email: 'on' } },
  /** The agent's tier: a promotion, a demotion notice, a demotion, an operator's change (issue 15, modules/partner-tiers). */
  'tier.changed': { types: [TIER_CHANGED_NOTIFICATION], channels: { in_app: 'on', email: 'on' } },
  /** A new agreement or version to read and sign (issue 15, modules/agreements). */
  'agreement.published': { types: [AGREEMENT_PUBLISHED_NOTIFICATION], channels: { in_app: 'on', email: 'on' } },
  /** A commission earned, approved for payout, reversed or clawed back (issue 16, modules/commission-ledger): in-app. */
  commission: { types: [COMMISSION_NOTIFICATION], channels: { in_app: 'on', email: 'off' } },
  /** A facility's statement, dispute replies and resolutions, a period locking soon (issue 35, modules/reconciliation). */
  reconciliation: { types: [RECONCILIATION_NOTIFICATION], channels: { in_app: 'on', email: 'on' } },
  /**
   * The agent's payment details changed, verified or frozen (issue 16, modules/payment-details): a change to where the
   * money goes must be heard of, so both channels are always on; the owners' e-mail (with its freeze link) is the area's.
   */
  payment_details: { types: [PAYMENT_DETAILS_NOTIFICATION], channels: { in_app: 'always', email: 'always' }, emailSentByArea: true },
  'account.approved': { types: [NOTIFICATION_TYPES.accountApproved], channels: { in_app: 'always', email: 'always' }, emailSentByArea: true },
  security: { types: [], channels: { in_app: 'never', email: 'always' }, emailSentByArea: true },
} as const satisfies Record<string, NotificationPreferenceEvent>;

export type NotificationPreferenceEventKey = keyof typeof NOTIFICATION_PREFERENCE_EVENTS;
export const NOTIFICATION_PREFERENCE_EVENT_KEYS = Object.keys(NOTIFICATION_PREFERENCE_EVENTS) as NotificationPreferenceEventKey[];

/** The event a notification type belongs to, or undefined (then: in-app always, no e-mail). */
export function preferenceEventOfType(type: string): NotificationPreferenceEventKey | undefined {
  return NOTIFICATION_PREFERENCE_EVENT_KEYS.find((key) => (NOTIFICATION_PREFERENCE_EVENTS[key].types as readonly string[]).includes(type));
}

/** Whether the notification service e-mails this event's notifications itself (not when the area sends its own). */
export function notificationEmailsEvent(event: NotificationPreferenceEventKey): boolean {
  return !('emailSentByArea' in NOTIFICATION_PREFERENCE_EVENTS[event]);
}

/** Whether a person can change this channel of this event. */
export function channelIsChoosable(event: NotificationPreferenceEventKey, channel: NotificationChannel): boolean {
  const rule: ChannelRule = NOTIFICATION_PREFERENCE_EVENTS[event].channels[channel];
  return rule === 'on' || rule === 'off';
}

const preferenceEventSchema = z.enum(NOTIFICATION_PREFERENCE_EVENT_KEYS as [NotificationPreferenceEventKey, ...NotificationPreferenceEventKey[]]);
const channelSchema = z.enum(NOTIFICATION_CHANNELS);

/** One cell of the grid: whether it is on, and whether the person may change it. */
export const notificationPreferenceSchema = z.object({
  event: preferenceEventSchema,
  channel: channelSchema,
  enabled: z.boolean(),
  locked: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** GET: every offered cell (no `never`), in the events' order, in-app before e-mail. */
export const notificationPreferencesSchema = z.object({ preferences: z.array(notificationPreferenceSchema) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT: the cells to change; a locked or not offered one is a 422. The answer is the whole grid. */
export const updateNotificationPreferencesRequestSchema = z.strictObject({
  preferences: z.array(z.strictObject({ event: preferenceEventSchema, channel: channelSchema, enabled: z.boolean() })).min(1).max(50),
});
export type UpdateNotificationPreferencesRequest = z.infer<typeof updateNotificationPreferencesRequestSchema>;
