import { z } from 'zod';
import type { PageSize } from './constants.ts';
import { defaultedEnumQueryField, listEndpoint, listQuerySchema } from './list-query.ts';

/**
 * The notification centre (issue 4, spec §1 "notifications"): what the API answers, what it accepts, and
 * the realtime events that keep every open tab right. The server validates with these schemas and the SPA
 * parses answers and events with them.
 */

/** What a notification is about. Areas added later add their own type here with their one `notify()` call. */
export const NOTIFICATION_TYPES = {
  accountApproved: 'account.approved',
  bookingCreated: 'booking.created',
  bookingStatusChanged: 'booking.status_changed',
  bookingInvoiceStatusChanged: 'booking.invoice_status_changed',
  /** Sent by an operator from the admin command. */
  message: 'message',
} as const;

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 2000;
export const NOTIFICATION_LINK_MAX = 500;
/** Each notification travels in one realtime event, whose data the Pusher HTTP API caps at 10 KB. */
export const NOTIFICATION_DATA_MAX_BYTES = 4000;

export const NOTIFICATIONS_DEFAULT_PAGE_SIZE: PageSize = 10;
/** How many the header bell's popover lists. */
export const BELL_LATEST_COUNT = 5;

/**
 * A route of the portal: an absolute path on this site, e.g. '/bookings?search=MT-100234'. Never a URL to
 * another site (no scheme, no '//' host, no backslash), so a notification cannot become a phishing link.
 */
export const portalLinkSchema = z
  .string()
  .trim()
  .max(NOTIFICATION_LINK_MAX)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'The link must be a path of the portal, starting with a single "/".');

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  /** ISO 8601 (UTC); null while unread. */
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_FILTERS = ['all', 'unread'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export const notificationListQuerySchema = listQuerySchema({
  filters: { filter: defaultedEnumQueryField('filter', NOTIFICATION_FILTERS, 'all') },
  defaultPageSize: NOTIFICATIONS_DEFAULT_PAGE_SIZE,
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

/** GET /api/notifications: the signed-in user's notifications, newest first. */
export const notificationListEndpoint = listEndpoint('/api/notifications', notificationListQuerySchema, notificationSchema);
export const notificationListSchema = notificationListEndpoint.page;
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ count: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** Any string: an id that is not one of the user's notifications (malformed or not) answers 404, never 422. */
export const notificationIdParamsSchema = z.object({ id: z.string().max(100) });

/** Answer of mark-read, mark-all-read and delete: the new unread count, so the caller needs no second call. */
export const notificationChangeResultSchema = z.object({ unread_count: z.number().int().min(0) });
export type NotificationChangeResult = z.infer<typeof notificationChangeResultSchema>;

/** What a caller of `notify()` (a domain event, the admin command) provides. */
export const notificationInputSchema = z.object({
  type: z.string().trim().min(1).max(100).default(NOTIFICATION_TYPES.message),
  title: z.string().trim().min(1, 'The title is required.').max(NOTIFICATION_TITLE_MAX),
  body: z.string().trim().max(NOTIFICATION_BODY_MAX).default(''),
  link: portalLinkSchema.nullish().transform((value) => value || null),
  data: z
    .record(z.string(), z.unknown())
    .default({})
    .refine((value) => JSON.stringify(value).length <= NOTIFICATION_DATA_MAX_BYTES, 'The data is too large.'),
});
export type NotificationInput = z.input<typeof notificationInputSchema>;

// ---- realtime events on the user's private channel ----

/**
 * Echo-compatible event names. The server broadcasts the fully qualified names (Laravel's convention for an
 * event class without broadcastAs); Echo, with its default namespace 'App.Events', binds
 * `.listen('NotificationCreated')` to exactly 'App\Events\NotificationCreated'.
 */
export const NOTIFICATION_EVENTS = {
  created: 'NotificationCreated',
  updated: 'NotificationsUpdated',
} as const;

/** A new notification, and the user's unread count just after it was stored. */
export const notificationCreatedEventSchema = z.object({
  notification: notificationSchema,
  unread_count: z.number().int().min(0),
});
export type NotificationCreatedEvent = z.infer<typeof notificationCreatedEventSchema>;

/** Something changed (new, read, read-all, deleted): the user's unread count now. */
export const notificationsUpdatedEventSchema = z.object({
  unread_count: z.number().int().min(0),
});
export type NotificationsUpdatedEvent = z.infer<typeof notificationsUpdatedEventSchema>;
