import { NOTIFICATION_TYPES, type Notification } from '@portal/contracts/notifications';
import { BOOKING_ID_PREFIX } from '@portal/contracts/constants';
import { formatBookingId, formatDate } from '@portal/contracts/formatters';
import type { Locale } from '@portal/contracts/preferences';
import type { NotificationService, NotifyOptions } from './service.ts';

/**
 * The notifications the portal's own domain events create, worded in one place, in every language: each recipient
 * reads theirs in their saved language (users.locale; the service calls the wording once per language). Callers pass
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

/** An appointment's day: spec §9's 'D MMM Y' in English, the language's own long date otherwise ('5 مارس 2024'). */
function dateText(value: Date | string, locale: Locale): string {
  if (locale === 'en') return formatDate(value);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? formatDate(value) : new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

interface BookingCreatedParts {
  bookingId: string;
  patientName?: string | null | undefined;
  facilityName?: string | null | undefined;
  date?: string | undefined;
}

interface StatusChangeParts {
  bookingId: string;
  invoice: boolean;
  from: string | null;
  to: string;
}

interface NotificationTexts {
  accountApproved: { title: string; body: string };
  bookingCreated: { title: (bookingId: string) => string; body: (parts: BookingCreatedParts) => string };
  bookingStatusChanged: { title: (parts: StatusChangeParts) => string; body: (parts: StatusChangeParts) => string };
}

/** Every language words every notification: TypeScript refuses one that leaves a text out. */
export const NOTIFICATION_TEXTS: Readonly<Record<Locale, NotificationTexts>> = {
  en: {
    accountApproved: {
      title: 'Your account is approved',
      body: 'Welcome to the partner portal. Your referrals, bookings and earnings are all here.',
    },
    bookingCreated: {
      title: (bookingId) => `New booking ${bookingId}`,
      body: ({ patientName, facilityName, date }) => {
        const parts = [patientName ? `for ${patientName}` : null, facilityName ? `at ${facilityName}` : null, date ? `on ${date}` : null].filter(Boolean);
        return parts.length > 0 ? `A booking was made through your referral ${parts.join(' ')}.` : 'A booking was made through your referral.';
      },
    },
    bookingStatusChanged: {
      title: ({ bookingId, invoice }) => `Booking ${bookingId} ${invoice ? 'invoice ' : ''}updated`,
      body: ({ invoice, from, to }) => `${invoice ? 'Invoice status' : 'Status'} changed ${from ? `from ${from} to ${to}` : `to ${to}`}.`,
    },
  },
  ar: {
    accountApproved: {
      title: 'تمت الموافقة على حسابك',
      body: 'مرحبًا بك في بوابة الشركاء. تجد هنا إحالاتك وحجوزاتك وأرباحك.',
    },
    bookingCreated: {
      title: (bookingId) => `حجز جديد ${bookingId}`,
      body: ({ patientName, facilityName, date }) => {
        const parts = [patientName ? `للمريض ${patientName}` : null, facilityName ? `في ${facilityName}` : null, date ? `بتاريخ ${date}` : null].filter(Boolean);
        return parts.length > 0 ? `تم إجراء حجز عن طريق إحالتك ${parts.join(' ')}.` : 'تم إجراء حجز عن طريق إحالتك.';
      },
    },
    bookingStatusChanged: {
      title: ({ bookingId, invoice }) => (invoice ? `تحديث فاتورة الحجز ${bookingId}` : `تحديث الحجز ${bookingId}`),
      body: ({ invoice, from, to }) => `${invoice ? 'تغيّرت حالة الفاتورة' : 'تغيّرت الحالة'} ${from ? `من ${from} إلى ${to}` : `إلى ${to}`}.`,
    },
  },
};

export function notifyAccountApproved(notifier: Notifier, userId: number, options?: NotifyOptions): Promise<Notification[]> {
  return notifier.notify(
    userId,
    (locale) => ({
      type: NOTIFICATION_TYPES.accountApproved,
      title: NOTIFICATION_TEXTS[locale].accountApproved.title,
      body: NOTIFICATION_TEXTS[locale].accountApproved.body,
      link: '/',
      data: {},
    }),
    options,
  );
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
    (locale) => ({
      type: NOTIFICATION_TYPES.bookingCreated,
      title: NOTIFICATION_TEXTS[locale].bookingCreated.title(bookingId),
      body: NOTIFICATION_TEXTS[locale].bookingCreated.body({
        bookingId,
        patientName: input.patientName,
        facilityName: input.facilityName,
        date: input.appointmentAt ? dateText(input.appointmentAt, locale) : undefined,
      }),
      link: bookingLink(input.ticketId),
      data: { ticket_id: String(input.ticketId) },
    }),
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
    (locale) => {
      const parts = { bookingId, invoice, from: input.from ? statusWord(input.from, locale) : null, to: statusWord(input.to, locale) };
      return {
        type: invoice ? NOTIFICATION_TYPES.bookingInvoiceStatusChanged : NOTIFICATION_TYPES.bookingStatusChanged,
        title: NOTIFICATION_TEXTS[locale].bookingStatusChanged.title(parts),
        body: NOTIFICATION_TEXTS[locale].bookingStatusChanged.body(parts),
        link: bookingLink(input.ticketId),
        data: { ticket_id: String(input.ticketId), field: input.field, from: input.from ?? null, to: input.to },
      };
    },
    options,
  );
}
