import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  bookingPageSchema,
  type BookingFilterBy,
  type BookingListQueryInput,
  type BookingPage,
  type InvoiceStatus,
} from '@portal/contracts/bookings';
import { LIST_DEBOUNCE_MS, PERMISSION_VIEW } from '@portal/contracts/constants';
import { http } from '../../../lib/http';
import { toListQuery, useLastLoaded } from '../../../lib/use-list-state';

/** What the Bookings page shows: every filter, the page and the page size (all kept in the URL). */
export interface BookingListParams {
  search: string;
  /** 'YYYY-MM-DD' or '' */
  from: string;
  /** 'YYYY-MM-DD' or '' */
  to: string;
  /** Which date `from`/`to` apply to. */
  filterBy: BookingFilterBy;
  /** A facility id (medical_service_provider), or null for every facility. */
  facility: number | null;
  invoiceStatus: InvoiceStatus | null;
  page: number;
  perPage: number;
}

/** The query string as sent: key names checked against the contract, values already strings or numbers. */
export type BookingsQuery = Partial<Record<keyof BookingListQueryInput | 'timezone', string | number>>;

const BOOKINGS_URL = '/api/clients/bookings';

/** The browser's time zone: the server reads `from`/`to` as whole days in it, and writes export dates in it. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The filter part of the query, shared by the list and its exports. Only non-empty values are sent (spec §7);
 * team is fixed to referral and filter_by is always named, as the spec's SPA sends them.
 */
export function toBookingFilterQuery(params: BookingListParams): BookingsQuery {
  const { search, from, to } = toListQuery({ page: 0, per_page: 0, search: params.search, from: params.from, to: params.to, sort: '' });
  const query: BookingsQuery = { team: PERMISSION_VIEW, filter_by: params.filterBy };
  if (search !== undefined) query.search = search;
  if (from !== undefined) query.from = from;
  if (to !== undefined) query.to = to;
  if (params.facility !== null) query.medical_service_provider = params.facility;
  if (params.invoiceStatus) query.invoice_status = params.invoiceStatus;
  // Only dates depend on the zone; leaving it out otherwise keeps unfiltered requests identical for everyone.
  if (query.from !== undefined || query.to !== undefined) {
    const timeZone = browserTimeZone();
    if (timeZone) query.timezone = timeZone;
  }
  return query;
}

/** The list query: the filters plus page and per_page. No sort: no column of the list is sortable (spec §2). */
export function toBookingListQuery(params: BookingListParams): BookingsQuery {
  const { page, per_page } = toListQuery({ page: params.page, per_page: params.perPage, search: '', from: '', to: '', sort: '' });
  return { ...toBookingFilterQuery(params), page: page ?? 1, ...(per_page !== undefined ? { per_page } : {}) };
}

/** GET /api/clients/bookings: one page of the partner's bookings (Laravel paginator), parsed with the contract. */
export function listBookings(query: BookingsQuery, signal?: AbortSignal): Promise<BookingPage> {
  return http.get(BOOKINGS_URL, { query, schema: bookingPageSchema, signal });
}

export const bookingKeys = {
  all: ['bookings'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (query: BookingsQuery) => [...bookingKeys.lists(), query] as const,
};

export function bookingsQueryOptions(query: BookingsQuery) {
  return queryOptions({
    queryKey: bookingKeys.list(query),
    queryFn: ({ signal }) => listBookings(query, signal),
  });
}

export interface UseBookingsOptions {
  /** LIST_DEBOUNCE_MS (spec §7) unless given. */
  debounceMs?: number;
}

/**
 * The bookings list for `params`, requested LIST_DEBOUNCE_MS after they stop changing (the first request at
 * once). Spec §8: a failed fetch is ignored: `page` stays the last answer that arrived (keepPreviousData covers
 * the wait, useLastLoaded the failure), `loading` is cleared, and `failed` lets the page offer a quiet retry.
 */
export function useBookings(params: BookingListParams, { debounceMs = LIST_DEBOUNCE_MS }: UseBookingsOptions = {}) {
  // A string key: the params object is new on every render, the request only changes with its text.
  const key = JSON.stringify(toBookingListQuery(params));
  const [debouncedKey, setDebouncedKey] = useState(key);
  useEffect(() => {
    if (key === debouncedKey) return undefined;
    const timer = window.setTimeout(() => setDebouncedKey(key), debounceMs);
    return () => window.clearTimeout(timer);
  }, [key, debouncedKey, debounceMs]);
  const query = useMemo(() => JSON.parse(debouncedKey) as BookingsQuery, [debouncedKey]);

  const result = useQuery({ ...bookingsQueryOptions(query), placeholderData: keepPreviousData });
  const page = useLastLoaded(result.data);
  const pending = key !== debouncedKey;

  return {
    /** The last page that arrived, possibly for earlier filters while loading or after a failure. */
    page,
    /** The answer to exactly the current filters, once it is in. */
    current: pending || result.isPlaceholderData ? undefined : result.data,
    /** Filters are waiting for the debounce, or a request is running. */
    loading: pending || result.isFetching,
    /** The latest request failed (and none is running): what is shown may be out of date. */
    failed: result.isError && !result.isFetching && !pending,
    error: result.error,
    retry: () => void result.refetch(),
  };
}
