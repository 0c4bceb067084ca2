import type { BookingExportFormat } from '@portal/contracts/bookings';
import { downloadFile, type DownloadResult } from '../../../lib/download';
import { buildUrl, sessionFetch } from '../../../lib/http';
import { viewerTimeZone } from '../../../i18n/time-zone';
import { toBookingFilterQuery, type BookingListParams } from './list-bookings';

const BOOKINGS_URL = '/api/clients/bookings';

/**
 * GET /api/clients/bookings?…&format=xlsx|pdf: the whole filtered list (every page, not the one shown), with the
 * list's own filters. The time zone is always sent: the file writes appointment times in it.
 */
export function bookingsExportUrl(params: BookingListParams, format: BookingExportFormat): string {
  const query = toBookingFilterQuery(params);
  // Export dates are written in the viewer's zone (the list's own when it has date filters).
  return buildUrl(BOOKINGS_URL, { ...query, timezone: query.timezone ?? viewerTimeZone(), format });
}

/**
 * Downloads the export through the app's HTTP client (CSRF header, socket id, 401 handling) and saves it under
 * the name its Content-Disposition gives (bookings-2026-11-21.xlsx). Resolves when the file is saved; rejects with
 * DownloadError when the server refuses, which the table reports.
 */
export function exportBookings(params: BookingListParams, format: BookingExportFormat): Promise<DownloadResult> {
  return downloadFile(bookingsExportUrl(params, format), {
    fetcher: sessionFetch,
    fallbackFilename: `bookings.${format}`,
  });
}
