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
 * The ISO 4217 exponents that are not 2 (ISO's list one, as the `currency-codes` package publishes it; the contracts'
 * money test checks this table against that package, a development dependency only, so the SPA does not download the
 * whole ISO list). Every other listed currency has 2.
 */
export const ISO_4217_EXPONENTS_NOT_TWO: Readonly<Record<string, number>> = Object.fromEntries([
  ...['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XAG', 'XAU', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XOF', 'XPD', 'XPF', 'XPT', 'XSU', 'XTS', 'XUA', 'XXX'].map((code) => [code, 0]),
  ...['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'].map((code) => [code, 3]),
  ...['CLF', 'UYW'].map((code) => [code, 4]),
]);

/**
 * How many decimals the currency's minor unit has, its ISO 4217 exponent: 2 for EUR, 0 for JPY and KRW, 3 for KWD and
 * BHD (Intl's display digits differ for a few, IQD and HUF among them, so the exponents come from ISO's list above).
 * The database has the same list in `currency_minor_digits` (migration 0028; a test compares them).
 */
export function minorDigits(currency: string): number {
  return ISO_4217_EXPONENTS_NOT_TWO[currency] ?? 2;
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
