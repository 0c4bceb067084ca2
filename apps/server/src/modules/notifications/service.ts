import {
  NOTIFICATION_EVENTS,
  notificationInputSchema,
  type Notification,
  type NotificationCreatedEvent,
  type NotificationInput,
  type NotificationsUpdatedEvent,
} from '@portal/contracts/notifications';
import type { Locale } from '@portal/contracts/preferences';
import type { Queryable } from '../../db/queryable.ts';
import { NotFoundError, ValidationError, type FieldErrors } from '../../lib/errors.ts';
import { userChannel } from '../../realtime/channel-authorizer.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { BroadcastEvent, Broadcaster } from '../broadcasting/public.ts';
import { notificationMail, recipientsOnChannel } from './channel-preferences.ts';
import { NOTIFICATION_MESSAGES } from './messages.ts';
import type { Notice, NoticeValues } from './notices.ts';
import * as repository from './repository.ts';

/**
 * Who a notification goes to: users by id, or every approved partner of a referral agent.
 * A single id is accepted too, for the common case.
 */
export type NotificationRecipients =
  | number
  | number[]
  | {
      referralAgentId: number;
      /**
       * A notification about one referral (a booking; issue 17): only the members who may see it are told: those
       * whose role reads referrals for the whole agent (owner, manager) and the member who referred it (an 'agent'),
       * never finance. Absent: every approved partner of the agent.
       */
      referral?: { referredByUserId: number | null };
    };

/**
 * A notice and its values (notices.ts): stored as the notice's key with the values, and worded at every read in the
 * reader's language (the list, the bell), at sending in the recipient's saved language (the live event, the e-mail).
 * How every area words what it tells partners.
 */
export interface NoticeContent<Values extends NoticeValues = NoticeValues> {
  type: string;
  notice: Notice<Values>;
  values: Values;
  link?: string | null | undefined;
  data?: Record<string, unknown> | undefined;
}

/**
 * What a notification says: a notice with its values (every area's own notifications), or one text for everyone in
 * the language it was written in (the admin command's message).
 */
export type NotificationContent<Values extends NoticeValues = NoticeValues> = NoticeContent<Values> | NotificationInput;

/** The stored values' size limit: values are data of the notice (names, amounts, days), never documents. */
const NOTICE_VALUES_MAX_BYTES = 8000;

export interface NotifyOptions {
  /** to-others: the `X-Socket-ID` of the request that caused it, whose tab does not need the live event. */
  socketId?: string | undefined;
}

export interface NotificationService {
  /**
   * The one call other areas use: stores one notification per recipient and broadcasts each on the
   * recipient's private channel ('NotificationCreated', then 'NotificationsUpdated' with the unread count).
   * Each recipient's notification preferences decide (channel-preferences.ts, /profile/notifications): a recipient
   * who turned the in-app channel of this type off gets no row (and is not in the answer), one who turned e-mail on
   * gets an e-mail too (when the service has a mailer).
   * Resolves once stored and handed to the realtime service; a realtime failure is logged, never thrown.
   */
  notify<Values extends NoticeValues>(recipients: NotificationRecipients, content: NotificationContent<Values>, options?: NotifyOptions): Promise<Notification[]>;
  /**
   * One page of the user's notifications and how many there are (the list route makes the paginator), each worded in
   * `locale` (the language the reader's page is in) when it was stored as a notice.
   */
  list(userId: number, query: { page: number; per_page: number; filter: 'all' | 'unread' }, locale?: Locale): Promise<{ rows: Notification[]; total: number }>;
  unreadCount(userId: number): Promise<number>;
  markRead(userId: number, id: string, options?: NotifyOptions): Promise<number>;
  markAllRead(userId: number, options?: NotifyOptions): Promise<number>;
  remove(userId: number, id: string, options?: NotifyOptions): Promise<number>;
}

/** The e-mail channel of notifications: the mail queue and the portal's address (links in the e-mail). */
export interface NotificationServiceMail {
  mailer: Pick<Mailer, 'queue'>;
  appUrl: string;
}

export function createNotificationService(deps: {
  db: Queryable;
  broadcaster: Broadcaster;
  /** The e-mail channel (queued on `db`, so inside a transaction it goes only if that commits); without it, nothing is e-mailed. */
  mail?: NotificationServiceMail | undefined;
}): NotificationService {
  const { db, broadcaster } = deps;

  async function recipientIds(recipients: NotificationRecipients): Promise<number[]> {
    if (typeof recipients === 'number') return repository.existingUserIds(db, [recipients]);
    if (Array.isArray(recipients)) {
      const unique = [...new Set(recipients.filter((id) => Number.isSafeInteger(id) && id > 0))];
      return repository.existingUserIds(db, unique);
    }
    if (recipients.referral) return repository.approvedUserIdsSeeingReferral(db, recipients.referralAgentId, recipients.referral.referredByUserId);
    return repository.approvedUserIdsOfAgent(db, recipients.referralAgentId);
  }

  function parse(input: NotificationInput) {
    const parsed = notificationInputSchema.safeParse(input);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'input'] ??= []).push(issue.message);
      throw new ValidationError(errors);
    }
    return parsed.data;
  }

  /** Tells every tab of the user the new unread count (after a read, read-all or delete). */
  async function announceCount(userId: number, options: NotifyOptions = {}): Promise<number> {
    const unreadCount = await repository.countUnread(db, userId);
    const data: NotificationsUpdatedEvent = { unread_count: unreadCount };
    await broadcaster.broadcast([{ channel: userChannel(userId), event: NOTIFICATION_EVENTS.updated, data }], options);
    return unreadCount;
  }

  return {
    async notify(recipients, content, options = {}) {
      // A wording that does not pass the schema fails at once, before anyone is looked up (in English for a notice).
      const notice = 'notice' in content ? content : null;
      const worded = (locale: Locale): repository.NewNotification => {
        if (!notice) return parse(content as NotificationInput);
        const text = notice.notice.render(notice.values, locale);
        return { ...parse({ type: notice.type, ...text, link: notice.link, data: notice.data }), messageKey: notice.notice.key, messageValues: notice.values };
      };
      const english = worded('en');
      if (notice && JSON.stringify(notice.values).length > NOTICE_VALUES_MAX_BYTES) throw new ValidationError({ values: ['The values are too large.'] });
      const ids = await recipientIds(recipients);
      const groups: { userIds: number[]; input: repository.NewNotification; locale: Locale }[] = [];
      if (!notice) groups.push({ userIds: ids, input: english, locale: 'en' });
      else {
        const byLocale = new Map<Locale, number[]>();
        for (const { id, locale } of await repository.localesOfUsers(db, ids)) {
          const group = byLocale.get(locale);
          if (group) group.push(id);
          else byLocale.set(locale, [id]);
        }
        for (const [locale, userIds] of byLocale) groups.push({ userIds, input: locale === 'en' ? english : worded(locale), locale });
      }
      const rows: repository.NotificationRow[] = [];
      for (const group of groups) {
        if (group.userIds.length === 0) continue;
        const inApp = (await recipientsOnChannel(db, group.userIds, group.input.type, 'in_app')).map((user) => user.id);
        if (inApp.length > 0) rows.push(...(await repository.insertForUsers(db, inApp, group.input)));
        if (!deps.mail) continue;
        for (const recipient of await recipientsOnChannel(db, group.userIds, group.input.type, 'email')) {
          const { title, body, link } = group.input;
          await deps.mail.mailer.queue(notificationMail({ to: recipient.email, title, body, link, appUrl: deps.mail.appUrl, locale: group.locale }), { db });
        }
      }
      if (rows.length === 0) return [];
      const userIds = rows.map((row) => row.user_id);

      const counts = await repository.countUnreadForUsers(db, userIds);
      const stored = rows.map((row) => ({ userId: row.user_id, notification: repository.toNotification(row) }));

      const events: BroadcastEvent[] = [];
      for (const { userId, notification } of stored) {
        const unreadCount = counts.get(userId) ?? 0;
        const created: NotificationCreatedEvent = { notification, unread_count: unreadCount };
        const updated: NotificationsUpdatedEvent = { unread_count: unreadCount };
        events.push(
          { channel: userChannel(userId), event: NOTIFICATION_EVENTS.created, data: created },
          { channel: userChannel(userId), event: NOTIFICATION_EVENTS.updated, data: updated },
        );
      }
      await broadcaster.broadcast(events, options);
      return stored.map((entry) => entry.notification);
    },

    async list(userId, query, locale) {
      const { rows, total } = await repository.listForUser(db, userId, {
        page: query.page,
        perPage: query.per_page,
        unreadOnly: query.filter === 'unread',
      });
      return { rows: rows.map((row) => repository.toNotification(row, locale)), total };
    },

    unreadCount(userId) {
      return repository.countUnread(db, userId);
    },

    async markRead(userId, id, options) {
      if (!(await repository.markRead(db, userId, id))) throw new NotFoundError(NOTIFICATION_MESSAGES.notFound);
      return announceCount(userId, options);
    },

    async markAllRead(userId, options) {
      await repository.markAllRead(db, userId);
      return announceCount(userId, options);
    },

    async remove(userId, id, options) {
      if (!(await repository.deleteOne(db, userId, id))) throw new NotFoundError(NOTIFICATION_MESSAGES.notFound);
      return announceCount(userId, options);
    },
  };
}
