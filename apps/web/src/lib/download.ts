/**
 * File helpers of spec §7: download a URL as a named file, open a PDF in a new tab.
 *
 * Both go through the network only via an injectable `fetcher`, so pages pass the app's HTTP client (which adds
 * the CSRF header, the realtime socket id and the 401 handling) and tests pass a stub.
 */
import { notifications } from '@mantine/notifications';
import { DEFAULT_DOWNLOAD_FILENAME } from '@portal/contracts/constants';
import { sharedText } from '../i18n/i18n';
import { sharedEn } from '../i18n/shared-en';

export type Fetcher = (input: string, init: RequestInit) => Promise<Response>;

/** spec §8 (English); shown in the reader's language. */
export const POPUP_BLOCKED_MESSAGE = sharedEn.download.popupBlocked;

/**
 * Object URLs are revoked after this delay rather than at once: a browser may still be reading the blob when
 * `click()` returns (Firefox, Safari) and a new tab needs time to load it.
 */
export const OBJECT_URL_LIFETIME_MS = 60_000;

/** A download answered with a status other than 2xx. `status` lets callers tell 401/403/422 apart. */
export class DownloadError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'DownloadError';
    this.status = status;
  }
}

/**
 * The file name a `Content-Disposition` header gives, or `fallback`.
 * `filename*=UTF-8''…` (RFC 5987/6266, percent-encoded, may carry non-ASCII names) wins over `filename=`, as
 * browsers do. Quoted names may contain `;` and escaped quotes. Path parts are dropped so a header cannot
 * suggest `../../x`.
 */
export function filenameFromContentDisposition(
  header: string | null | undefined,
  fallback: string = DEFAULT_DOWNLOAD_FILENAME,
): string {
  if (!header) return fallback;

  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    const charset = (extended[1] ?? '').trim().toLowerCase();
    const encoded = extended[2].trim().replace(/^"(.*)"$/, '$1');
    try {
      // decodeURIComponent reads UTF-8; for an ISO-8859-1 name, unescape-style decoding of each byte suffices.
      const decoded =
        charset === 'iso-8859-1'
          ? encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
          : decodeURIComponent(encoded);
      const safe = sanitizeFilename(decoded);
      if (safe) return safe;
    } catch {
      // A malformed escape: fall through to the plain parameter.
    }
  }

  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) {
    const safe = sanitizeFilename(quoted[1].replace(/\\(.)/g, '$1'));
    if (safe) return safe;
  }

  const bare = /(?:^|;)\s*filename\s*=\s*([^;"\s][^;]*)/i.exec(header);
  if (bare?.[1]) {
    const safe = sanitizeFilename(bare[1].trim());
    if (safe) return safe;
  }

  return fallback;
}

function sanitizeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Control characters make some file systems refuse the name.
  const cleaned = Array.from(base)
    .filter((character) => {
      const code = character.charCodeAt(0);
      return code > 0x1f && code !== 0x7f;
    })
    .join('')
    .trim();
  return cleaned === '.' || cleaned === '..' ? '' : cleaned;
}

export interface DownloadOptions {
  /** The app's HTTP client; defaults to `fetch`. */
  fetcher?: Fetcher;
  /** Overrides the name from `Content-Disposition`. */
  filename?: string;
  /** Used when the response names no file. */
  fallbackFilename?: string;
  /** Extra request options (method, body, signal …); the headers below are added to its headers. */
  init?: RequestInit;
}

export interface DownloadResult {
  filename: string;
  size: number;
}

/** Headers of every file request (spec §7: the XMLHttpRequest marker; JSON errors when the server refuses). */
function fileRequestInit(init: RequestInit | undefined): RequestInit {
  const headers = new Headers(init?.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/octet-stream, application/json;q=0.9, */*;q=0.8');
  headers.set('X-Requested-With', 'XMLHttpRequest');
  return { credentials: 'same-origin', ...init, headers };
}

async function fetchFile(url: string, fetcher: Fetcher, init: RequestInit | undefined): Promise<Response> {
  const response = await fetcher(url, fileRequestInit(init));
  if (!response.ok) {
    throw new DownloadError(response.status, `Download failed (${response.status} ${response.statusText})`.trim());
  }
  return response;
}

const defaultFetcher: Fetcher = (input, init) => fetch(input, init);

/** Saves a blob under `filename` through a temporary anchor, the only way a page can name a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    window.setTimeout(() => URL.revokeObjectURL(objectUrl), OBJECT_URL_LIFETIME_MS);
  }
}

/**
 * Fetches `url` as a blob and saves it under the name its `Content-Disposition` gives (default
 * 'downloaded-file'). Rejects with DownloadError for a non-2xx answer, so the caller can show why.
 */
export async function downloadFile(url: string, options: DownloadOptions = {}): Promise<DownloadResult> {
  const response = await fetchFile(url, options.fetcher ?? defaultFetcher, options.init);
  const blob = await response.blob();
  const filename =
    options.filename ??
    filenameFromContentDisposition(
      response.headers.get('Content-Disposition'),
      options.fallbackFilename ?? DEFAULT_DOWNLOAD_FILENAME,
    );
  saveBlob(blob, filename);
  return { filename, size: blob.size };
}

/** Fetches `url` as a blob (for openPdfInNewTab with a promise), with the same headers and error as downloadFile. */
export async function fetchBlob(url: string, options: Pick<DownloadOptions, 'fetcher' | 'init'> = {}): Promise<Blob> {
  const response = await fetchFile(url, options.fetcher ?? defaultFetcher, options.init);
  return response.blob();
}

function notifyPopupBlocked(): void {
  notifications.show({ color: 'red', title: sharedText('download.popupBlockedTitle'), message: sharedText('download.popupBlocked') });
}

function toUrl(source: Blob | string): string {
  if (typeof source === 'string') return source;
  const objectUrl = URL.createObjectURL(source);
  window.setTimeout(() => URL.revokeObjectURL(objectUrl), OBJECT_URL_LIFETIME_MS);
  return objectUrl;
}

/**
 * Opens a PDF in a new tab from a blob (through an object URL) or from a URL the server returned.
 * Returns false and shows POPUP_BLOCKED_MESSAGE when the browser refuses the tab.
 *
 * Given a promise, the tab is opened at once, while the click's user activation still holds, and is pointed at
 * the file when it arrives: browsers block `window.open` called after an `await`. If the promise rejects, the
 * blank tab is closed and the promise's error is rethrown.
 *
 * 'noopener' is not passed to `window.open` because then it always returns null and a blocked pop-up could not
 * be told apart; the opener link is cut by hand instead.
 */
export function openPdfInNewTab(source: Blob | string): boolean;
export function openPdfInNewTab(source: Promise<Blob | string>): Promise<boolean>;
export function openPdfInNewTab(source: Blob | string | Promise<Blob | string>): boolean | Promise<boolean> {
  if (!(source instanceof Promise)) {
    const tab = window.open(toUrl(source), '_blank');
    if (!tab) {
      notifyPopupBlocked();
      return false;
    }
    tab.opener = null;
    return true;
  }

  const tab = window.open('', '_blank');
  if (!tab) {
    notifyPopupBlocked();
    // The work is still running; do not leave its rejection unhandled.
    return source.then(
      () => false,
      () => false,
    );
  }
  tab.opener = null;
  return source.then(
    (resolved) => {
      tab.location.href = toUrl(resolved);
      return true;
    },
    (error: unknown) => {
      tab.close();
      throw error;
    },
  );
}
