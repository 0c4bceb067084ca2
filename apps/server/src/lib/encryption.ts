import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (TOTP secrets) are sealed with AES-256-GCM. The key is derived from APP_KEY with
 * HKDF-SHA256 and a purpose label, so APP_KEY itself is never used directly as a cipher key and other
 * purposes can derive keys of their own. Every value gets a fresh 96-bit IV; GCM's tag detects tampering.
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
const VERSION = 'v1';
const IV_BYTES = 12;

export interface Encrypter {
  encrypt(plaintext: string): string;
  /** Throws when the value was not produced with the same key and purpose, or was altered. */
  decrypt(payload: string): string;
}

export class DecryptionError extends Error {}

export function createEncrypter(appKey: string, purpose = 'secrets-at-rest'): Encrypter {
  const key = Buffer.from(hkdfSync('sha256', appKey, 'partner-portal', purpose, 32));
  return {
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
    },
    decrypt(payload) {
      const [version, iv, tag, ciphertext] = payload.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
        throw new DecryptionError('The value is not an encrypted payload.');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new DecryptionError('The value could not be decrypted (wrong APP_KEY or altered data).');
      }
    },
  };
}
