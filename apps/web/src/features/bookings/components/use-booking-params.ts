import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  BOOKING_FILTER_BY,
  BOOKING_SEARCH_MAX_LENGTH,
  INVOICE_STATUSES,
  type BookingFilterBy,
  type InvoiceStatus,
} from '@portal/contracts/bookings';
import { BOOKINGS_PAGE_SIZE, PAGE_SIZES } from '@portal/contracts/constants';
import type { BookingListParams } from '../api/list-bookings';

/**
 * The Bookings page keeps every filter in the URL query, so a filtered view survives a reload and can be shared:
 * `/bookings?search=ada&from=2024-03-01&to=2024-03-31&facility=12&invoice_status=paid&page=2&per_page=20`.
 * Default values are left out of the URL (page 1, 10 rows, appointment dates).
 */
export const URL_KEYS = {
  search: 'search',
  from: 'from',
  to: 'to',
  filterBy: 'filter_by',
  facility: 'facility',
  invoiceStatus: 'invoice_status',
  page: 'page',
  perPage: 'per_page',
} as const satisfies Record<keyof BookingListParams, string>;

export const DEFAULT_BOOKING_PARAMS: BookingListParams = {
  search: '',
  from: '',
  to: '',
  filterBy: 'appointment_date',
  facility: null,
  invoiceStatus: null,
  page: 1,
  perPage: BOOKINGS_PAGE_SIZE,
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function positiveInteger(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const number = Number(value.trim());
  return number >= 1 ? number : null;
}

/**
 * The view a URL asks for. Values the server would refuse with a 422 (a hand-edited or truncated link) are read
 * as absent rather than sent: an unknown page size is 10, a start after the end drops the range.
 */
export function readBookingParams(search: URLSearchParams): BookingListParams {
  const text = (key: string) => (search.get(key) ?? '').trim();
  let from = text(URL_KEYS.from);
  let to = text(URL_KEYS.to);
  if (from && !isCalendarDate(from)) from = '';
  if (to && !isCalendarDate(to)) to = '';
  if (from && to && from > to) {
    from = '';
    to = '';
  }
  const filterBy = text(URL_KEYS.filterBy);
  const invoiceStatus = text(URL_KEYS.invoiceStatus);
  const perPage = positiveInteger(search.get(URL_KEYS.perPage));
  return {
    search: text(URL_KEYS.search).slice(0, BOOKING_SEARCH_MAX_LENGTH),
    from,
    to,
    filterBy: (BOOKING_FILTER_BY as readonly string[]).includes(filterBy)
      ? (filterBy as BookingFilterBy)
      : DEFAULT_BOOKING_PARAMS.filterBy,
    facility: positiveInteger(search.get(URL_KEYS.facility)),
    invoiceStatus: (INVOICE_STATUSES as readonly string[]).includes(invoiceStatus) ? (invoiceStatus as InvoiceStatus) : null,
    page: positiveInteger(search.get(URL_KEYS.page)) ?? 1,
    perPage: perPage !== null && (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : BOOKINGS_PAGE_SIZE,
  };
}

/** `current` with the bookings keys replaced by `params` (other keys are kept); defaults are left out. */
export function writeBookingParams(current: URLSearchParams, params: BookingListParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | number | null, fallback: string | number | null = null) => {
    if (value === null || value === '' || value === fallback) next.delete(key);
    else next.set(key, String(value));
  };
  set(URL_KEYS.search, params.search.trim());
  set(URL_KEYS.from, params.from);
  set(URL_KEYS.to, params.to);
  set(URL_KEYS.filterBy, params.filterBy, DEFAULT_BOOKING_PARAMS.filterBy);
  set(URL_KEYS.facility, params.facility);
  set(URL_KEYS.invoiceStatus, params.invoiceStatus);
  set(URL_KEYS.page, params.page, 1);
  set(URL_KEYS.perPage, params.perPage, DEFAULT_BOOKING_PARAMS.perPage);
  return next;
}

/** True when anything narrows the list (page and page size do not). */
export function hasBookingFilters(params: BookingListParams): boolean {
  return Boolean(
    params.search || params.from || params.to || params.facility !== null || params.invoiceStatus || params.filterBy !== 'appointment_date',
  );
}

type Filters = Omit<BookingListParams, 'page' | 'perPage'>;

/**
 * The page's view, read from and written to the URL. Every change except the page itself goes back to page 1
 * (spec §4: a change of URL resets the page): page 7 of a narrower list is usually empty.
 */
export function useBookingParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readBookingParams(searchParams), [searchParams]);

  const update = useCallback(
    (patch: Partial<BookingListParams>, options: { replace?: boolean } = {}) => {
      const merged: BookingListParams = { ...params, ...patch };
      if (patch.page === undefined) merged.page = 1;
      const next = writeBookingParams(searchParams, merged);
      // Nothing changed: no history entry, no reload.
      if (next.toString() === searchParams.toString()) return;
      setSearchParams(next, { replace: options.replace ?? false });
    },
    [params, searchParams, setSearchParams],
  );

  return {
    params,
    hasFilters: hasBookingFilters(params),
    setSearch: useCallback((search: string) => update({ search }), [update]),
    setRange: useCallback((range: { from: string; to: string }) => update({ from: range.from, to: range.to }), [update]),
    setFilterBy: useCallback((filterBy: BookingFilterBy) => update({ filterBy }), [update]),
    setFacility: useCallback((facility: number | null) => update({ facility }), [update]),
    setInvoiceStatus: useCallback((invoiceStatus: InvoiceStatus | null) => update({ invoiceStatus }), [update]),
    setPage: useCallback((page: number, options?: { replace?: boolean }) => update({ page }, options), [update]),
    setPerPage: useCallback((perPage: number) => update({ perPage }), [update]),
    clearFilters: useCallback(() => {
      const cleared: Filters = {
        search: '',
        from: '',
        to: '',
        filterBy: DEFAULT_BOOKING_PARAMS.filterBy,
        facility: null,
        invoiceStatus: null,
      };
      update(cleared);
    }, [update]),
  };
}
