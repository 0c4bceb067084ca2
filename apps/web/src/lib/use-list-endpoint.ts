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

type PageOf<Endpoint extends ListEndpoint> = z.output<Endpoint['page']>;

/** The query key and fetcher of one page of `endpoint`: the key starts with the URL, so invalidating it reloads every page. */
export function listEndpointQueryOptions<Endpoint extends ListEndpoint>(endpoint: Endpoint, query: Partial<z.output<Endpoint['query']>>) {
  return queryOptions({
    queryKey: [endpoint.url, query] as const,
    queryFn: ({ signal }): Promise<PageOf<Endpoint>> =>
      http.get(endpoint.url, { query: toQueryValues(query), schema: endpoint.page, signal }) as Promise<PageOf<Endpoint>>,
  });
}

export function useListEndpoint<Endpoint extends ListEndpoint>(endpoint: Endpoint, options: UseUrlListParamsOptions<Endpoint['query']> = {}) {
  const list = useUrlListParams(endpoint.query, options);
  const paged = usePagedQuery(listEndpointQueryOptions(endpoint, list.query as Partial<z.output<Endpoint['query']>>), list);
  return { list, paged };
}
