import { describe, expect, it } from 'vitest';
import { createEncrypter, DecryptionError } from './encryption.ts';

const KEY = 'an-app-key-of-at-least-thirty-two-characters';

describe('createEncrypter (AES-256-GCM)', () => {
  it('round-trips, with a fresh IV every time', () => {
    const encrypter = createEncrypter(KEY);
    const first = encrypter.encrypt('JBSWY3DPEHPK3PXP');
    const second = encrypter.encrypt('JBSWY3DPEHPK3PXP');
    expect(first).not.toBe(second);
    expect(first).not.toContain('JBSWY3DPEHPK3PXP');
    expect(encrypter.decrypt(first)).toBe('JBSWY3DPEHPK3PXP');
    expect(encrypter.decrypt(second)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value sealed with another key or for another purpose', () => {
    const sealed = createEncrypter(KEY, 'two-factor-secret').encrypt('secret');
    expect(() => createEncrypter(`${KEY}-other`, 'two-factor-secret').decrypt(sealed)).toThrow(DecryptionError);
    expect(() => createEncrypter(KEY, 'something-else').decrypt(sealed)).toThrow(DecryptionError);
  });

  it('detects tampering and malformed input', () => {
    const encrypter = createEncrypter(KEY);
    const [version, iv, tag, ciphertext] = encrypter.encrypt('secret').split('.');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => encrypter.decrypt([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow(DecryptionError);
    expect(() => encrypter.decrypt('plain text')).toThrow(DecryptionError);
  });
});
