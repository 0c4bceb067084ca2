import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  networkFacilitiesEndpoint,
  networkFacilitiesUrl,
  networkProductPageSchema,
} from '@portal/contracts/network';
import { buildUrl, http } from '../../../lib/http';

/** GET /api/network/:product: the product and its filters (public). */
export function networkProductQuery(product: string) {
  return queryOptions({
    queryKey: ['network', product],
    queryFn: ({ signal }) => http.get(`/api/network/${encodeURIComponent(product)}`, { schema: networkProductPageSchema, signal }),
    retry: false,
  });
}

export function useNetworkProduct(product: string) {
  return useQuery(networkProductQuery(product));
}

/** The list's filters as the URL holds them (the server validates them: NetworkListQuery). */
export interface NetworkFilters {
  search?: string;
  country?: string;
  language?: string;
  accreditation?: string;
  specialty?: number;
  page?: number;
}

/** GET /api/network/:product/facilities: one page of the list, in the published order (public). */
export function useNetworkFacilities(product: string, filters: NetworkFilters, enabled: boolean) {
  return useQuery({
    queryKey: ['network', product, 'facilities', filters],
    queryFn: ({ signal }) =>
      http.get(buildUrl(networkFacilitiesUrl(product), { ...filters, per_page: 25 }), { schema: networkFacilitiesEndpoint.page, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
