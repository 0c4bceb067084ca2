/** GET /api/console/facilities/:id and the facility's writes; each write refreshes the facility and every page of the list. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  facilitiesEndpoint,
  facilityDetailSchema,
  type FacilityDetail,
  type FacilityLocationRequest,
  type FacilityRequest,
} from '@portal/contracts/console-facilities';
import { http } from '../../lib/http';

const URL = facilitiesEndpoint.url;

export function facilityQuery(id: number) {
  return queryOptions({
    queryKey: [URL, 'detail', id] as const,
    queryFn: ({ signal }) => http.get(`${URL}/${id}`, { schema: facilityDetailSchema, signal }),
  });
}

export function useFacility(id: number) {
  return useQuery(facilityQuery(id));
}

export type FacilityWrite =
  | { kind: 'create'; body: FacilityRequest }
  | { kind: 'update'; id: number; body: FacilityRequest }
  | { kind: 'add-location'; id: number; body: FacilityLocationRequest }
  | { kind: 'update-location'; id: number; locationId: number; body: FacilityLocationRequest }
  | { kind: 'remove-location'; id: number; locationId: number };

/** Sends one write; answers the facility as it is afterwards. */
export function sendFacilityWrite(write: FacilityWrite): Promise<FacilityDetail> {
  const schema = facilityDetailSchema;
  switch (write.kind) {
    case 'create':
      return http.post(URL, write.body, { schema });
    case 'update':
      return http.put(`${URL}/${write.id}`, write.body, { schema });
    case 'add-location':
      return http.post(`${URL}/${write.id}/locations`, write.body, { schema });
    case 'update-location':
      return http.put(`${URL}/${write.id}/locations/${write.locationId}`, write.body, { schema });
    case 'remove-location':
      return http.delete(`${URL}/${write.id}/locations/${write.locationId}`, { schema });
  }
}

export function useFacilityWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFacilityWrite,
    onSuccess: (facility) => queryClient.setQueryData(facilityQuery(facility.id).queryKey, facility),
    // The list's counts and names, and the facility itself.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [URL] }),
  });
}
