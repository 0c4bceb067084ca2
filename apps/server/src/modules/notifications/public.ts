/**
 * Notifications as the other modules reach them (eslint.config.js: a module's one public file is its `public.ts`):
 * storing and sending a partner a notification, the one way any area tells a partner something (service.ts), the
 * notices an area words its notifications with, once in every language (notices.ts: a key and values, worded at each
 * read in the reader's language), and the portal's own notifications, sent by whichever area makes the change
 * (domain-notifications.ts: the console's approval of a partner tells them as the admin command does).
 */
export { createNotificationService, type NoticeContent, type NotificationService } from './service.ts';
export { day, defineNotice, money, type Notice, type NoticeDay, type NoticeFormat, type NoticeMoney, type NoticeValue, type NoticeValues } from './notices.ts';
export {
  notifyAccountApproved,
  notifyBookingCreated,
  notifyBookingStatusChanged,
  type BookingCreatedInput,
  type BookingStatusChangedInput,
  type Notifier,
} from './domain-notifications.ts';
