import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@portal/contracts/session';
import { http } from '../../../lib/http';

/**
 * The dashboard's view of the partner: GET /api/user, asked fresh on each visit so the cards show what the server
 * says now (partner type, industry, referral agent), not the copy kept in localStorage. The dashboard's own
 * figures come with a later issue.
 */
export function getDashboardProfile(signal?: AbortSignal): Promise<User> {
  return http.get('/api/user', { schema: userSchema, signal });
}

export function dashboardProfileQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'profile'] as const,
    queryFn: ({ signal }) => getDashboardProfile(signal),
    staleTime: 0,
  });
}

export function useDashboardProfile() {
  return useQuery(dashboardProfileQueryOptions());
}
