import { NOTIFICATION_TYPES, type Notification } from '@portal/contracts/notifications';
import { BOOKING_ID_PREFIX } from '@portal/contracts/constants';
import { formatBookingId } from '@portal/contracts/formatters';
import type { Locale } from '@portal/contracts/preferences';
import { day, defineNotice, type NoticeDay, type NoticeValues } from './notices.ts';
import type { NotificationService, NotifyOptions } from './service.ts';

/**
 * The notifications the portal's own domain events create, worded in one place, in every language (notices: each
 * reader reads them in the language of their page, the live event and e-mail in their saved one). Callers pass
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

/** What a status is called in each language; an unknown status is shown humanised ('on_hold' → 'On hold'). */
const STATUS_WORDS: Readonly<Record<Locale, Readonly<Record<string, string>>>> = {
  en: {},
  ar: {
    pending: 'قيد الانتظار',
    confirmed: 'مؤكد',
    completed: 'مكتمل',
    cancelled: 'ملغى',
    no_show: 'لم يحضر',
    refunded: 'مسترد',
    paid: 'مدفوعة',
    unpaid: 'غير مدفوعة',
  },
};

function humanise(value: string): string {
  const text = value.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function statusWord(value: string, locale: Locale): string {
  return STATUS_WORDS[locale][value] ?? humanise(value);
}

/** What a booking-created notice keeps: the booking, and each optional part of the sentence. */
interface BookingCreatedValues extends NoticeValues {
  bookingId: string;
  patientName: string | null;
  facilityName: string | null;
  date: NoticeDay | null;
}

/** What a status-change notice keeps: the statuses as stored ('no_show'), worded at each read. */
interface StatusChangeValues extends NoticeValues {
  bookingId: string;
  invoice: boolean;
  from: string | null;
  to: string;
}

export const ACCOUNT_APPROVED_NOTICE = defineNotice('account.approved', {
  en: { title: 'Your account is approved', body: 'Welcome to the partner portal. Your referrals, bookings and earnings are all here.' },
  ar: { title: 'تمت الموافقة على حسابك', body: 'مرحبًا بك في بوابة الشركاء. تجد هنا إحالاتك وحجوزاتك وأرباحك.' },
});

export const BOOKING_CREATED_NOTICE = defineNotice<BookingCreatedValues>('booking.created', {
  en: ({ bookingId, patientName, facilityName, date }, format) => {
    const parts = [patientName ? `for ${patientName}` : null, facilityName ? `at ${facilityName}` : null, date ? `on ${format.day(date)}` : null].filter(Boolean);
    return {
      title: `New booking ${bookingId}`,
      body: parts.length > 0 ? `A booking was made through your referral ${parts.join(' ')}.` : 'A booking was made through your referral.',
    };
  },
  ar: ({ bookingId, patientName, facilityName, date }, format) => {
    const parts = [patientName ? `للمريض ${patientName}` : null, facilityName ? `في ${facilityName}` : null, date ? `بتاريخ ${format.day(date)}` : null].filter(Boolean);
    return {
      title: `حجز جديد ${bookingId}`,
      body: parts.length > 0 ? `تم إجراء حجز عن طريق إحالتك ${parts.join(' ')}.` : 'تم إجراء حجز عن طريق إحالتك.',
    };
  },
}, { bookingId: 'MT-100234', patientName: 'Omar Khalil', facilityName: 'Harbor Dental', date: day('2026-12-03') });

export const BOOKING_STATUS_NOTICE = defineNotice<StatusChangeValues>('booking.status_changed', {
  en: ({ bookingId, invoice, from, to }) => {
    const [was, now] = [from ? statusWord(from, 'en') : null, statusWord(to, 'en')];
    return {
      title: `Booking ${bookingId} ${invoice ? 'invoice ' : ''}updated`,
      body: `${invoice ? 'Invoice status' : 'Status'} changed ${was ? `from ${was} to ${now}` : `to ${now}`}.`,
    };
  },
  ar: ({ bookingId, invoice, from, to }) => {
    const [was, now] = [from ? statusWord(from, 'ar') : null, statusWord(to, 'ar')];
    return {
      title: invoice ? `تحديث فاتورة الحجز ${bookingId}` : `تحديث الحجز ${bookingId}`,
      body: `${invoice ? 'تغيّرت حالة الفاتورة' : 'تغيّرت الحالة'} ${was ? `من ${was} إلى ${now}` : `إلى ${now}`}.`,
    };
  },
}, { bookingId: 'MT-100234', invoice: false, from: 'pending', to: 'no_show' });

export function notifyAccountApproved(notifier: Notifier, userId: number, options?: NotifyOptions): Promise<Notification[]> {
  return notifier.notify(userId, { type: NOTIFICATION_TYPES.accountApproved, notice: ACCOUNT_APPROVED_NOTICE, values: {}, link: '/' }, options);
}

export interface BookingCreatedInput {
  /** The members of this referral agent who may see the booking are told (issue 17: not finance; an 'agent' only of their own). */
  referralAgentId: number;
  /** the member who referred the booking (null or absent: not recorded, then only owners and managers are told) */
  referredByUserId?: number | null | undefined;
  ticketId: string | number;
  patientName?: string | null | undefined;
  facilityName?: string | null | undefined;
  appointmentAt?: Date | string | null | undefined;
}

export function notifyBookingCreated(notifier: Notifier, input: BookingCreatedInput, options?: NotifyOptions): Promise<Notification[]> {
  const bookingId = formatBookingId(input.ticketId);
  return notifier.notify(
    { referralAgentId: input.referralAgentId, referral: { referredByUserId: input.referredByUserId ?? null } },
    {
      type: NOTIFICATION_TYPES.bookingCreated,
      notice: BOOKING_CREATED_NOTICE,
      values: {
        bookingId,
        patientName: input.patientName ?? null,
        facilityName: input.facilityName ?? null,
        date: input.appointmentAt ? day(new Date(input.appointmentAt)) : null,
      },
      link: bookingLink(input.ticketId),
      data: { ticket_id: String(input.ticketId) },
    },
    options,
  );
}

export interface BookingStatusChangedInput {
  referralAgentId: number;
  /** as in BookingCreatedInput */
  referredByUserId?: number | null | undefined;
  ticketId: string | number;
  /** Which status changed: the booking's own, or its invoice's (paid / unpaid). */
  field: 'status' | 'invoice_status';
  from: string | null | undefined;
  to: string;
}

export function notifyBookingStatusChanged(
  notifier: Notifier,
  input: BookingStatusChangedInput,
  options?: NotifyOptions,
): Promise<Notification[]> {
  const bookingId = formatBookingId(input.ticketId);
  const invoice = input.field === 'invoice_status';
  return notifier.notify(
    { referralAgentId: input.referralAgentId, referral: { referredByUserId: input.referredByUserId ?? null } },
    {
      type: invoice ? NOTIFICATION_TYPES.bookingInvoiceStatusChanged : NOTIFICATION_TYPES.bookingStatusChanged,
      notice: BOOKING_STATUS_NOTICE,
      values: { bookingId, invoice, from: input.from ?? null, to: input.to },
      link: bookingLink(input.ticketId),
      data: { ticket_id: String(input.ticketId), field: input.field, from: input.from ?? null, to: input.to },
    },
    options,
  );
}
