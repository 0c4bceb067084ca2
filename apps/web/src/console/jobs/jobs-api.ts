/** GET /api/console/jobs, GET /api/console/jobs/failed (its queue filter in the URL) and the retry of a failed job. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { failedJobListQuerySchema, failedJobsEndpoint, JOBS_URL, jobsOverviewSchema, retryJobResultSchema, retryJobUrl, type FailedJob } from '@portal/contracts/console-jobs';
import { http } from '../../lib/http';
import { listEndpointQueryOptions, listTableProps, type ListFailureTexts } from '../../lib/use-list-endpoint';
import { usePagedQuery } from '../../lib/use-paged-query';
import { useUrlListParams } from '../../lib/use-url-list-params';

/**
 * The page refreshes itself politely: every 15 seconds while its tab is visible (not in the background), and when
 * the tab gets the focus back; a refresh that fails keeps what is on screen.
 */
export const JOBS_REFRESH_MS = 15_000;
const refresh = { refetchInterval: JOBS_REFRESH_MS, refetchIntervalInBackground: false, refetchOnWindowFocus: true } as const;

export function useJobsOverview() {
  return useQuery({
    queryKey: [JOBS_URL, 'overview'],
    queryFn: ({ signal }) => http.get(JOBS_URL, { schema: jobsOverviewSchema, signal }),
    ...refresh,
  });
}

export function useFailedJobs(texts: ListFailureTexts) {
  const list = useUrlListParams(failedJobListQuerySchema, { debounceMs: 0 });
  const paged = usePagedQuery({ ...listEndpointQueryOptions(failedJobsEndpoint, list.query), ...refresh }, list);
  return { list, paged, table: listTableProps<FailedJob>(list, paged, texts) };
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: Pick<FailedJob, 'name' | 'id'>) => http.post(retryJobUrl(job.name, job.id), undefined, { schema: retryJobResultSchema }),
    // The counts and every page of the failed list (JOBS_URL starts both keys).
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith(JOBS_URL) }),
  });
}
