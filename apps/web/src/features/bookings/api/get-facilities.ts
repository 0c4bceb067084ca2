import { queryOptions, useQuery } from '@tanstack/react-query';
import { facilityOptionsSchema, type FacilityOption } from '@portal/contracts/bookings';
import { http } from '../../../lib/http';

/**
 * GET /api/general/get-facilities: the Facility filter's options ({id, name}, by name), fetched when the
 * Bookings page opens (spec §7).
 */
export function getFacilities(signal?: AbortSignal): Promise<FacilityOption[]> {
  return http.get('/api/general/get-facilities', { schema: facilityOptionsSchema, signal });
}

export function facilitiesQueryOptions() {
  return queryOptions({
    queryKey: ['facilities'] as const,
    queryFn: ({ signal }) => getFacilities(signal),
    // A partner's facilities change when a booking at a new one arrives: rarely.
    staleTime: 5 * 60_000,
  });
}

/**
 * The facility options. Spec §8: a failed fetch is silently ignored, so callers read `options` (empty until the
 * list arrives, and after a failure) and never show an error for it.
 */
export function useFacilities() {
  const query = useQuery(facilitiesQueryOptions());
  return { ...query, options: query.data ?? NO_FACILITIES };
}

const NO_FACILITIES: FacilityOption[] = [];
