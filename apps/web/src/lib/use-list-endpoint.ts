import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListEndpoint } from '@portal/contracts/list-query';
import { http, isHttpError } from './http';
import { usePagedQuery, type PagedQuery, type PageShape } from './use-paged-query';
import { toQueryValues, useUrlListParams, type UseUrlListParamsOptions } from './use-url-list-params';
import { sharedText } from '../i18n/i18n';

/**
 * A list endpoint the contracts declare (`listEndpoint(url, query, row)`), read as one call: its state in the URL
 * (useUrlListParams) and its pages (usePagedQuery), with the request and the answer checked against the same
 * contract the server serves. A plain list page needs nothing else; a list with its own needs (a fixed parameter,
 * an export, a live refresh) writes its `api/list-x.ts` on the same two hooks instead.
 *
 *   const { list, paged, table } = useListEndpoint(earningListEndpoint);
 *   <DataTable {...table} emptyText="No earnings yet." filteredEmptyText="No earnings match these filters." … />
 *
 * `table` (listTableProps) is what the DataTable needs to be honest about the list: the rows and total of the last
 * page that loaded (kept through a reload or a failure), loading, the error with Retry, and whether filters narrow
 * it, with the way to clear them. The area gives only its texts.
 */


/** The area's words for a failed load (its empty texts go to the DataTable itself). */
export interface ListFailureTexts {
  /** Nothing has loaded yet. @default "Couldn't load the list." (shared catalogue) */
  loadFailed?: string;
  /** Earlier rows stay on screen. @default "Couldn't refresh the list. …" (shared catalogue) */
  refreshFailed?: string;
}

/** What a list's URL state offers listTableProps (useUrlListParams gives it). */
export interface ListFilterState {
  hasFilters: boolean;
  clearFilters: () => void;
}

/** DataTable props that come from the list's state rather than the area. */
export interface ListTableProps<Row> {
  rows: Row[];
  total: number | undefined;
  loading: boolean;
  error: string | null;
  onRetry: (() => void) | undefined;
  filtered: boolean;
  onClearFilters: () => void;
}

/**
 * The message of a failed list load: a 422's first field message as it is (the request itself is wrong, so
 * Retry is not offered), the portal's own words when it is unavailable, the area's text otherwise.
 */
export function listFailure(error: unknown, hadRows: boolean, texts: ListFailureTexts = {}): { message: string; retryable: boolean } {
  if (isHttpError(error, 422)) {
    const first = Object.values(error.fieldErrors)[0]?.[0];
    return { message: first ?? error.message, retryable: false };
  }
  if (isHttpError(error) && error.unavailable && error.message) return { message: error.message, retryable: true };
  return { message: hadRows ? (texts.refreshFailed ?? sharedText('table.listRefreshFailed')) : (texts.loadFailed ?? sharedText('table.listLoadFailed')), retryable: true };
}

const NO_ROWS: never[] = [];

/** The DataTable's state props for a paged list: spread them, then give the area's texts. */
export function listTableProps<Row>(
  list: ListFilterState,
  paged: PagedQuery<PageShape & { data: readonly Row[] }>,
  texts: ListFailureTexts = {},
): ListTableProps<Row> {
  const failure = paged.failed ? listFailure(paged.error, paged.page !== undefined, texts) : null;
  return {
    // DataTable takes Row[]; it never changes them.
    rows: paged.page ? (paged.page.data as Row[]) : NO_ROWS,
    // The last total known, through a reload: a count that flashed 0 while loading would be a lie.
    total: paged.page?.total,
    loading: paged.loading,
    error: failure?.message ?? null,
    onRetry: failure?.retryable ? paged.retry : undefined,
    filtered: list.hasFilters,
    onClearFilters: list.clearFilters,
  };
}

/** The query key and fetcher of one page of `endpoint`: the key starts with the URL, so invalidating it reloads every page. */
export function listEndpointQueryOptions<Query extends z.ZodObject, Row extends z.ZodType>(
  endpoint: ListEndpoint<Query, Row>,
  query: Partial<z.output<Query>>,
) {
  return queryOptions({
    queryKey: [endpoint.url, query] as const,
    queryFn: ({ signal }) => http.get(endpoint.url, { query: toQueryValues(query), schema: endpoint.page, signal }),
  });
}

export function useListEndpoint<Query extends z.ZodObject, Row extends z.ZodType>(
  endpoint: ListEndpoint<Query, Row>,
  options: UseUrlListParamsOptions<Query> = {},
  failureTexts: ListFailureTexts = {},
) {
  const list = useUrlListParams(endpoint.query, options);
  const paged = usePagedQuery(listEndpointQueryOptions(endpoint, list.query), list);
  return { list, paged, table: listTableProps<z.output<Row>>(list, paged, failureTexts) };
}
