import Negotiator from 'negotiator';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@portal/contracts/preferences';

/**
 * Which language the server speaks to a request in, decided here only (docs/decisions.md, "Which language the
 * server answers in"):
 *   1. the signed-in person's saved language (users.locale, PATCH /api/user/preferences);
 *   2. otherwise the Accept-Language header (the SPA sends the language chosen on the public pages; a browser sends
 *      its own), best match by quality, 'ar-SA' matching 'ar';
 *   3. otherwise English.
 * Requests read it as `request.locale` (plugins/locale.ts); work done for a person outside a request (an operator's
 * approval e-mail, a notification to every partner of an agent) reads that person's saved language instead.
 */
export function resolveLocale(input: { saved?: string | null | undefined; acceptLanguage?: string | string[] | undefined }): Locale {
  if (isLocale(input.saved)) return input.saved;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The portal language an Accept-Language header prefers, or undefined when it names none of them. */
export function localeFromAcceptLanguage(header: string | string[] | undefined): Locale | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value || value.length > 1_000) return undefined;
  const best = new Negotiator({ headers: { 'accept-language': value } }).language([...LOCALES]);
  return isLocale(best) ? best : undefined;
}

/**
 * A calendar day as the server's texts (notifications, e-mails) write it: '1 Feb 2027', '١ فبراير ٢٠٢٧'. A 'YYYY-MM-DD'
 * string is that day; a Date is its UTC day (the programme's days change at midnight UTC).
 */
export function dayText(day: string | Date, locale: Locale): string {
  const at = typeof day === 'string' ? new Date(`${day}T00:00:00Z`) : day;
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(at);
}
