import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@portal/contracts/session';
import { useAuthStore } from '../../../stores/auth-store';

/**
 * How old a check of GET /api/user may be for the dashboard to show it instead of asking again: the route guard's
 * check for this very navigation (a cold load without a stored user) is milliseconds old when the page mounts.
 */
export const DASHBOARD_PROFILE_FRESH_MS = 10_000;

/**
 * The dashboard's view of the partner: GET /api/user, so the cards show what the server says now (partner type,
 * industry, referral agent), not the copy kept in localStorage. It goes through the auth store's fetchUser, so the
 * page load's own check of a restored session and this query share one request, and the header shows the same user;
 * a check the guard has just made is taken as it is (issue #13: the dashboard called /api/user twice). The dashboard's
 * figures are its cards' (lib/dashboard-cards.tsx), each asked for on its own.
 */
export async function getDashboardProfile(): Promise<User> {
  const result = await useAuthStore.getState().fetchUser();
  if (!result.ok) throw result.error;
  // No user: the session is gone, and the HTTP client's 401 is already signing the tab out.
  if (!result.user) throw new Error('No signed-in user');
  return result.user;
}

export function dashboardProfileQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'profile'] as const,
    queryFn: getDashboardProfile,
    initialData: () => {
      const { user, user_checked_at: checkedAt } = useAuthStore.getState();
      return user && checkedAt !== null ? user : undefined;
    },
    initialDataUpdatedAt: () => useAuthStore.getState().user_checked_at ?? undefined,
    staleTime: DASHBOARD_PROFILE_FRESH_MS,
  });
}

export function useDashboardProfile() {
  return useQuery(dashboardProfileQueryOptions());
}
