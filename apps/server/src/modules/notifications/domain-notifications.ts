import { NOTIFICATION_TYPES, type Notification } from '@portal/contracts/notifications';
import { BOOKING_ID_PREFIX } from '@portal/contracts/constants';
import { formatBookingId, formatDate } from '@portal/contracts/formatters';
import type { NotificationService, NotifyOptions } from './service.ts';

/**
 * The notifications the portal's own domain events create, worded in one place. Callers pass
 * `app.notifications` (or any object with its `notify`):
 *
 *   await notifyAccountApproved(app.notifications, userId);
 *   await notifyBookingCreated(app.notifications, { referralAgentId, ticketId, patientName, facilityName, appointmentAt });
 *   await notifyBookingStatusChanged(app.notifications, { referralAgentId, ticketId, field: 'status', from, to });
 */
export type Notifier = Pick<NotificationService, 'notify'>;

/**
 * Where a booking is shown: the Bookings list searched for its ticket number. The bare number, not the
 * displayed 'MT-…' id: the list's search matches the stored ticket id, which has no prefix.
 */
export function bookingLink(ticketId: string | number): string {
  const bare = String(ticketId).trim().replace(new RegExp(`^${BOOKING_ID_PREFIX}`), '');
  return `/bookings?search=${encodeURIComponent(bare)}`;
}

export function notifyAccountApproved(notifier: Notifier, userId: number, options?: NotifyOptions): Promise<Notification[]> {
  return notifier.notify(
    userId,
    {
      type: NOTIFICATION_TYPES.accountApproved,
      title: 'Your account is approved',
      body: 'Welcome to the partner portal. Your referrals, bookings and earnings are all here.',
      link: '/',
      data: {},
    },
    options,
  );
}

export interface BookingCreatedInput {
  /** Every approved partner of this referral agent is told. */
  referralAgentId: number;
  ticketId: string | number;
  patientName?: string | null | undefined;
  facilityName?: string | null | undefined;
  appointmentAt?: Date | string | null | undefined;
}

export function notifyBookingCreated(notifier: Notifier, input: BookingCreatedInput, options?: NotifyOptions): Promise<Notification[]> {
  const bookingId = formatBookingId(input.ticketId);
  const parts = [
    input.patientName ? `for ${input.patientName}` : null,
    input.facilityName ? `at ${input.facilityName}` : null,
    input.appointmentAt ? `on ${formatDate(input.appointmentAt)}` : null,
  ].filter(Boolean);
  return notifier.notify(
    { referralAgentId: input.referralAgentId },
    {
      type: NOTIFICATION_TYPES.bookingCreated,
      title: `New booking ${bookingId}`,
      body: parts.length > 0 ? `A booking was made through your referral ${parts.join(' ')}.` : 'A booking was made through your referral.',
      link: bookingLink(input.ticketId),
      data: { ticket_id: String(input.ticketId) },
    },
    options,
  );
}

export interface BookingStatusChangedInput {
  referralAgentId: number;
  ticketId: string | number;
  /** Which status changed: the booking's own, or its invoice's (paid / unpaid). */
  field: 'status' | 'invoice_status';
  from: string | null | undefined;
  to: string;
}

function humanise(value: string): string {
  const text = value.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function notifyBookingStatusChanged(
  notifier: Notifier,
  input: BookingStatusChangedInput,
  options?: NotifyOptions,
): Promise<Notification[]> {
  const bookingId = formatBookingId(input.ticketId);
  const invoice = input.field === 'invoice_status';
  const what = invoice ? 'Invoice status' : 'Status';
  const change = input.from ? `from ${humanise(input.from)} to ${humanise(input.to)}` : `to ${humanise(input.to)}`;
  return notifier.notify(
    { referralAgentId: input.referralAgentId },
    {
      type: invoice ? NOTIFICATION_TYPES.bookingInvoiceStatusChanged : NOTIFICATION_TYPES.bookingStatusChanged,
      title: `Booking ${bookingId} ${invoice ? 'invoice ' : ''}updated`,
      body: `${what} changed ${change}.`,
      link: bookingLink(input.ticketId),
      data: { ticket_id: String(input.ticketId), field: input.field, from: input.from ?? null, to: input.to },
    },
    options,
  );
}
