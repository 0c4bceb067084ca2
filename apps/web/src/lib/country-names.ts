import type { Locale } from '../i18n/i18n';

/** Countries by name in the reader's language (Intl.DisplayNames), for every page that shows an ISO country code. */

const names = new Map<string, Intl.DisplayNames | null>();

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
  // Not from the console's contracts (isCountryCode): those hold the console's URLs, which partners' pages never load.
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return displayNames(locale)?.of(code) ?? code;
  } catch {
    return code;
  }
}
