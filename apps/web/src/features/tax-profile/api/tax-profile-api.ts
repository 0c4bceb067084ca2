import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TAX_PROFILE_URL, taxProfileResponseSchema, type TaxProfileInput } from '@portal/contracts/tax-profile';
import { http } from '../../../lib/http';

/** Tax details' calls (packages/contracts/src/tax-profile.ts), one hook each. */

const profileKey = [TAX_PROFILE_URL] as const;

/** The agent's tax profile (null until entered) and whether its statements carry the reverse-charge note. */
export function useTaxProfile() {
  return useQuery({ queryKey: profileKey, queryFn: ({ signal }) => http.get(TAX_PROFILE_URL, { schema: taxProfileResponseSchema, signal }) });
}

/** Replaces the profile; 422 with field messages (the server parses the same schema). */
export function useSaveTaxProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxProfileInput) => http.put(TAX_PROFILE_URL, body, { schema: taxProfileResponseSchema }),
    onSuccess: (answer) => queryClient.setQueryData(profileKey, answer),
  });
}
