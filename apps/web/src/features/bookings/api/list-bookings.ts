import { queryOptions } from '@tanstack/react-query';
import { viewerTimeZone } from '../../../i18n/time-zone';
import { bookingListQuerySchema, bookingPageSchema, type BookingListQuery, type BookingPage } from '@portal/contracts/bookings';
import { PERMISSION_VIEW } from '@portal/contracts/constants';
import { http } from '../../../lib/http';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { toQueryValues, useUrlListParams, type QueryValues, type UrlKeys } from '../../../lib/use-url-list-params';

const BOOKINGS_URL = '/api/clients/bookings';

/**
 * What the Bookings URL keeps: `/bookings?search=ada&from=2024-03-01&to=2024-03-31&facility=12&invoice_status=paid&page=2&per_page=20`.
 * The facility is `facility` in links (shorter, and already shared); team is fixed, the time zone is the
 * browser's, `format` would turn the list into a download, and no column is sortable (spec §2).
 */
export const BOOKING_URL_KEYS = {
  search: 'search',
  from: 'from',
  to: 'to',
  filter_by: 'filter_by',
  medical_service_provider: 'facility',
  invoice_status: 'invoice_status',
  page: 'page',
  per_page: 'per_page',
} as const satisfies UrlKeys<typeof bookingListQuerySchema>;

/** The Bookings page's view, kept in the URL. */
export function useBookingListParams() {
  return useUrlListParams(bookingListQuerySchema, { urlKeys: BOOKING_URL_KEYS });
}

export type BookingListParams = Partial<BookingListQuery>;


/**
 * The filter part of the query, shared by the list and its exports: the non-empty filters, with team fixed to
 * referral. filter_by is always named, as the spec's SPA sends it: parsed params carry its default.
 */
export function toBookingFilterQuery(params: BookingListParams): QueryValues {
  const { page: _page, per_page: _perPage, format: _format, ...filters } = toQueryValues(params);
  const query: QueryValues = { team: PERMISSION_VIEW, ...filters };
  // Only dates depend on the zone; leaving it out otherwise keeps unfiltered requests identical for everyone.
  if (query.from !== undefined || query.to !== undefined) {
    // The viewer's zone (saved on the profile, else the device's): the server reads from/to as whole days in it.
    query.timezone = viewerTimeZone();
  }
  return query;
}

/** The list query: the filters plus page and per_page. */
export function toBookingListQuery(params: BookingListParams): QueryValues {
  return { ...toBookingFilterQuery(params), page: params.page ?? 1, ...(params.per_page ? { per_page: params.per_page } : {}) };
}

/** GET /api/clients/bookings: one page of the partner's bookings (Laravel paginator), parsed with the contract. */
export function listBookings(query: QueryValues, signal?: AbortSignal): Promise<BookingPage> {
  return http.get(BOOKINGS_URL, { query, schema: bookingPageSchema, signal });
}

export const bookingKeys = {
  all: ['bookings'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (query: QueryValues) => [...bookingKeys.lists(), query] as const,
};

export function bookingsQueryOptions(query: QueryValues) {
  return queryOptions({ queryKey: bookingKeys.list(query), queryFn: ({ signal }) => listBookings(query, signal) });
}

/** The bookings for the URL's view, requested once it has been still for the list debounce. */
export function useBookings(list: { query: BookingListParams; pending: boolean }) {
  return usePagedQuery(bookingsQueryOptions(toBookingListQuery(list.query)), list);
}
