import { signedPdfUrl } from '@portal/contracts/agreements';
import { downloadFile, type DownloadResult } from '../../../lib/download';
import { sessionFetch } from '../../../lib/http';

/** GET /api/agreements/:id/signed-pdf, saved under the name the server gives (partner-programme-agreement-v2-signed.pdf). */
export function downloadSignedPdf(id: number): Promise<DownloadResult> {
  return downloadFile(signedPdfUrl(id), { fetcher: sessionFetch, fallbackFilename: `agreement-${id}-signed.pdf` });
}
