import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AGREEMENTS_URL,
  INDIVIDUAL_CONTRACT_URL,
  agreementDetailSchema,
  agreementListSchema,
  individualContractSchema,
  type SignAgreementRequest,
} from '@portal/contracts/agreements';
import { http } from '../../../lib/http';

/** The agent's agreements and contracts, and whether a mandatory one awaits (GET /api/agreements). */
export function useAgreements(enabled = true) {
  return useQuery({ queryKey: [AGREEMENTS_URL], queryFn: ({ signal }) => http.get(AGREEMENTS_URL, { schema: agreementListSchema, signal }), enabled });
}

/** One agreement as the signer reads it. */
export function useAgreement(id: number | null) {
  return useQuery({
    queryKey: [AGREEMENTS_URL, id],
    queryFn: ({ signal }) => http.get(`${AGREEMENTS_URL}/${id}`, { schema: agreementDetailSchema, signal }),
    enabled: id !== null,
  });
}

export function useIndividualContract() {
  return useQuery({ queryKey: [INDIVIDUAL_CONTRACT_URL], queryFn: ({ signal }) => http.get(INDIVIDUAL_CONTRACT_URL, { schema: individualContractSchema, signal }) });
}

/** An owner's signature; every agreements query is read again after it (the list, the banner, the contract). */
export function useSignAgreement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignAgreementRequest) => http.post(`${AGREEMENTS_URL}/${id}/sign`, body, { schema: agreementDetailSchema }),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: [AGREEMENTS_URL] }), queryClient.invalidateQueries({ queryKey: [INDIVIDUAL_CONTRACT_URL] })]);
    },
  });
}
