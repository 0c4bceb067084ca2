import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { isRightToLeft, type Locale } from '../../../i18n/i18n';

export const FALLBACK_PHONE_COUNTRY: CountryCode = 'AE';

export interface PhoneCountryOption {
  value: CountryCode;
  label: string;
  callingCode: string;
}

const cached = new Map<string, PhoneCountryOption[]>();

/** Every country libphonenumber knows, as "Name (+code)" in `locale`, sorted by name in that language. */
export function phoneCountryOptions(locale = 'en'): PhoneCountryOption[] {
  const known = cached.get(locale);
  if (known) return known;
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([locale], { type: 'region' }) : null;
  // In a right-to-left text '+971' would show as '971+': isolate it as left-to-right.
  const [plus, end] = isRightToLeft(locale as Locale) ? ['\u2066+', '\u2069'] : ['+', ''];
  const options = getCountries()
    .map((code) => {
      const callingCode = getCountryCallingCode(code);
      let name: string = code;
      try {
        name = names?.of(code) ?? code;
      } catch {
        name = code;
      }
      return { value: code, callingCode, label: `${name} (${plus}${callingCode}${end})` };
    })
    .sort((a, b) => a.label.localeCompare(b.label, locale));
  cached.set(locale, options);
  return options;
}

/** The region of the browser's language ('en-GB' → GB) when it names one we know, else the UAE. */
export function defaultPhoneCountry(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]): CountryCode {
  const known = new Set<string>(getCountries());
  for (const tag of languages) {
    const region = /^[a-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})\b/i.exec(tag)?.[1]?.toUpperCase();
    if (region && known.has(region)) return region as CountryCode;
  }
  return FALLBACK_PHONE_COUNTRY;
}

/** The number in E.164 (+971501234567), or the text as typed when it cannot be read. */
export function toE164(phone: string, country: string): string {
  const text = phone.trim();
  if (!text) return '';
  try {
    return parsePhoneNumberFromString(text, country as CountryCode)?.number ?? text;
  } catch {
    return text;
  }
}
