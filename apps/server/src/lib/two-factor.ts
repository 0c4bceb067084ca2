import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sha256 } from './tokens.ts';

/**
 * Two-factor primitives shared by the partners' sign-in (modules/auth) and the operators' (modules/operators).
 * TOTP (RFC 6238) as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. A code of the
 * step before or after the current one is accepted too (clock drift), and the step a code belongs to
 * is returned so the caller can refuse it, and every older one, the next time (replay protection with
 * users.two_factor_last_step; ASVS 6.5.1).
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = 'Partner Portal';
export const RECOVERY_CODE_COUNT = 8;

/** A new random secret: 20 bytes (160 bits, ASVS 11.5.1 asks ≥128), base32 as apps show it. */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The time step a valid code belongs to, or null when the code is not valid now. */
export function matchTotpStep(base32Secret: string, code: string, now = Date.now()): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(base32Secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    timestamp: now,
    window: TOTP_WINDOW,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now }) + delta;
}

/** The current code of a secret (the demo seed and tests compute codes the way an app does). */
export function currentTotpCode(base32Secret: string, now = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(base32Secret), digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, timestamp: now });
}

/** The otpauth:// URI an authenticator app scans (as a QR code) to add the account. */
export function totpUri(base32Secret: string, accountLabel: string, issuer = TOTP_ISSUER): string {
  return new TOTP({
    issuer,
    label: accountLabel,
    secret: Secret.fromBase32(base32Secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

const RECOVERY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomChunk(length: number): string {
  let chunk = '';
  for (let index = 0; index < length; index += 1) chunk += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return chunk;
}

/** Fortify's shape: `Str::random(10).'-'.Str::random(10)`, about 119 bits each. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => `${randomChunk(10)}-${randomChunk(10)}`);
}

/** Recovery codes are stored as sha256: they are long random strings, so a fast hash is enough. */
export function hashRecoveryCode(code: string): string {
  return sha256(code.trim());
}
