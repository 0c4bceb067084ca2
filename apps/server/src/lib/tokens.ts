import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token from the CSPRNG; 32 bytes = 256 bits (ASVS 7.2.3 asks ≥128). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  // One-shot hash (Node ≥ 20.12): same digest as createHash().update().digest(), without the Hash object.
  return hash('sha256', value, 'hex');
}

/** Constant-time string comparison that does not leak length through an exception. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) return false;
  return timingSafeEqual(left, right);
}
