/** The bookings area's texts in Arabic: a chunk of its own, loaded when Arabic is chosen. */
import { BOOKING_COLUMN_LABELS_AR } from '@portal/contracts/booking-columns';
import type { Translation } from '../../i18n/catalogue-types';
import type { bookingsEn } from './bookings-messages';

export const bookingsAr: Translation<typeof bookingsEn> = {
  pageTitle: 'إحالاتي',
  pageIntro: 'الحجوزات التي تمت عبر إحالاتك.',
  bookings: 'الحجوزات',
  count_zero: 'لا توجد حجوزات',
  count_one: 'حجز واحد',
  count_two: 'حجزان',
  count_few: '{{count, number}} حجوزات',
  count_many: '{{count, number}} حجزًا',
  count_other: '{{count, number}} حجز',
  empty: 'لا توجد حجوزات لعرضها بعد.',
  filteredEmpty: 'لا توجد حجوزات تطابق عوامل التصفية هذه.',
  printTitle: 'إحالاتي: الحجوزات',
  refreshFailed: 'تعذّر تحديث القائمة.',
  loadFailed: 'تعذّر تحميل حجوزاتك.',
  clearFilters: 'مسح عوامل التصفية',
  appliedFilters: 'عوامل التصفية المطبّقة',
  facilityChip: 'المنشأة: {{name}}',
  removeFacility: 'إزالة تصفية المنشأة',
  datesChip: 'التواريخ: {{kind}}',
  rangeSummary: '{{kind}}: {{range}}',
  invoiceChip: 'الفاتورة: {{status}}',
  removeDateType: 'إزالة تصفية نوع التاريخ',
  invoiceStatus: 'حالة الفاتورة',
  invoice: 'الفاتورة',
  invoiceAll: 'الكل',
  invoicePaid: 'مدفوعة',
  invoiceUnpaid: 'غير مدفوعة',
  filter: 'تصفية',
  filterTitle: 'تصفية الحجوزات',
  facility: 'المنشأة',
  allFacilities: 'كل المنشآت',
  datesReferTo: 'تشير التواريخ إلى',
  appointmentDate: 'تاريخ الموعد',
  bookingDate: 'تاريخ الحجز',
  // the seven columns, as the Arabic exports write them (contracts/booking-columns.ts)
  columns: BOOKING_COLUMN_LABELS_AR,
};
