import { queryOptions, useQuery } from '@tanstack/react-query';
import { registrationOptionsSchema, type RegistrationOptions } from '@portal/contracts/auth';
import { http } from '../../../lib/http';

/** GET /api/registration/options: the partner types and industries a new partner chooses from. */
export function getRegistrationOptions(signal?: AbortSignal): Promise<RegistrationOptions> {
  return http.get('/api/registration/options', { schema: registrationOptionsSchema, signal });
}

export function registrationOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'registration-options'] as const,
    queryFn: ({ signal }) => getRegistrationOptions(signal),
    staleTime: 5 * 60_000,
  });
}

export function useRegistrationOptions() {
  return useQuery(registrationOptionsQueryOptions());
}
