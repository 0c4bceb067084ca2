import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromFile } from 'file-type';
import sharp, { type FormatEnum } from 'sharp';
import { AppError } from '../errors.ts';
import { decryptStream, encryptFile, fileEncryptionKey } from './file-encryption.ts';
import { assertKey, type ByteRange, type StorageDriver } from './storage-driver.ts';
import { pdfProblem, type PdfProblem } from './pdf-check.ts';

/**
 * The file store (docs/services.md, File storage): what areas upload and download through. It never trusts the
 * client: an upload is streamed to a temporary file and cut off at its kind's size limit, its type is read from its
 * bytes (file-type), not from its name or Content-Type, images are re-encoded (sharp), which drops their metadata
 * (EXIF GPS, camera serials, embedded thumbnails and scripts), private kinds are encrypted with a key derived from
 * APP_KEY, and the key it is stored under is generated (`<kind>/<yyyy>/<mm>/<uuid>.<ext>`): no name a user chose
 * ever becomes a path. The area keeps the StoredFile it gets back (key, type, size, name) in its own row.
 */

/** What an area accepts for one purpose. */
export interface FileKind {
  /** kebab-case: 'agent-logo', 'facility-list', 'certificate' (the first part of every key). */
  name: string;
  /** Upper bound of the uploaded bytes; one byte more and the upload is refused. */
  maxBytes: number;
  /**
   * Content types accepted, as sniffed from the bytes: 'image/png', 'image/jpeg', 'image/webp', 'image/gif',
   * 'application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', … and 'text/csv' for
   * plain UTF-8 text without markup (text has no signature to sniff).
   */
  types: readonly string[];
  /** Encrypt at rest (documents with health data). Downloads then always go through the portal, which decrypts. */
  encrypted?: boolean;
  /**
   * Files that people upload (not the portal's own PDFs): a PDF must then parse as one and only show, never act
   * (lib/storage/pdf-check.ts). Images of every kind are re-encoded anyway.
   */
  uploadedByPeople?: boolean;
}

export interface StoredFile {
  key: string;
  kind: string;
  /** The sniffed type (after re-encoding, the image's). */
  contentType: string;
  /** Bytes of the file as downloaded (plain, re-encoded). */
  size: number;
  /** The uploaded file's name made safe for a Content-Disposition, with the sniffed type's extension. */
  name: string;
  encrypted: boolean;
}

export type FileRejection = 'too_large' | 'type_not_allowed' | 'empty' | PdfProblem;

/** 422 for the area to word in its own terms (the `code` says which); the message is a plain English default. */
export class FileRejectedError extends AppError {
  constructor(readonly reason: FileRejection, message: string) {
    super(422, message, `file_${reason}`, { errors: { file: [message] } });
  }
}

/** Why a PDF is refused, in words its sender can act on (lib/storage/pdf-check.ts). */
export const PDF_PROBLEMS: Record<PdfProblem, string> = {
  not_a_pdf: 'The file is not a readable PDF.',
  html_inside: 'The file holds a web page as well as a PDF: save it again as a plain PDF.',
  active_content: 'The PDF contains scripts, actions or embedded files: print it to a new PDF and attach that one.',
  encrypted: 'The PDF is password-protected: attach a copy without a password.',
};

/** A refused or expired signed download URL. */
export class SignedUrlError extends AppError {
  constructor(message = 'This download link is invalid or has expired.') {
    super(403, message, 'signed_url_invalid');
  }
}

export interface DownloadOptions {
  /** 'attachment' (default) saves; 'inline' lets the browser show images and PDFs. */
  disposition?: 'attachment' | 'inline';
  /** The name the browser saves it as (default: the stored name). */
  name?: string;
}

export interface FileStore {
  readonly driver: StorageDriver;
  /** Declares a kind. Areas do it when they register. */
  defineKind(kind: FileKind): void;
  /** Streams an upload in, checks and cleans it, stores it under a new key. */
  save(kind: string, upload: Readable, options?: { filename?: string }): Promise<StoredFile>;
  /** The plain bytes of a stored file (decrypted when it was encrypted). */
  read(file: Pick<StoredFile, 'key' | 'encrypted'>): Promise<Readable>;
  /** Bytes `range.start`..`range.end` (inclusive) of a plain file: what an HTTP range request answers. */
  readRange(file: Pick<StoredFile, 'key' | 'encrypted'>, range: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** The headers an authorised download route answers with (Content-Type, Content-Disposition, nosniff, no caching). */
  downloadHeaders(file: Pick<StoredFile, 'contentType' | 'name'>, options?: DownloadOptions): Record<string, string>;
  /**
   * A short-lived URL that downloads the file without a session (an e-mail, an <img> of another origin): a presigned
   * URL of the bucket for a plain file on s3, otherwise the portal's own signed route (SIGNED_DOWNLOAD_PATH).
   */
  signedUrl(file: StoredFile, options?: DownloadOptions & { expiresInSeconds?: number }): Promise<string>;
  /** Checks the portal route's query (signature, expiry); answers the file to send and its headers. */
  verifySignedDownload(query: Record<string, unknown>): { file: Pick<StoredFile, 'key' | 'encrypted'>; headers: Record<string, string> };
}

/** The portal's route for signed downloads (plugins/storage.ts). */
export const SIGNED_DOWNLOAD_PATH = '/api/files/signed';
const DEFAULT_SIGNED_SECONDS = 5 * 60;
const MAX_SIGNED_SECONDS = 7 * 24 * 3600;
/** Decompression bombs: an image over this many pixels is refused before it is decoded. */
const MAX_IMAGE_PIXELS = 40_000_000;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);
const TEXT_TYPES = new Set(['text/csv', 'text/plain']);
const TEXT_EXTENSIONS: Record<string, string> = { 'text/csv': 'csv', 'text/plain': 'txt' };
const KIND_NAME = /^[a-z0-9][a-z0-9-]{0,40}$/;

/** Counts bytes as they pass and fails the stream one byte past the limit. */
function sizeLimit(maxBytes: number): Transform & { bytes: number } {
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      limiter.bytes += chunk.length;
      if (limiter.bytes > maxBytes) return done(new FileRejectedError('too_large', `The file may be at most ${formatBytes(maxBytes)}.`));
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  limiter.bytes = 0;
  return limiter;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Plain UTF-8 text that is not markup: what a 'text/csv' kind accepts (HTML, SVG and XML start with '<'). */
async function looksLikePlainText(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.includes(0)) return false;
    const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
    // A cut multi-byte character at the end of the sample is not an error; one anywhere else is.
    if (text.slice(0, -4).includes('\uFFFD')) return false;
    return !/^\s*</.test(text.replace(/^\uFEFF/, ''));
  } finally {
    await handle.close();
  }
}

/**
 * RFC 6266 Content-Disposition: an ASCII fallback name for old clients and the UTF-8 name (RFC 5987) for the rest,
 * so an Arabic file name arrives whole and no quote or line break in a name can break the header.
 */
export function contentDisposition(name: string, type: 'attachment' | 'inline'): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A name safe to show and send: no path, no control characters, at most 120 characters, the sniffed extension. */
export function safeFileName(original: string | undefined, extension: string): string {
  const base = path.posix.basename((original ?? '').replace(/\\/g, '/'));
  const stem = base
    .replace(/\.[^.]*$/, '')
    // Control characters (they would break a header or a terminal) and the characters file systems refuse.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    // No hidden files, no '..'
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 120);
  return `${stem || 'file'}.${extension}`;
}

/**
 * Removes upload folders older than `olderThanMs` from `temporaryDirectory`: the leftovers of a process that died
 * mid-upload (every upload removes its own folder when it ends). An hour is far beyond any upload's limit, so a
 * folder of another process still at work is never touched.
 */
export async function sweepAbandonedUploads(temporaryDirectory: string, olderThanMs = 60 * 60 * 1000): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(temporaryDirectory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const entry of entries.filter((name) => name.startsWith('upload-'))) {
    const folder = path.join(temporaryDirectory, entry);
    const info = await stat(folder).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > olderThanMs) {
      await rm(folder, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

export function createFileStore(deps: { driver: StorageDriver; appKey: string; temporaryDirectory: string; appUrl: string }): FileStore {
  const { driver } = deps;
  const kinds = new Map<string, FileKind>();
  const encryptionKey = fileEncryptionKey(deps.appKey);
  const signingKey = createHmac('sha256', deps.appKey).update('partner-portal signed downloads v1').digest();

  function kindOf(name: string): FileKind {
    const kind = kinds.get(name);
    if (!kind) throw new Error(`No file kind is defined with the name '${name}'.`);
    return kind;
  }

  function headers(file: Pick<StoredFile, 'contentType' | 'name'>, options: DownloadOptions = {}): Record<string, string> {
    return {
      'content-type': file.contentType,
      'content-disposition': contentDisposition(options.name ?? file.name, options.disposition ?? 'attachment'),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      // A stored file never runs as a page of the portal, even when shown inline.
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    };
  }

  function sign(fields: string[]): string {
    return createHmac('sha256', signingKey).update(fields.join('\n')).digest('base64url');
  }

  /** Sniffs, checks and (for images) re-encodes the upload in `folder/upload`; answers the file to store and its type. */
  async function prepare(kind: FileKind, folder: string, upload: string): Promise<{ file: string; contentType: string; extension: string }> {
    const sniffed = await fileTypeFromFile(upload);
    if (!sniffed) {
      const textType = kind.types.find((type) => TEXT_TYPES.has(type));
      if (textType && (await looksLikePlainText(upload))) return { file: upload, contentType: textType, extension: TEXT_EXTENSIONS[textType]! };
      throw new FileRejectedError('type_not_allowed', `This kind of file is not accepted here (${kind.types.join(', ')}).`);
    }
    if (!kind.types.includes(sniffed.mime)) {
      throw new FileRejectedError('type_not_allowed', `A ${sniffed.ext.toUpperCase()} file is not accepted here (${kind.types.join(', ')}).`);
    }
    if (sniffed.mime === 'application/pdf' && kind.uploadedByPeople) {
      const problem = await pdfProblem(upload);
      if (problem) throw new FileRejectedError(problem, PDF_PROBLEMS[problem]);
    }
    if (!IMAGE_TYPES.has(sniffed.mime)) return { file: upload, contentType: sniffed.mime, extension: sniffed.ext };
    // Re-encoded in its own format: pixels only. rotate() first applies the EXIF orientation that is about to go.
    const cleaned = path.join(folder, 'cleaned');
    const animated = sniffed.mime === 'image/gif' || sniffed.mime === 'image/webp';
    try {
      await sharp(upload, { limitInputPixels: MAX_IMAGE_PIXELS, animated, failOn: 'error' })
        .rotate()
        .toFormat(sniffed.ext as keyof FormatEnum)
        .toFile(cleaned);
    } catch {
      throw new FileRejectedError('type_not_allowed', 'The image could not be read.');
    }
    return { file: cleaned, contentType: sniffed.mime, extension: sniffed.ext };
  }

  return {
    driver,

    defineKind(kind) {
      if (!KIND_NAME.test(kind.name)) throw new Error(`File kind '${kind.name}' must be kebab-case.`);
      if (kinds.has(kind.name)) throw new Error(`The file kind '${kind.name}' is defined twice.`);
      kinds.set(kind.name, kind);
    },

    async save(kindName, upload, options = {}) {
      const kind = kindOf(kindName);
      await mkdir(deps.temporaryDirectory, { recursive: true });
      const folder = await mkdtemp(path.join(deps.temporaryDirectory, 'upload-'));
      try {
        const received = path.join(folder, 'upload');
        const limiter = sizeLimit(kind.maxBytes);
        try {
          await pipeline(upload, limiter, createWriteStream(received, { mode: 0o600 }));
        } catch (error) {
          // Stop reading a refused upload: the rest is not wanted.
          upload.destroy();
          throw error;
        }
        if (limiter.bytes === 0) throw new FileRejectedError('empty', 'The file is empty.');
        const prepared = await prepare(kind, folder, received);
        const size = (await stat(prepared.file)).size;
        const now = new Date();
        const key = `${kind.name}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${prepared.extension}`;
        const encrypted = kind.encrypted ?? false;
        if (encrypted) {
          const sealed = path.join(folder, 'sealed');
          const header = await encryptFile(encryptionKey, prepared.file, sealed);
          const body = Readable.from(
            (async function* () {
              yield header;
              yield* createReadStream(sealed);
            })(),
          );
          await driver.put(key, body, { size: header.length + size, contentType: 'application/octet-stream' });
        } else {
          await driver.put(key, createReadStream(prepared.file), { size, contentType: prepared.contentType });
        }
        return { key, kind: kind.name, contentType: prepared.contentType, size, name: safeFileName(options.filename, prepared.extension), encrypted };
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },

    async read(file) {
      const stream = await driver.get(file.key);
      return file.encrypted ? decryptStream(encryptionKey, stream) : stream;
    },

    async readRange(file, range) {
      // A sealed file's bytes are not the plain file's: its ranges would need the whole file decrypted first.
      if (file.encrypted) throw new Error('An encrypted file cannot be read by range.');
      return driver.get(file.key, range);
    },

    delete: (key) => driver.delete(key),

    downloadHeaders: headers,

    async signedUrl(file, options = {}) {
      const seconds = Math.min(options.expiresInSeconds ?? DEFAULT_SIGNED_SECONDS, MAX_SIGNED_SECONDS);
      const disposition = options.disposition ?? 'attachment';
      const name = options.name ?? file.name;
      if (driver.presignedUrl && !file.encrypted) {
        const fileHeaders = headers(file, { disposition, name });
        return driver.presignedUrl(file.key, {
          expiresInSeconds: seconds,
          contentDisposition: fileHeaders['content-disposition']!,
          contentType: file.contentType,
        });
      }
      assertKey(file.key);
      const expires = String(Math.floor(Date.now() / 1000) + seconds);
      const fields = [file.key, expires, disposition, name, file.contentType, file.encrypted ? '1' : '0'];
      const query = new URLSearchParams({
        key: file.key,
        expires,
        disposition,
        name,
        type: file.contentType,
        encrypted: file.encrypted ? '1' : '0',
        signature: sign(fields),
      });
      return `${deps.appUrl}${SIGNED_DOWNLOAD_PATH}?${query.toString()}`;
    },

    verifySignedDownload(query) {
      const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
      const [key, expires, disposition, name, type, encrypted, signature] = ['key', 'expires', 'disposition', 'name', 'type', 'encrypted', 'signature'].map(text);
      const expected = Buffer.from(sign([key!, expires!, disposition!, name!, type!, encrypted!]));
      const given = Buffer.from(signature!);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new SignedUrlError();
      if (!/^\d+$/.test(expires!) || Number(expires) * 1000 < Date.now()) throw new SignedUrlError();
      if (disposition !== 'attachment' && disposition !== 'inline') throw new SignedUrlError();
      return {
        file: { key: key!, encrypted: encrypted === '1' },
        headers: headers({ contentType: type!, name: name! }, { disposition }),
      };
    },
  };
}
