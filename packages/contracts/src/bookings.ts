import { z } from 'zod';
import { DECIMAL_AMOUNT_PATTERN } from './money.ts';
import { COMMISSION_STATUSES } from './earnings.ts';
import { BOOKING_ID_PREFIX, BOOKINGS_PAGE_SIZE, PERMISSION_VIEW } from './constants.ts';
import {
  dateQueryField,
  defaultedEnumQueryField,
  enumQueryField,
  idQueryField,
  LIST_MAX_PAGE,
  listQuerySchema,
  sortQueryField,
  sortValues,
  textQueryField,
  timeZoneQueryField,
} from './list-query.ts';
import { paginatedSchema } from './pagination.ts';

/**
 * My Referrals › Bookings (spec §2, §3, §7): the facility options, the list query, a booking row and the
 * paginated answer. The server validates requests and responses with these; the SPA builds its list state
 * and parses answers with them.
 *
 * GET /api/general/get-facilities            → FacilityOption[] (facilities the partner's agent has bookings at, by name)
 * GET /api/clients/bookings?…                → BookingPage (Laravel paginator)
 * GET /api/clients/bookings?…&format=xlsx    → the whole filtered list as an Excel workbook (attachment)
 * GET /api/clients/bookings?…&format=pdf     → the same as a PDF (attachment)
 * Bad input → 422 {message, errors: {field: [messages]}}; no session → 401 {message: 'Unauthenticated.'}.
 */

/** `refunded`: a completed treatment the patient was refunded in full (issue 31, docs/earnings.md). */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'no_show', 'refunded'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const INVOICE_STATUSES = ['paid', 'unpaid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Which date `from`/`to` apply to; spec §3 default appointment_date. */
export const BOOKING_FILTER_BY = ['appointment_date', 'created_at'] as const;
export type BookingFilterBy = (typeof BOOKING_FILTER_BY)[number];
/** Columns the list can be sorted by; `-column` sorts descending. */
export const BOOKING_SORT_COLUMNS = ['date_time', 'created_at', 'ticket_id', 'amount'] as const;
export type BookingSortColumn = (typeof BOOKING_SORT_COLUMNS)[number];
export const BOOKING_SORTS = sortValues(BOOKING_SORT_COLUMNS);
export type BookingSort = (typeof BOOKING_SORTS)[number];
/** Newest appointment first (ties: newest booking first); with filter_by=created_at, '-created_at'. */
export const BOOKING_DEFAULT_SORT: BookingSort = '-date_time';
export const BOOKING_EXPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type BookingExportFormat = (typeof BOOKING_EXPORT_FORMATS)[number];
export const BOOKING_SEARCH_MAX_LENGTH = 100;
/** Highest page number accepted; beyond the last page the answer is simply empty. */
export const BOOKING_MAX_PAGE = LIST_MAX_PAGE;

/** The spec §5 message for a start date after the end date (also used by the date-range widget). */
export function startAfterEndMessage(from: string, to: string): string {
  return `Error ! Start Date ${from} should not be greater than end date ${to}`;
}

/**
 * Removes BOOKING_ID_PREFIX ('MT-', any case) from the front of a search word, so 'MT-100234' and '100234'
 * find the same booking.
 */
export function stripBookingIdPrefix(term: string): string {
  return term.toUpperCase().startsWith(BOOKING_ID_PREFIX.toUpperCase()) ? term.slice(BOOKING_ID_PREFIX.length) : term;
}

/** The filters shared by the list and its exports. */
const bookingFilterShape = {
  /** spec §7 sends team=referral; it is the only team. */
  team: enumQueryField('team', [PERMISSION_VIEW] as const),
  filter_by: defaultedEnumQueryField('filter by', BOOKING_FILTER_BY, 'appointment_date'),
  /** YYYY-MM-DD, inclusive, in `timezone`. */
  from: dateQueryField('from'),
  /** YYYY-MM-DD, inclusive (the whole day), in `timezone`. */
  to: dateQueryField('to'),
  /**
   * Matches the ticket id (with or without 'MT-'), patient, facility, service, specialty and assignee names,
   * case-insensitively; several words must all match.
   */
  search: textQueryField('search', BOOKING_SEARCH_MAX_LENGTH),
  /** A facility id (GET /api/general/get-facilities). */
  medical_service_provider: idQueryField('medical service provider'),
  invoice_status: enumQueryField('invoice status', INVOICE_STATUSES),
  /** One of BOOKING_SORTS; default '-date_time' ('-created_at' when filter_by=created_at), picked by the server. */
  sort: sortQueryField(BOOKING_SORT_COLUMNS),
  /**
   * The IANA time zone the dates are meant in (the browser's, `Intl.DateTimeFormat().resolvedOptions().timeZone`);
   * default UTC. Also the zone of the dates written in exports.
   */
  timezone: timeZoneQueryField(),
};

function checkDateRange(value: { from?: string | undefined; to?: string | undefined }, context: z.RefinementCtx): void {
  if (value.from && value.to && value.from > value.to) {
    context.addIssue({ code: 'custom', path: ['from'], message: startAfterEndMessage(value.from, value.to) });
  }
}

/** GET /api/clients/bookings query. `format` turns the answer into a file of the whole filtered list. */
export const bookingListQuerySchema = listQuerySchema({ filters: bookingFilterShape, defaultPageSize: BOOKINGS_PAGE_SIZE, maxPage: BOOKING_MAX_PAGE })
  .extend({ format: enumQueryField('format', BOOKING_EXPORT_FORMATS) })
  .superRefine(checkDateRange);

export type BookingListQuery = z.output<typeof bookingListQuerySchema>;
/** What a caller may send (every field optional; strings or numbers). */
export type BookingListQueryInput = z.input<typeof bookingListQuerySchema>;
export type BookingFilters = Omit<BookingListQuery, 'page' | 'per_page' | 'format'>;

// ---- answers ----

export const facilityOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type FacilityOption = z.infer<typeof facilityOptionSchema>;
export const facilityOptionsSchema = z.array(facilityOptionSchema);

/** A booking as the list shows it: spec §3's fields, nested as the spec's SPA reads them. */
export const bookingRowSchema = z.object({
  id: z.number().int(),
  /** without the prefix; null when the operator has not issued one (shown as '-') */
  ticket_id: z.string().nullable(),
  /** the appointment, ISO 8601 in UTC */
  date_time: z.string(),
  status: z.enum(BOOKING_STATUSES),
  invoice_status: z.enum(INVOICE_STATUSES),
  /** a decimal string with two decimals ('1234.50'); money is never a float */
  /** with its currency's decimals ('1234.50' AED, '150000' JPY, '12.500' KWD) */
  amount: z.string().regex(DECIMAL_AMOUNT_PATTERN),
  /** ISO 4217 */
  currency: z.string().length(3),
  created_at: z.string(),
  booking_patient_detail: z.object({ name: z.string() }),
  provider: z.object({ id: z.number().int(), name: z.string() }),
  ticket: z.object({
    assignee: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  }),
  medical_service_provider_service_detail: z.object({
    medical_service_provider_service: z.object({ name: z.string() }),
  }),
  specialty: z.object({ name: z.string() }).nullable(),
  /**
   * The commission this booking earned the partner (issue 34): its commission line's amount in integer minor units
   * of the line's currency, and the line's status; null while none is earned (until the treatment is completed).
   * The partner's list sends it; lists built elsewhere (the console's) leave it out.
   */
  commission: z
    .object({
      amount_minor: z.number().int(),
      currency: z.string().length(3),
      status: z.enum(COMMISSION_STATUSES),
    })
    .nullable()
    .optional(),
});
export type BookingRow = z.infer<typeof bookingRowSchema>;

export const bookingPageSchema = paginatedSchema(bookingRowSchema);
export type BookingPage = z.infer<typeof bookingPageSchema>;
