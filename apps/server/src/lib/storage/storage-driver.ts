import type { Readable } from 'node:stream';

/**
 * Where stored files' bytes live (docs/services.md, File storage): a folder under DATA_DIR/files (local) or an
 * S3-compatible bucket (s3). Drivers only move bytes under keys the file store generates; every rule (sizes, types,
 * re-encoding, encryption, who may download) is the file store's (file-store.ts), so both drivers pass the same
 * contract tests and an area never knows which one runs.
 */
export interface StorageDriver {
  readonly name: 'local' | 's3';
  /** Stores `body` (exactly `size` bytes) under `key`, replacing nothing: keys are new each time. */
  put(key: string, body: Readable, info: { size: number; contentType: string }): Promise<void>;
  /**
   * The bytes under `key` (only `range.start`..`range.end`, both inclusive, when given: video range requests);
   * rejects with FileNotFoundError when there are none.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Removes `key`; nothing happens when it is not there. */
  delete(key: string): Promise<void>;
  /**
   * A URL anyone holding it can download from until it expires, answering with `contentDisposition` and
   * `contentType`: the s3 driver presigns one; the local driver has none (the file store signs a portal URL).
   */
  presignedUrl?(key: string, options: { expiresInSeconds: number; contentDisposition: string; contentType: string }): Promise<string>;
  /** Releases connections (tests, shutdown). */
  close?(): Promise<void>;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export class FileNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored file has the key ${key}.`);
  }
}

/** Keys are the file store's own ('<kind>/<yyyy>/<mm>/<uuid>.<ext>'): anything else is refused before it reaches a driver. */
export const KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,40}\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

export function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new FileNotFoundError(key);
}
