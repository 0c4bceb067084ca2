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
import { DEFAULT_LOCALE, type Locale } from '@portal/contracts/preferences';
import { useLocale } from './i18n';

export interface Formatter {
  locale: Locale;
  /** The IANA zone times are shown in ('Asia/Dubai'). */
  timeZone: string;
  /** 1234567 → '1,234,567'; numeric strings are read exactly (no float rounding); anything else → '-'. */
  number: (value: number | string | null | undefined) => string;
  /** Two decimals, half away from zero, with the ISO code: 'USD 1,234.50'. */
  money: (amount: number | string | null | undefined, currency?: string | null) => string;
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

/** The zone this browser shows times in. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
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

const RELATIVE_UNITS = ['year', 'month', 'week', 'day', 'hour', 'minute'] as const;

const cache = new Map<Locale, Formatter>();

export function formatterFor(locale: Locale): Formatter {
  const cached = cache.get(locale);
  if (cached) return cached;
  const english = locale === DEFAULT_LOCALE;
  const timeZone = browserTimeZone();
  // Intl's formats are costly to build: one of each per language.
  const numberFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
  const dateFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  const timeFormat = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' });
  const fullFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' });
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
      const options: Intl.NumberFormatOptions = {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
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
    date: english ? formatDate : withDate((date) => dateFormat.format(date)),
    time: withDate((date) => timeFormat.format(date)),
    month: english ? formatMonth : withDate((date) => monthFormat.format(date)),
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
  cache.set(locale, formatter);
  return formatter;
}

/** The formatter of the current language; re-renders when it changes. */
export function useFormat(): Formatter {
  return formatterFor(useLocale());
}
