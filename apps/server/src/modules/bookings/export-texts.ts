import { BOOKING_COLUMN_LABELS, BOOKING_COLUMN_LABELS_AR } from '@portal/contracts/booking-columns';
import type { BookingSortColumn, BookingStatus } from '@portal/contracts/bookings';
import type { Locale } from '@portal/contracts/preferences';
import { leftToRight } from '../../lib/exports/export-columns.ts';

/**
 * The words of a bookings export, in each language: its heading, its columns, the names of statuses, the lines that
 * describe the filters. The file is written in the language of the person who asks for it (request.locale). English
 * keeps the table's labels (contracts' BOOKING_COLUMN_LABELS, as the web table shows them). TypeScript refuses a
 * language that leaves a text out; export-columns.test.ts checks none is blank.
 */
export interface BookingExportTexts {
  title: string;
  sheetName: string;
  /** what a row is, in '1,234 bookings' */
  rowsName: string;
  emptyText: string;
  organisationLabel: string;
  columns: Record<keyof typeof BOOKING_COLUMN_LABELS, string> & {
    status: string;
    invoiceStatus: string;
    /** the PDF's narrower header of the invoice status */
    invoice: string;
    amount: string;
    currency: string;
    created: string;
  };
  statuses: Record<BookingStatus, string>;
  invoiceStatuses: { paid: string; unpaid: string };
  filters: {
    appointmentDate: string;
    created: string;
    between: (from: string, to: string) => string;
    from: (from: string) => string;
    upTo: (to: string) => string;
    facility: string;
    invoiceStatus: string;
    search: string;
    filters: string;
    none: string;
    sortedBy: string;
    /** [column, ascending, descending] */
    sorts: Record<BookingSortColumn, [string, string, string]>;
    timeZone: string;
  };
}

export const BOOKING_EXPORT_TEXTS: Readonly<Record<Locale, BookingExportTexts>> = {
  en: {
    title: 'My Referrals — Bookings',
    sheetName: 'Bookings',
    rowsName: 'bookings',
    emptyText: 'No bookings to view yet.',
    organisationLabel: 'Referral agent',
    columns: {
      ...BOOKING_COLUMN_LABELS,
      status: 'Status',
      invoiceStatus: 'Invoice status',
      invoice: 'Invoice',
      amount: 'Amount',
      currency: 'Currency',
      created: 'Created',
    },
    statuses: { pending: 'Pending', confirmed: 'Confirmed', completed: 'Completed', cancelled: 'Cancelled', no_show: 'No show', refunded: 'Refunded' },
    invoiceStatuses: { paid: 'Paid', unpaid: 'Unpaid' },
    filters: {
      appointmentDate: 'Appointment date',
      created: 'Created',
      between: (from, to) => `${from} to ${to}`,
      from: (from) => `from ${from}`,
      upTo: (to) => `up to ${to}`,
      facility: 'Facility',
      invoiceStatus: 'Invoice status',
      search: 'Search',
      filters: 'Filters',
      none: 'none (all bookings)',
      sortedBy: 'Sorted by',
      sorts: {
        date_time: ['Appointment date', 'oldest first', 'newest first'],
        created_at: ['Created', 'oldest first', 'newest first'],
        ticket_id: ['Booking Id', 'ascending', 'descending'],
        amount: ['Amount', 'lowest first', 'highest first'],
      },
      timeZone: 'Time zone',
    },
  },
  ar: {
    title: 'إحالاتي — الحجوزات',
    sheetName: 'الحجوزات',
    rowsName: 'حجز',
    emptyText: 'لا توجد حجوزات لعرضها بعد.',
    organisationLabel: 'الوكيل المُحيل',
    columns: {
      ...BOOKING_COLUMN_LABELS_AR,
      status: 'الحالة',
      invoiceStatus: 'حالة الفاتورة',
      invoice: 'الفاتورة',
      amount: 'المبلغ',
      currency: 'العملة',
      created: 'تاريخ الإنشاء',
    },
    statuses: { pending: 'قيد الانتظار', confirmed: 'مؤكد', completed: 'مكتمل', cancelled: 'ملغى', no_show: 'لم يحضر', refunded: 'مسترد' },
    invoiceStatuses: { paid: 'مدفوعة', unpaid: 'غير مدفوعة' },
    filters: {
      appointmentDate: 'تاريخ الموعد',
      created: 'تاريخ الإنشاء',
      between: (from, to) => `من ${leftToRight(from)} إلى ${leftToRight(to)}`,
      from: (from) => `من ${leftToRight(from)}`,
      upTo: (to) => `حتى ${leftToRight(to)}`,
      facility: 'المنشأة',
      invoiceStatus: 'حالة الفاتورة',
      search: 'البحث',
      filters: 'عوامل التصفية',
      none: 'لا شيء (كل الحجوزات)',
      sortedBy: 'الترتيب حسب',
      sorts: {
        date_time: ['تاريخ الموعد', 'الأقدم أولًا', 'الأحدث أولًا'],
        created_at: ['تاريخ الإنشاء', 'الأقدم أولًا', 'الأحدث أولًا'],
        ticket_id: ['رقم الحجز', 'تصاعديًا', 'تنازليًا'],
        amount: ['المبلغ', 'الأقل أولًا', 'الأعلى أولًا'],
      },
      timeZone: 'المنطقة الزمنية',
    },
  },
};
