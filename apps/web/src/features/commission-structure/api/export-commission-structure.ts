import { COMMISSION_EXPORT_URL, type CommissionExportFormat, type CommissionStructureQuery } from '@portal/contracts/commission-rates';
import { downloadFile, type DownloadResult } from '../../../lib/download';
import { buildUrl, sessionFetch } from '../../../lib/http';

type Filters = Partial<Pick<CommissionStructureQuery, 'search' | 'facility_id' | 'country' | 'specialty_id' | 'service_id' | 'sort'>>;

/**
 * GET /api/commission-structure/export?…&format=xlsx|pdf: every rate the page's filters keep (not only the page
 * shown), saved under the name the server gives (commission-structure-2026-11-24.xlsx).
 */
export function exportCommissionStructure(filters: Filters, format: CommissionExportFormat): Promise<DownloadResult> {
  const { search, facility_id, country, specialty_id, service_id, sort } = filters;
  return downloadFile(buildUrl(COMMISSION_EXPORT_URL, { search, facility_id, country, specialty_id, service_id, sort, format }), {
    fetcher: sessionFetch,
    fallbackFilename: `commission-structure.${format}`,
  });
}
