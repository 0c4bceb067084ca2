import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

export const FALLBACK_PHONE_COUNTRY: CountryCode = 'AE';

export interface PhoneCountryOption {
  value: CountryCode;
  label: string;
  callingCode: string;
}

let cached: PhoneCountryOption[] | null = null;

/** Every country libphonenumber knows, as "Name (+code)", sorted by name. */
export function phoneCountryOptions(): PhoneCountryOption[] {
  if (cached) return cached;
  const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
  cached = getCountries()
    .map((code) => {
      const callingCode = getCountryCallingCode(code);
      let name: string = code;
      try {
        name = names?.of(code) ?? code;
      } catch {
        name = code;
      }
      return { value: code, callingCode, label: `${name} (+${callingCode})` };
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return cached;
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
