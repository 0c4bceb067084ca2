import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredFile } from '../../lib/storage/file-store.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';

/**
 * A stored file answered the way a <video> element asks for it (RFC 9110): `Range: bytes=a-b`, `bytes=a-` and the
 * suffix `bytes=-n` get 206 with Content-Range; a range starting past the end gets 416 with `bytes *\/size`;
 * several ranges at once are answered with the whole file (a server may ignore Range). Conditional requests:
 * If-None-Match (the file's ETag; stored files never change under a key) and If-Modified-Since give 304, and
 * If-Range with a stale validator turns a range request into a full answer. Only the asked bytes are read from
 * storage (local file offsets or S3's ranged GET), so memory stays flat whatever the file's size.
 */

export type RangeAnswer = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/** Reads a Range header against a file of `size` bytes. */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'full' };
  const match = /^bytes=\s*(.+)$/i.exec(header.trim());
  if (!match) return { kind: 'full' };
  const specs = match[1]!.split(',').map((spec) => spec.trim());
  if (specs.length !== 1) return { kind: 'full' };
  const spec = /^(\d*)-(\d*)$/.exec(specs[0]!);
  if (!spec || (spec[1] === '' && spec[2] === '')) return { kind: 'full' };
  if (spec[1] === '') {
    const suffix = Number(spec[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(spec[1]);
  const end = spec[2] === '' ? size - 1 : Math.min(Number(spec[2]), size - 1);
  if (spec[2] !== '' && Number(spec[2]) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}

/** The file's ETag: its key (new on every upload) and size. */
export function etagOf(file: Pick<StoredFile, 'key' | 'size'>): string {
  const name = file.key.slice(file.key.lastIndexOf('/') + 1).replace(/\.[a-z0-9]+$/i, '');
  return `"${name}-${file.size.toString(36)}"`;
}

function matchesEtag(header: string, etag: string): boolean {
  return header
    .split(',')
    .map((value) => value.trim().replace(/^W\//, ''))
    .some((value) => value === '*' || value === etag);
}

/** Sends `file` (not encrypted) with range and conditional handling. `modifiedAt` is when it was uploaded. */
export async function sendRanged(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStore,
  file: StoredFile,
  modifiedAt: Date,
): Promise<FastifyReply> {
  const etag = etagOf(file);
  const lastModified = new Date(Math.floor(modifiedAt.getTime() / 1000) * 1000);
  reply.headers({
    'content-type': file.contentType,
    'accept-ranges': 'bytes',
    etag,
    'last-modified': lastModified.toUTCString(),
    'cache-control': 'private, max-age=0, must-revalidate',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  });
  const ifNoneMatch = request.headers['if-none-match'];
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifNoneMatch ? matchesEtag(ifNoneMatch, etag) : ifModifiedSince && Date.parse(ifModifiedSince) >= lastModified.getTime()) {
    return reply.code(304).send();
  }
  let range = parseRange(request.headers.range, file.size);
  const ifRangeHeader = request.headers['if-range'];
  const ifRange = Array.isArray(ifRangeHeader) ? ifRangeHeader[0] : ifRangeHeader;
  if (range.kind !== 'full' && ifRange) {
    const fresh = ifRange.startsWith('"') || ifRange.startsWith('W/') ? ifRange === etag : Date.parse(ifRange) === lastModified.getTime();
    if (!fresh) range = { kind: 'full' };
  }
  if (range.kind === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${file.size}`).send();
  }
  if (range.kind === 'full') {
    reply.header('content-length', String(file.size));
    return reply.code(200).send(request.method === 'HEAD' ? undefined : await storage.read(file));
  }
  reply.headers({ 'content-range': `bytes ${range.start}-${range.end}/${file.size}`, 'content-length': String(range.end - range.start + 1) });
  return reply.code(206).send(request.method === 'HEAD' ? undefined : await storage.readRange(file, range));
}
