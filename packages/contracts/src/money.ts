/**
 * Money as the portal keeps it: integer minor units of an ISO 4217 currency (cents, fils), never floats. Decimal
 * strings are what people type and read ('550.50'); these convert between the two exactly, by digits, not by
 * multiplying floats (0.29 * 100 is 28.999999999999996).
 */

/** Every ISO 4217 currency the platform knows ('AED', 'EUR', …), from Intl. */
export const CURRENCY_CODES: readonly string[] = Intl.supportedValuesOf('currency');
const KNOWN_CURRENCIES = new Set(CURRENCY_CODES);

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && KNOWN_CURRENCIES.has(value);
}

/** How many decimals the currency has: 2 for EUR, 0 for JPY, 3 for KWD (from the platform's ISO data). */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** '550.5' in AED → 55050; null when the amount has more decimals than the currency, or is not a plain decimal. */
export function decimalToMinor(amount: string, currency: string): number | null {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match) return null;
  const digits = minorDigits(currency);
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** 55050 in AED → '550.50': the amount with exactly the currency's decimals, for formatting or a form's field. */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const magnitude = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${magnitude}` : `${sign}${magnitude.slice(0, -digits)}.${magnitude.slice(-digits)}`;
}
