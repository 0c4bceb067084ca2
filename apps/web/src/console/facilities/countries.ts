import { COUNTRY_CODES } from '@portal/contracts/console-facilities';
import type { Locale } from '../../i18n/i18n';
import { countryName } from '../../lib/country-names';

export { countryName };

/** Countries as the facility pages show them: each ISO code by its name in the reader's language (Intl.DisplayNames). */

export interface CountryOption {
  value: string;
  label: string;
}

const options = new Map<string, CountryOption[]>();

/** Every country, by name in `locale`, sorted in that language. */
export function countryOptions(locale: Locale): CountryOption[] {
  const known = options.get(locale);
  if (known) return known;
  const list = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort((a, b) => a.label.localeCompare(b.label, locale));
  options.set(locale, list);
  return list;
}
