import currencyCodes from 'currency-codes';

/**
 * Money as the portal keeps it: integer minor units of an ISO 4217 currency (cents, fils), never floats. Decimal
 * strings are what people type and read ('550.50'); these convert between the two exactly, by digits, not by
 * multiplying floats (0.29 * 100 is 28.999999999999996).
 */

/** A decimal amount as the API writes it: its currency's decimals, none for yen ('1234.50', '150000', '-12.500'). */
export const DECIMAL_AMOUNT_PATTERN = /^-?\d+(\.\d{1,4})?$/;

/** Every ISO 4217 currency the platform knows ('AED', 'EUR', …), from Intl. */
export const CURRENCY_CODES: readonly string[] = Intl.supportedValuesOf('currency');
const KNOWN_CURRENCIES = new Set(CURRENCY_CODES);

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && KNOWN_CURRENCIES.has(value);
}

/**
 * How many decimals the currency's minor unit has, its ISO 4217 exponent: 2 for EUR, 0 for JPY and KRW, 3 for KWD and
 * BHD (the ISO list of `currency-codes`; Intl's display digits differ for a few, IQD and HUF among them). The database
 * has the same list in `currency_minor_digits` (migration 0028; a test compares them); a code ISO does not list (a
 * withdrawn one Intl still knows) falls back to Intl's digits.
 */
export function minorDigits(currency: string): number {
  return currencyCodes.code(currency)?.digits ?? new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * '550.5' in AED → 55050, '150000.00' in JPY → 150000 (zeros past the currency's decimals add no precision); null
 * when the amount needs more decimals than the currency has ('1.5' yen), or is not a plain decimal. Never a guess.
 */
export function decimalToMinor(amount: string, currency: string): number | null {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match) return null;
  const digits = minorDigits(currency);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return null;
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Whether `amount` (a plain decimal) is a whole number of the currency's minor units: what a booking may be. */
export function fitsCurrency(amount: string, currency: string): boolean {
  return decimalToMinor(amount, currency) !== null;
}

/** 55050 in AED → '550.50': the amount with exactly the currency's decimals, for formatting or a form's field. */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const magnitude = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${magnitude}` : `${sign}${magnitude.slice(0, -digits)}.${magnitude.slice(-digits)}`;
}
