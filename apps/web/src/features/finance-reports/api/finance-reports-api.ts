import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FINANCE_REPORT_OPTIONS_URL,
  financeReportFileUrl,
  financeReportOptionsSchema,
  financeReportsEndpoint,
  requestFinanceReportResultSchema,
  type FinanceReport,
  type FinanceReportFormat,
  type RequestFinanceReport,
} from '@portal/contracts/finance-reports';
import { NOTIFICATION_EVENTS, notificationCreatedEventSchema } from '@portal/contracts/notifications';
import { COMMISSION_NOTIFICATION } from '@portal/contracts/profile';
import { downloadFile, type DownloadResult } from '../../../lib/download';
import { http, sessionFetch } from '../../../lib/http';
import { listenOnUserChannel, onRealtimeReconnect } from '../../../lib/realtime';
import { listEndpointQueryOptions, listTableProps, type ListFailureTexts } from '../../../lib/use-list-endpoint';
import { usePagedQuery } from '../../../lib/use-paged-query';
import { useUrlListParams } from '../../../lib/use-url-list-params';

/** While a report on screen is being written, the list asks again this often (the notification may be missed). */
export const FINANCE_REPORTS_POLL_MS = 5_000;

/**
 * The agent's reports on the list kit (page, per_page, kind and currency in the URL), polled every
 * FINANCE_REPORTS_POLL_MS while a row is queued. A background reload (the poll, a notification, a request just sent)
 * leaves the rows as they are instead of dimming the table: only a change of the query shows as loading.
 */
export function useFinanceReports(texts: ListFailureTexts) {
  // No text box: every change is one click, sent at once.
  const list = useUrlListParams(financeReportsEndpoint.query, { debounceMs: 0 });
  const paged = usePagedQuery(
    {
      ...listEndpointQueryOptions(financeReportsEndpoint, list.query),
      refetchInterval: (query) => (query.state.data?.data.some((report) => report.status === 'queued') ? FINANCE_REPORTS_POLL_MS : false),
    },
    list,
  );
  const table = listTableProps<FinanceReport>(list, paged, texts);
  return { list, paged, table: { ...table, loading: paged.loading && paged.current === undefined } };
}

/** The currencies the agent has lines in and its first month: the new report form's choices. */
export function useFinanceReportOptions() {
  return useQuery({
    queryKey: [FINANCE_REPORT_OPTIONS_URL],
    queryFn: ({ signal }) => http.get(FINANCE_REPORT_OPTIONS_URL, { schema: financeReportOptionsSchema, signal }),
  });
}

/** POST /api/finance-reports: a report (or a new version of one) queued; the list reloads to show it. */
export function useRequestFinanceReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestFinanceReport) => http.post(financeReportsEndpoint.url, request, { schema: requestFinanceReportResultSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [financeReportsEndpoint.url] }),
  });
}

/** GET /api/finance-reports/:id/{pdf,xlsx} through the session, saved under the name the server gives. */
export function downloadFinanceReport(report: Pick<FinanceReport, 'id' | 'kind' | 'period' | 'currency' | 'version'>, format: FinanceReportFormat): Promise<DownloadResult> {
  return downloadFile(financeReportFileUrl(report.id, format), {
    fetcher: sessionFetch,
    fallbackFilename: `finance-report-${report.period}-${report.currency}-v${report.version}.${format}`,
  });
}

/**
 * While the page is open, a commission notification (a report is ready: the job tells it as one) reloads the list;
 * so does a reconnection (events may have been missed).
 */
export function useLiveFinanceReports(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: [financeReportsEndpoint.url] });
    const stopListening = listenOnUserChannel(NOTIFICATION_EVENTS.created, (payload: unknown) => {
      const event = notificationCreatedEventSchema.safeParse(payload);
      if (event.success && event.data.notification.type === COMMISSION_NOTIFICATION) refresh();
    });
    const stopReconnect = onRealtimeReconnect(refresh);
    return () => {
      stopListening();
      stopReconnect();
    };
  }, [queryClient]);
}
