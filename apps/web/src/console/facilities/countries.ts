import { COUNTRY_CODES, isCountryCode } from '@portal/contracts/console-facilities';
import type { Locale } from '../../i18n/i18n';

/** Countries as the facility pages show them: each ISO code by its name in the reader's language (Intl.DisplayNames). */

export interface CountryOption {
  value: string;
  label: string;
}

const names = new Map<string, Intl.DisplayNames | null>();
const options = new Map<string, CountryOption[]>();

function displayNames(locale: Locale): Intl.DisplayNames | null {
  if (!names.has(locale)) {
    names.set(locale, typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }) : null);
  }
  return names.get(locale) ?? null;
}

/**
 * The name of `code` in `locale` ('AE' → 'United Arab Emirates', 'الإمارات العربية المتحدة'); a value that is not
 * a known code (a country written as a name before migration 0009 knew it) as it is.
 */
export function countryName(code: string, locale: Locale): string {
  if (!isCountryCode(code)) return code;
  try {
    return displayNames(locale)?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country, by name in `locale`, sorted in that language. */
export function countryOptions(locale: Locale): CountryOption[] {
  const known = options.get(locale);
  if (known) return known;
  const list = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort((a, b) => a.label.localeCompare(b.label, locale));
  options.set(locale, list);
  return list;
}
