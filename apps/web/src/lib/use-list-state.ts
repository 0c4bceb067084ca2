/**
 * List state of spec §3/§4: page, search, from, to, sort and per_page for any paged list, with the request
 * debounced by LIST_DEBOUNCE_MS (§7) and the page reset to 1 when the route changes (§4).
 *
 * The hook only holds state; fetching stays with TanStack Query, keyed on the debounced query:
 *
 *   const list = useListState({ perPage: BOOKINGS_PAGE_SIZE, routeKey: location.pathname + location.search });
 *   const bookings = useQuery({
 *     queryKey: ['bookings', list.query],
 *     queryFn: ({ signal }) => fetchBookings(list.query, signal),
 *     // Keeps the last rows on screen while the next page loads.
 *     placeholderData: keepPreviousData,
 *   });
 *   // keepPreviousData alone drops them when that request fails (data becomes undefined); spec §8 wants failures
 *   // quiet, so hold on to the last answer that arrived:
 *   const page = useLastLoaded(bookings.data);
 *   <DataTable loading={bookings.isFetching} rows={page?.data ?? []} total={page?.total} …/>
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE, LIST_DEBOUNCE_MS } from '@portal/contracts/constants';

export interface ListParams {
  page: number;
  per_page: number;
  search: string;
  /** 'YYYY-MM-DD' or '' */
  from: string;
  /** 'YYYY-MM-DD' or '' */
  to: string;
  /** A column, '-column' for descending, or '' for the server's order. */
  sort: string;
}

/** The query string of the list call: only the non-empty values of ListParams (spec §7). */
export type ListQuery = Partial<Record<keyof ListParams, string | number>>;

export interface DateRangeValue {
  from: string;
  to: string;
}

export interface UseListStateOptions {
  /** Page size to start with and to return to on reset; DEFAULT_PAGE_SIZE (5) unless given (spec §9). */
  perPage?: number;
  /** Starting values, e.g. read from the URL so a shared link opens the same view. */
  initial?: Partial<Omit<ListParams, 'per_page'>>;
  /**
   * Identifies the route, e.g. `location.pathname + location.search`. When it changes, the page goes back to 1.
   * Leave the page's own URL parameter out of it if the page number is kept in the URL, or paging would reset
   * itself.
   */
  routeKey?: string;
  /** LIST_DEBOUNCE_MS unless given; tests and callers with their own debounce may lower it. */
  debounceMs?: number;
}

export interface ListState {
  /** What the controls show, updated at once. */
  params: ListParams;
  /** `params` once they have been still for the debounce delay; drive the request from these. */
  debouncedParams: ListParams;
  /** `toListQuery(debouncedParams)`, the value to key the query on and send. Stable between changes. */
  query: ListQuery;
  /** True while `params` differ from `debouncedParams`. */
  pending: boolean;
  setPage: (page: number) => void;
  /** Filter setters go back to page 1: staying on page 7 of a narrower list usually shows nothing. */
  setSearch: (search: string) => void;
  setRange: (range: DateRangeValue) => void;
  setSort: (sort: string) => void;
  setPerPage: (perPage: number) => void;
  /** Clears search, dates and sort, goes to page 1 and back to the starting page size. */
  reset: () => void;
}

/** Drops empty values: '' strings and non-positive or non-finite numbers are never sent. */
export function toListQuery(params: ListParams): ListQuery {
  const query: ListQuery = {};
  for (const key of Object.keys(params) as (keyof ListParams)[]) {
    const value = params[key];
    if (typeof value === 'number') {
      if (Number.isFinite(value) && value > 0) query[key] = value;
    } else if (value.trim() !== '') {
      query[key] = value.trim();
    }
  }
  return query;
}

function initialParams(options: UseListStateOptions): ListParams {
  const { initial = {}, perPage = DEFAULT_PAGE_SIZE } = options;
  return {
    page: initial.page && initial.page > 0 ? Math.floor(initial.page) : 1,
    per_page: perPage,
    search: initial.search ?? '',
    from: initial.from ?? '',
    to: initial.to ?? '',
    sort: initial.sort ?? '',
  };
}

function sameParams(a: ListParams, b: ListParams): boolean {
  return (Object.keys(a) as (keyof ListParams)[]).every((key) => a[key] === b[key]);
}

export function useListState(options: UseListStateOptions = {}): ListState {
  const { routeKey, debounceMs = LIST_DEBOUNCE_MS } = options;
  const [params, setParams] = useState<ListParams>(() => initialParams(options));
  const [debouncedParams, setDebouncedParams] = useState<ListParams>(params);
  const [startingPerPage] = useState(params.per_page);
  const [seenRouteKey, setSeenRouteKey] = useState(routeKey);

  // A new route resets the page during render (React's "adjusting state when a prop changes"), so no request
  // for the old page number at the new route is ever scheduled.
  if (routeKey !== seenRouteKey) {
    setSeenRouteKey(routeKey);
    if (params.page !== 1) setParams({ ...params, page: 1 });
  }

  useEffect(() => {
    if (sameParams(params, debouncedParams)) return undefined;
    const timer = window.setTimeout(() => setDebouncedParams(params), debounceMs);
    return () => window.clearTimeout(timer);
  }, [params, debouncedParams, debounceMs]);

  // Setters return the same object when nothing changes, so a no-op never restarts the debounce.
  const update = useCallback((patch: Partial<ListParams>, resetPage: boolean) => {
    setParams((current) => {
      const next = { ...current, ...patch, ...(resetPage ? { page: 1 } : {}) };
      return sameParams(current, next) ? current : next;
    });
  }, []);

  const setPage = useCallback(
    (page: number) => update({ page: Number.isFinite(page) && page >= 1 ? Math.floor(page) : 1 }, false),
    [update],
  );
  const setSearch = useCallback((search: string) => update({ search }, true), [update]);
  const setRange = useCallback((range: DateRangeValue) => update({ from: range.from, to: range.to }, true), [update]);
  const setSort = useCallback((sort: string) => update({ sort }, true), [update]);
  const setPerPage = useCallback((perPage: number) => update({ per_page: perPage }, true), [update]);
  const reset = useCallback(
    () => update({ search: '', from: '', to: '', sort: '', per_page: startingPerPage }, true),
    [update, startingPerPage],
  );

  const query = useMemo(() => toListQuery(debouncedParams), [debouncedParams]);

  return {
    params,
    debouncedParams,
    query,
    pending: !sameParams(params, debouncedParams),
    setPage,
    setSearch,
    setRange,
    setSort,
    setPerPage,
    reset,
  };
}

/**
 * The latest value that was not undefined. TanStack Query's `keepPreviousData` only bridges a pending request:
 * once it fails, `data` is undefined and the table would empty. Spec §8 says a failed list fetch is ignored, so
 * the rows already shown stay (the page offers a quiet retry).
 */
export function useLastLoaded<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState<T | undefined>(value);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}
