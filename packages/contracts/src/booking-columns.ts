/**
 * The headers of the bookings table's seven columns (spec §2, My Referrals › Bookings), written once: the web
 * table (features/bookings/components/booking-columns.tsx) and both export files
 * (apps/server/src/modules/bookings/export-columns.ts) show these texts, so a renamed column changes everywhere.
 */
export const BOOKING_COLUMN_LABELS = {
  bookingId: 'Booking Id',
  patientName: 'Patient name',
  facility: 'Facility',
  appointmentDate: 'App. date',
  service: 'Service',
  specialty: 'Specialty',
  agentAssigned: 'Agent assigned',
} as const;

/** The same seven headers in Arabic, for the table read in Arabic and the Arabic exports alike. */
export const BOOKING_COLUMN_LABELS_AR: Record<keyof typeof BOOKING_COLUMN_LABELS, string> = {
  bookingId: 'رقم الحجز',
  patientName: 'اسم المريض',
  facility: 'المنشأة',
  appointmentDate: 'تاريخ الموعد',
  service: 'الخدمة',
  specialty: 'التخصص',
  agentAssigned: 'الوكيل المسؤول',
};

