import { useQuery } from '@tanstack/react-query';
import { COMMISSION_FILTERS_URL, UPCOMING_CHANGES_URL, commissionFiltersSchema, upcomingChangesSchema } from '@portal/contracts/commission-rates';
import { http } from '../../../lib/http';

/** The filters' choices: the facilities, countries, specialties and services of the partner's own rates. */
export function useCommissionFilters() {
  return useQuery({ queryKey: [COMMISSION_FILTERS_URL], queryFn: ({ signal }) => http.get(COMMISSION_FILTERS_URL, { schema: commissionFiltersSchema, signal }) });
}

/** The changes to the partner's rates in the coming days. */
export function useUpcomingRateChanges() {
  return useQuery({ queryKey: [UPCOMING_CHANGES_URL], queryFn: ({ signal }) => http.get(UPCOMING_CHANGES_URL, { schema: upcomingChangesSchema, signal }) });
}
