import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as the server checks it (apps/server/src/modules/auth/two-factor.ts): SHA-1, 6 digits, 30 s. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;

/** The code an authenticator app shows for `base32Secret` at `timestamp`. */
export function totpCode(base32Secret: string, timestamp = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(base32Secret), digits: DIGITS, period: PERIOD_SECONDS, timestamp });
}

/**
 * A 6-digit code the server refuses now: not the code of the previous, current or next step (the server accepts
 * one step of drift either way), nor of the steps around them.
 */
export function wrongTotpCode(base32Secret: string, timestamp = Date.now()): string {
  const valid = new Set([-2, -1, 0, 1, 2].map((step) => totpCode(base32Secret, timestamp + step * PERIOD_SECONDS * 1000)));
  for (let candidate = 123456; ; candidate += 111111) {
    const code = String(candidate % 1_000_000).padStart(DIGITS, '0');
    if (!valid.has(code)) return code;
  }
}
