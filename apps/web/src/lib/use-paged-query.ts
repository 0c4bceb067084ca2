import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';

/**
 * One page of a paged list, as TanStack Query should hold it for every list of the portal. A feature's
 * `api/list-x.ts` is then its fetcher (which parses the Laravel paginator with the contract's schema), its
 * `queryOptions` and one line:
 *
 *   export const useEarnings = (list: UrlListParams<typeof earningListQuerySchema>) =>
 *     usePagedQuery(earningsQueryOptions(list.query), list);
 */

/** What every paged answer has (contracts' `paginatedSchema`, Laravel's paginator). */
export interface PageShape {
  data: readonly unknown[];
  total: number;
  last_page: number;
}

export interface PagedQuery<Page extends PageShape> {
  /**
   * The last page that arrived, possibly for earlier filters while the next one loads or after it failed: the
   * rows and the total stay on screen instead of flashing empty.
   */
  page: Page | undefined;
  /** The answer to exactly the current query, once it is in (undefined while waiting or showing an older page). */
  current: Page | undefined;
  /** The query waits for its debounce, or a request is running. */
  loading: boolean;
  /** The latest request failed and none is running: what is shown may be out of date (spec §8: say so quietly). */
  failed: boolean;
  /** The latest request's error; kept while a retry runs, cleared by a success. */
  error: Error | null;
  /** Asks again for the current query. */
  retry: () => void;
}

/**
 * The latest value that was not undefined. keepPreviousData only bridges a running request: once it fails, `data`
 * is undefined and the table would empty. Spec §8 says a failed list fetch is ignored, so the rows stay.
 */
function useLastLoaded<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState<T | undefined>(value);
  // Adjusted during render (React's "storing information from previous renders"), so no frame shows the gap.
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}

/**
 * `options` (a feature's `queryOptions(...)`) with keepPreviousData, read as a paged list. `pending` is the list
 * state's own wait (useUrlListParams' debounce), counted as loading so the table shows it at once.
 */
export function usePagedQuery<Page extends PageShape, Key extends QueryKey>(
  options: UseQueryOptions<Page, Error, Page, Key>,
  { pending = false }: { pending?: boolean } = {},
): PagedQuery<Page> {
  const result = useQuery({ ...options, placeholderData: keepPreviousData });
  const page = useLastLoaded(result.data);
  const { refetch } = result;
  const retry = useCallback(() => void refetch(), [refetch]);

  return {
    page,
    current: pending || result.isPlaceholderData ? undefined : result.data,
    loading: pending || result.isFetching,
    failed: result.isError && !result.isFetching && !pending,
    error: result.error,
    retry,
  };
}
