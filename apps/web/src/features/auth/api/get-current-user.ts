import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSchema, type User } from '@portal/contracts/session';
import { http } from '../../../lib/http';

export const CURRENT_USER_URL = '/api/user';

/** GET /api/user: the signed-in user, or HttpError 401 without a session. */
export function getCurrentUser(signal?: AbortSignal): Promise<User> {
  return http.get(CURRENT_USER_URL, { schema: userSchema, signal });
}

export const currentUserQueryKey = ['auth', 'current-user'] as const;

export function currentUserQueryOptions() {
  return queryOptions({ queryKey: currentUserQueryKey, queryFn: ({ signal }) => getCurrentUser(signal) });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
