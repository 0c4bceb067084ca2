/**
 * Notifications as the other modules reach them (eslint.config.js: a module's one public file is its `public.ts`):
 * storing and sending a partner a notification, the one way any area tells a partner something (service.ts), and the
 * portal's own notifications worded in every language, sent by whichever area makes the change
 * (domain-notifications.ts: the console's approval of a partner tells them as the admin command does).
 */
export { createNotificationService, type NotificationService } from './service.ts';
export {
  notifyAccountApproved,
  notifyBookingCreated,
  notifyBookingStatusChanged,
  type BookingCreatedInput,
  type BookingStatusChangedInput,
  type Notifier,
} from './domain-notifications.ts';
