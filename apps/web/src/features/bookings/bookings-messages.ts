/** The bookings area's texts in English; the Arabic is in ./bookings-messages-ar.ts (loaded with Arabic). */
import { BOOKING_COLUMN_LABELS } from '@portal/contracts/booking-columns';

export const bookingsEn = {
  // spec §2: the page titled My Referrals
  pageTitle: 'My Referrals',
  pageIntro: 'Bookings made through your referrals.',
  bookings: 'Bookings',
  count_one: '{{count, number}} booking',
  count_other: '{{count, number}} bookings',
  // spec §2, word for word
  empty: 'No bookings to view yet.',
  filteredEmpty: 'No bookings match these filters.',
  printTitle: 'My Referrals: Bookings',
  refreshFailed: "Couldn't refresh the list.",
  loadFailed: "Couldn't load your bookings.",
  clearFilters: 'Clear filters',
  appliedFilters: 'Applied filters',
  facilityChip: 'Facility: {{name}}',
  removeFacility: 'Remove facility filter',
  datesChip: 'Dates: {{kind}}',
  rangeSummary: '{{kind}}: {{range}}',
  invoiceChip: 'Invoice: {{status}}',
  removeDateType: 'Remove date type filter',
  invoiceStatus: 'Invoice status',
  invoice: 'Invoice',
  invoiceAll: 'All',
  invoicePaid: 'Paid',
  invoiceUnpaid: 'Unpaid',
  filter: 'Filter',
  filterTitle: 'Filter bookings',
  facility: 'Facility',
  allFacilities: 'All facilities',
  datesReferTo: 'Dates refer to',
  appointmentDate: 'Appointment date',
  bookingDate: 'Booking date',
  // the seven columns of spec §2, as the exports write them (contracts/booking-columns.ts)
  columns: BOOKING_COLUMN_LABELS,
  // issue 34: the columns after the spec's seven (web only: the exports keep the seven)
  extraColumns: { status: 'Status', amount: 'Amount', commission: 'Your commission' },
  bookingStatus: { pending: 'Pending', confirmed: 'Confirmed', completed: 'Completed', cancelled: 'Cancelled', no_show: 'No-show', refunded: 'Refunded' },
  commissionStatus: { pending: 'Pending', approved: 'Approved', in_payout: 'In payout', paid: 'Paid', reversed: 'Reversed' },
  noTicketHint: 'A dash: our team has not issued the ticket for this booking yet.',
  commissionHint: 'What this booking earns you, with the commission\'s status. A dash: none yet, it is earned when the treatment is completed.',
  dashLegend: '"-" means not yet: no Booking Id until our team issues the ticket, no commission until the treatment is completed.',
} as const;

declare module '../../i18n/i18n' {
  interface Catalogues {
    bookings: typeof bookingsEn;
  }
}
