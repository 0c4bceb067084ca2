import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { assertKey, FileNotFoundError, type StorageDriver } from './storage-driver.ts';

/**
 * Files under one folder (DATA_DIR/files by default). A file is written to a temporary name and renamed into place,
 * so a reader never sees half a file and a failed upload leaves nothing under its key. Processes on one machine
 * share the folder; processes on several machines need the s3 driver.
 */
export function createLocalDriver(directory: string): StorageDriver {
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(directory, ...key.split('/'));
  };

  return {
    name: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key, range) {
      const file = fileOf(key);
      // Opened before it is handed out, so a missing file is FileNotFoundError here, not a stream error later.
      const stream = createReadStream(file, range ? { start: range.start, end: range.end } : undefined);
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'ENOENT' ? new FileNotFoundError(key) : error));
      });
      return stream as Readable;
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch (error) {
        if (error instanceof FileNotFoundError || (error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
