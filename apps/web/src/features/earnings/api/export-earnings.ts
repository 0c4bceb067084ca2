import { EARNINGS_LINES_EXPORT_URL, type CommissionLinesQuery, type EarningsExportFormat } from '@portal/contracts/earnings';
import { downloadFile, type DownloadResult } from '../../../lib/download';
import { buildUrl, sessionFetch } from '../../../lib/http';

type Filters = Partial<Pick<CommissionLinesQuery, 'from' | 'to' | 'status' | 'medical_service_provider' | 'currency' | 'sort'>>;

/**
 * GET /api/earnings/lines/export?…&format=xlsx|pdf: every line the page's filters keep (not only the page shown), saved
 * under the name the server gives (my-earnings-2026-11-28.xlsx).
 */
export function exportEarnings(filters: Filters, format: EarningsExportFormat): Promise<DownloadResult> {
  const { from, to, status, medical_service_provider, currency, sort } = filters;
  return downloadFile(buildUrl(EARNINGS_LINES_EXPORT_URL, { from, to, status, medical_service_provider, currency, sort, format }), {
    fetcher: sessionFetch,
    fallbackFilename: `my-earnings.${format}`,
  });
}
