/**
 * Dates, times, numbers and money in the reader's language, through Intl. English keeps the spec's own date
 * formats (spec §9: 'D MMM Y' → '5 Mar 2024', 'MMMM-Y' → 'March-2024', '3 days ago'), which Intl's English does
 * not produce exactly (en-GB writes 'Sept'); every other language gets Intl's forms for the same fields.
 *
 * Times are shown in the viewer's time zone (`timeZone`), and pages that show times say which it is.
 */
import dayjs from 'dayjs';
import { EMPTY_VALUE } from '@portal/contracts/constants';
import { formatDate, formatMonth, relativeTime, type DateLike } from '@portal/contracts/formatters';
import { isCurrencyCode, minorDigits, minorToDecimal } from '@portal/contracts/money';
import { DEFAULT_LOCALE, type Locale } from '@portal/contracts/preferences';
import { useLocale } from './i18n';
import { useViewerTimeZone, viewerTimeZone } from './time-zone';

export interface Formatter {
  locale: Locale;
  /** The IANA zone times are shown in ('Asia/Dubai'). */
  timeZone: string;
  /** 1234567 → '1,234,567'; numeric strings are read exactly (no float rounding); anything else → '-'. */
  number: (value: number | string | null | undefined) => string;
  /** Two decimals, half away from zero, with the ISO code: 'USD 1,234.50'. */
  money: (amount: number | string | null | undefined, currency?: string | null) => string;
  /** An amount kept in integer minor units (cents, fils), as `money` shows it: 55050 AED → 'AED 550.50'. */
  moneyMinor: (minor: number, currency: string) => string;
  /** A calendar date: '5 Mar 2024' (English, spec §9). */
  date: (value: DateLike) => string;
  /** The time of day, 24-hour: '14:30'. */
  time: (value: DateLike) => string;
  /** A month: 'March-2024' (English, spec §9). */
  month: (value: DateLike) => string;
  /** '3 days ago', 'just now' (English, spec §9). */
  relative: (value: DateLike, now?: DateLike) => string;
  /** Date and time in full, for a tooltip: '5 March 2024 at 14:30'. */
  full: (value: DateLike) => string;
}

function toDate(value: DateLike): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.toDate() : null;
}

/** A numeric string as Intl reads it exactly ('1,234.5' → '1234.5'), or a finite number; null for anything else. */
function toNumeric(value: number | string | null | undefined): number | string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replaceAll(',', '');
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? text : null;
}

/** '2024-03-05' or '2024-03': a day or month of the calendar, not an instant, so the same in every zone. */
function isCalendarDate(value: DateLike): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}(-\d{2})?$/.test(value);
}

/**
 * The spec's English formats (dayjs, which knows only the runtime's zone) applied to the calendar day `zone` is on:
 * the day's numbers come from Intl in that zone, and dayjs writes them as '5 Mar 2024' / 'March-2024'.
 */
function inZone(format: (value: DateLike) => string, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: zone });
  return (value: DateLike) => {
    if (isCalendarDate(value)) return format(value);
    const date = toDate(value);
    if (!date) return EMPTY_VALUE;
    const fields = Object.fromEntries(parts.formatToParts(date).map((part) => [part.type, Number(part.value)]));
    return format(new Date(fields.year!, fields.month! - 1, fields.day!));
  };
}

const RELATIVE_UNITS = ['year', 'month', 'week', 'day', 'hour', 'minute'] as const;

const cache = new Map<string, Formatter>();

export function formatterFor(locale: Locale, timeZone: string = viewerTimeZone()): Formatter {
  const key = `${locale} ${timeZone}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const english = locale === DEFAULT_LOCALE;
  // Intl's formats are costly to build: one of each per language and zone.
  const numberFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
  const dateFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone });
  const localDateFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  const timeFormat = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone });
  const localMonthFormat = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  const fullFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone });
  const relativeFormat = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });

  const withDate = (format: (date: Date) => string) => (value: DateLike) => {
    const date = toDate(value);
    return date ? format(date) : EMPTY_VALUE;
  };

  const formatter: Formatter = {
    locale,
    timeZone,
    number: (value) => {
      const numeric = toNumeric(value);
      if (numeric === null) return EMPTY_VALUE;
      // A decimal string keeps the decimals it was given ('1234.80' → '1,234.80', an exact sum of amounts).
      const decimals = typeof numeric === 'string' ? (/\.(\d+)/.exec(numeric)?.[1]?.length ?? 0) : 0;
      const format = decimals > 0 ? new Intl.NumberFormat(locale, { minimumFractionDigits: Math.min(decimals, 20), maximumFractionDigits: 20 }) : numberFormat;
      // Intl accepts exact decimal strings (Intl.NumberFormat v3); the types only know number and bigint.
      return format.format(numeric as number);
    },
    money: (amount, currency) => {
      const numeric = toNumeric(amount);
      if (numeric === null) return EMPTY_VALUE;
      const code = currency?.trim();
      // Each currency with its own decimals (ISO 4217: yen 0, dinar 3): a KWD threshold of 3,000.125 is not 3,000.13.
      const digits = code && isCurrencyCode(code) ? minorDigits(code) : 2;
      const options: Intl.NumberFormatOptions = {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
        roundingMode: 'halfExpand',
        // '-0.00' would read as a debt of nothing.
        signDisplay: 'negative',
      };
      if (code) {
        try {
          return new Intl.NumberFormat(locale, { ...options, style: 'currency', currency: code, currencyDisplay: 'code' }).format(numeric as number);
        } catch {
          // Not an ISO 4217 code Intl knows: the code as written, then the amount.
          return `${code} ${new Intl.NumberFormat(locale, options).format(numeric as number)}`;
        }
      }
      return new Intl.NumberFormat(locale, options).format(numeric as number);
    },
    // Through `formatter`, not `this`: the functions are passed around on their own.
    moneyMinor: (minor, currency) => formatter.money(minorToDecimal(minor, currency), currency),
    date: english
      ? inZone(formatDate, timeZone)
      : (value) => (isCalendarDate(value) ? localDateFormat.format(dayjs(value).toDate()) : withDate((date) => dateFormat.format(date))(value)),
    time: withDate((date) => timeFormat.format(date)),
    month: english
      ? inZone(formatMonth, timeZone)
      : (value) => (isCalendarDate(value) ? localMonthFormat.format(dayjs(value).toDate()) : withDate((date) => monthFormat.format(date))(value)),
    relative: (value, now = new Date()) => {
      if (english) return relativeTime(value, now);
      const date = toDate(value);
      const reference = toDate(now);
      if (!date || !reference) return EMPTY_VALUE;
      for (const unit of RELATIVE_UNITS) {
        const amount = dayjs(reference).diff(date, unit);
        if (amount >= 1) return relativeFormat.format(-amount, unit);
      }
      return relativeFormat.format(0, 'second');
    },
    full: withDate((date) => fullFormat.format(date)),
  };
  cache.set(key, formatter);
  return formatter;
}

/** The formatter of the current language and the viewer's zone; re-renders when either changes. */
export function useFormat(): Formatter {
  return formatterFor(useLocale(), useViewerTimeZone());
}
