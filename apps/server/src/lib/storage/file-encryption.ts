import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Private files at rest: AES-256-GCM with a key derived from APP_KEY (HKDF-SHA256, its own purpose label, as
 * lib/encryption.ts does for secrets), a fresh 96-bit IV per file. Layout: 'PPF1' | iv (12) | tag (16) | ciphertext,
 * so a reader has the tag before the first byte and GCM rejects altered bytes at the end of the stream (the download
 * then fails instead of completing). The whole file is encrypted before it reaches the driver.
 */
const MAGIC = Buffer.from('PPF1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const ENCRYPTION_HEADER_BYTES = MAGIC.length + IV_BYTES + TAG_BYTES;

export class FileDecryptionError extends Error {}

export function fileEncryptionKey(appKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appKey, 'partner-portal', 'files-at-rest', 32));
}

/** Encrypts `source` into `target`; answers the header to write before it. */
export async function encryptFile(key: Buffer, source: string, target: string): Promise<Buffer> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  await pipeline(createReadStream(source), cipher, createWriteStream(target, { mode: 0o600 }));
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag()]);
}

/** Reads exactly `size` bytes from the start of `stream` (fewer only when it ends first). */
async function readStart(stream: Readable, size: number): Promise<Buffer> {
  for (;;) {
    const chunk = stream.read(size) as Buffer | null;
    if (chunk) return chunk;
    if (stream.readableEnded || stream.destroyed) return Buffer.alloc(0);
    await new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        stream.off('readable', onReadable).off('end', onEnd).off('error', settle);
        if (error) reject(error);
        else resolve();
      };
      const onReadable = () => settle();
      const onEnd = () => settle();
      stream.on('readable', onReadable).on('end', onEnd).on('error', settle);
    });
  }
}

/**
 * The plain bytes of an encrypted stream. Rejects at once when the header is missing; the returned stream errors at
 * its end when the key is wrong or a byte was altered (GCM's tag), so a reader never completes on bad data.
 */
export async function decryptStream(key: Buffer, encrypted: Readable): Promise<Readable> {
  const header = await readStart(encrypted, ENCRYPTION_HEADER_BYTES);
  if (header.length < ENCRYPTION_HEADER_BYTES || !header.subarray(0, MAGIC.length).equals(MAGIC)) {
    encrypted.destroy();
    throw new FileDecryptionError('The file is not one the portal encrypted.');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, header.subarray(MAGIC.length, MAGIC.length + IV_BYTES));
  decipher.setAuthTag(header.subarray(MAGIC.length + IV_BYTES, ENCRYPTION_HEADER_BYTES));
  const output = new PassThrough();
  pipeline(encrypted, decipher, output).catch((error: unknown) => {
    output.destroy(new FileDecryptionError(`The file could not be decrypted (wrong APP_KEY or altered bytes): ${(error as Error).message}`));
  });
  return output;
}
