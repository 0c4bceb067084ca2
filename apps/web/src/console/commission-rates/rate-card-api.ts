import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONSOLE_RATE_OPTIONS_URL,
  consoleRateOptionsSchema,
  consoleRateRowSchema,
  consoleRatesEndpoint,
  type EndRateRequest,
  type NewRateRequest,
} from '@portal/contracts/console-commission-rates';
import { RATE_IMPORT_CONTENT_TYPE, RATE_IMPORT_URL, rateImportResultSchema, type RateImportResult } from '@portal/contracts/console-commission-rates';
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

/** The file itself is the body: checked and previewed, or (apply) added all at once; the list is read again after. */
export function useRateImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, apply }: { file: File; apply: boolean }): Promise<RateImportResult> =>
      http.post(RATE_IMPORT_URL, file, {
        schema: rateImportResultSchema,
        query: { filename: file.name.slice(0, 200), apply: apply ? 'true' : 'false' },
        headers: { 'Content-Type': RATE_IMPORT_CONTENT_TYPE },
      }),
    onSuccess: (result) => (result.applied ? queryClient.invalidateQueries({ queryKey: [consoleRatesEndpoint.url] }) : undefined),
  });
}
