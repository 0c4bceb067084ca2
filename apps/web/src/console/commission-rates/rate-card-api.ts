import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONSOLE_RATE_OPTIONS_URL,
  consoleRateOptionsSchema,
  consoleRateRowSchema,
  consoleRatesEndpoint,
  type EndRateRequest,
  type NewRateRequest,
} from '@portal/contracts/console-commission-rates';
import { http } from '../../lib/http';

/** What a row can be for: facilities (with their currencies), specialties, services, tiers. */
export function useRateOptions() {
  return useQuery({ queryKey: [CONSOLE_RATE_OPTIONS_URL], queryFn: ({ signal }) => http.get(CONSOLE_RATE_OPTIONS_URL, { schema: consoleRateOptionsSchema, signal }) });
}

/** A new row or the end of one; the list is read again after either. */
export function useRateWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: { kind: 'create'; body: NewRateRequest } | { kind: 'end'; id: number; body: EndRateRequest }) =>
      write.kind === 'create'
        ? http.post(consoleRatesEndpoint.url, write.body, { schema: consoleRateRowSchema })
        : http.post(`${consoleRatesEndpoint.url}/${write.id}/end`, write.body, { schema: consoleRateRowSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [consoleRatesEndpoint.url] }),
  });
}
