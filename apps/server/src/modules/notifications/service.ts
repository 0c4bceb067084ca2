import {
  NOTIFICATION_EVENTS,
  notificationInputSchema,
  type Notification,
  type NotificationCreatedEvent,
  type NotificationInput,
  type NotificationsUpdatedEvent,
} from '@portal/contracts/notifications';
import type { Queryable } from '../../db/queryable.ts';
import { NotFoundError, ValidationError, type FieldErrors } from '../../lib/errors.ts';
import { userChannel } from '../../realtime/channel-authorizer.ts';
import type { BroadcastEvent, Broadcaster } from '../broadcasting/broadcaster.ts';
import { NOTIFICATION_MESSAGES } from './messages.ts';
import * as repository from './repository.ts';

/**
 * Who a notification goes to: users by id, or every approved partner of a referral agent.
 * A single id is accepted too, for the common case.
 */
export type NotificationRecipients = number | number[] | { referralAgentId: number };

export interface NotifyOptions {
  /** to-others: the `X-Socket-ID` of the request that caused it, whose tab does not need the live event. */
  socketId?: string | undefined;
}

export interface NotificationService {
  /**
   * The one call other areas use: stores one notification per recipient and broadcasts each on the
   * recipient's private channel ('NotificationCreated', then 'NotificationsUpdated' with the unread count).
   * Resolves once stored and handed to the realtime service; a realtime failure is logged, never thrown.
   */
  notify(recipients: NotificationRecipients, input: NotificationInput, options?: NotifyOptions): Promise<Notification[]>;
  /** One page of the user's notifications and how many there are (the list route makes the paginator). */
  list(userId: number, query: { page: number; per_page: number; filter: 'all' | 'unread' }): Promise<{ rows: Notification[]; total: number }>;
  unreadCount(userId: number): Promise<number>;
  markRead(userId: number, id: string, options?: NotifyOptions): Promise<number>;
  markAllRead(userId: number, options?: NotifyOptions): Promise<number>;
  remove(userId: number, id: string, options?: NotifyOptions): Promise<number>;
}

/** `broadcaster` logs its own failures; the service never fails because of one. */
export function createNotificationService(deps: { db: Queryable; broadcaster: Broadcaster }): NotificationService {
  const { db, broadcaster } = deps;

  async function recipientIds(recipients: NotificationRecipients): Promise<number[]> {
    if (typeof recipients === 'number') return repository.existingUserIds(db, [recipients]);
    if (Array.isArray(recipients)) {
      const unique = [...new Set(recipients.filter((id) => Number.isSafeInteger(id) && id > 0))];
      return repository.existingUserIds(db, unique);
    }
    return repository.approvedUserIdsOfAgent(db, recipients.referralAgentId);
  }

  /** Tells every tab of the user the new unread count (after a read, read-all or delete). */
  async function announceCount(userId: number, options: NotifyOptions = {}): Promise<number> {
    const unreadCount = await repository.countUnread(db, userId);
    const data: NotificationsUpdatedEvent = { unread_count: unreadCount };
    await broadcaster.broadcast([{ channel: userChannel(userId), event: NOTIFICATION_EVENTS.updated, data }], options);
    return unreadCount;
  }

  return {
    async notify(recipients, rawInput, options = {}) {
      const parsed = notificationInputSchema.safeParse(rawInput);
      if (!parsed.success) {
        const errors: FieldErrors = {};
        for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'input'] ??= []).push(issue.message);
        throw new ValidationError(errors);
      }
      const userIds = await recipientIds(recipients);
      if (userIds.length === 0) return [];

      const rows = await repository.insertForUsers(db, userIds, parsed.data);
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

    async list(userId, query) {
      const { rows, total } = await repository.listForUser(db, userId, {
        page: query.page,
        perPage: query.per_page,
        unreadOnly: query.filter === 'unread',
      });
      return { rows: rows.map(repository.toNotification), total };
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
