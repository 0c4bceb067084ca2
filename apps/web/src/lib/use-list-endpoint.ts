import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListEndpoint } from '@portal/contracts/list-query';
import { http } from './http';
import { usePagedQuery } from './use-paged-query';
import { toQueryValues, useUrlListParams, type UseUrlListParamsOptions } from './use-url-list-params';

/**
 * A list endpoint the contracts declare (`listEndpoint(url, query, row)`), read as one call: its state in the URL
 * (useUrlListParams) and its pages (usePagedQuery), with the request and the answer checked against the same
 * contract the server serves. A plain list page needs nothing else; a list with its own needs (a fixed parameter,
 * an export, a live refresh) writes its `api/list-x.ts` on the same two hooks instead.
 *
 *   const { list, paged } = useListEndpoint(earningListEndpoint);
 */

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
) {
  const list = useUrlListParams(endpoint.query, options);
  const paged = usePagedQuery(listEndpointQueryOptions(endpoint, list.query), list);
  return { list, paged };
}
