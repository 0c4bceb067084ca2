/**
 * Display formatters of spec §9, shared by the server (exports) and the SPA (tables, cards).
 *
 * Every function is pure: no clock is read unless the caller leaves out `now`, no locale or time zone is assumed
 * beyond the runtime's local zone that dayjs uses for dates without an offset.
 *
 * Missing or unreadable input gives EMPTY_VALUE ('-') rather than '' or 'Invalid Date', so a table cell never
 * looks broken and never silently blank.
 */
import dayjs, { type ConfigType } from 'dayjs';
import {
  BOOKING_ID_PREFIX,
  DAYJS_DATE_FORMAT,
  DAYJS_DATE_FORMAT_COMMA,
  DAYJS_DATE_TIME_FORMAT,
  DAYJS_MONTH_FORMAT,
  EMPTY_VALUE,
  TRUNCATE_LENGTH,
} from './constants';

/** Anything dayjs can read: a Date, a timestamp in ms, an ISO string, a dayjs object; null/undefined for "none". */
export type DateLike = ConfigType;

export const NEGATIVE_MINUTES_MESSAGE = 'Invalid input: minutes cannot be negative';

function toDayjs(value: DateLike): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : null;
}

function formatWith(value: DateLike, format: string): string {
  const parsed = toDayjs(value);
  return parsed ? parsed.format(format) : EMPTY_VALUE;
}

/** 'D MMM Y' → '5 Mar 2024'. */
export function formatDate(value: DateLike): string {
  return formatWith(value, DAYJS_DATE_FORMAT);
}

/** 'MMM, D Y' → 'Mar, 5 2024'. */
export function formatDateComma(value: DateLike): string {
  return formatWith(value, DAYJS_DATE_FORMAT_COMMA);
}

/** 'MM, D YYYY hh:mm A' → '03, 5 2024 02:07 PM' (the spec's own, odd-looking, format, kept as written). */
export function formatDateTime(value: DateLike): string {
  return formatWith(value, DAYJS_DATE_TIME_FORMAT);
}

/** 'MMMM-Y' → 'March-2024'. */
export function formatMonth(value: DateLike): string {
  return formatWith(value, DAYJS_MONTH_FORMAT);
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

const RELATIVE_UNITS = ['year', 'month', 'week', 'day', 'hour', 'minute'] as const;

/**
 * '3 days ago', '1 month ago' … down to minutes; 'just now' under a minute.
 * Calendar-aware (dayjs diff): 31 Jan → 28 Feb is 0 months, 28 days → '4 weeks ago'.
 * A time in the future also reads 'just now': the spec has no wording for it, and in practice it is clock
 * skew between the server that stamped the time and this device.
 */
export function relativeTime(value: DateLike, now: DateLike = new Date()): string {
  const date = toDayjs(value);
  const reference = toDayjs(now);
  if (!date || !reference) return EMPTY_VALUE;
  for (const unit of RELATIVE_UNITS) {
    const amount = reference.diff(date, unit);
    if (amount >= 1) return `${plural(amount, unit)} ago`;
  }
  return 'just now';
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * Durations (videos, lessons): 'hh:mm:ss' from one hour ('01:02:03', hours grow past 99 as needed),
 * 'mm:ss min' from one minute ('05:07 min'), else 'N seconds' ('1 second', '0 seconds').
 * Fractions are dropped (a 59.9 s clip has not reached a minute); negative or unreadable input reads as 0.
 */
export function formatDurationSeconds(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours >= 1) return `${pad2(hours)}:${pad2(minutes)}:${pad2(rest)}`;
  if (minutes >= 1) return `${pad2(minutes)}:${pad2(rest)} min`;
  return plural(rest, 'second');
}

function wholeMinutes(minutes: number): number {
  if (!Number.isFinite(minutes)) throw new RangeError('Invalid input: minutes must be a finite number');
  if (minutes < 0) throw new RangeError(NEGATIVE_MINUTES_MESSAGE);
  return Math.round(minutes);
}

/** Floors to one decimal without float drift, drops a trailing '.0': 15 tenths → '1.5', 20 tenths → '2'. */
function tenths(numerator: number, divisor: number): { text: string; isOne: boolean } {
  const count = Math.floor((numerator * 10) / divisor);
  const text = count % 10 === 0 ? String(count / 10) : `${Math.floor(count / 10)}.${count % 10}`;
  return { text, isOne: count === 10 };
}

/**
 * Minutes in the largest fitting unit, thresholds 60 and 1440 (spec §9):
 * below 60 → '45 minutes' ('1 minute', '0 minutes'); below 1440 → hours; from 1440 → days.
 * Hours and days keep one decimal, floored so the text never overstates and never reaches the next unit:
 * 90 → '1.5 hours', 1439 → '23.9 hours', 2000 → '1.3 days', 2880 → '2 days'.
 * Input is first rounded to whole minutes. Throws RangeError(NEGATIVE_MINUTES_MESSAGE) for negative input,
 * like formatMinutesCompact.
 */
export function formatMinutes(minutes: number): string {
  const value = wholeMinutes(minutes);
  if (value < 60) return plural(value, 'minute');
  if (value < 1440) {
    const hours = tenths(value, 60);
    return `${hours.text} hour${hours.isOne ? '' : 's'}`;
  }
  const days = tenths(value, 1440);
  return `${days.text} day${days.isOne ? '' : 's'}`;
}

const COMPACT_UNITS = [
  { label: 'yr', minutes: 365 * 1440 },
  { label: 'mo', minutes: 30 * 1440 },
  { label: 'day', minutes: 1440 },
  { label: 'hr', minutes: 60 },
  { label: 'min', minutes: 1 },
] as const;

/**
 * Compact duration with 365-day years and 30-day months: 1 yr 2 mo 3 days 4 hr 5 min →
 * '1yr 2mos 3days 4hrs 5mins'. Zero parts are dropped; a unit takes an 's' unless its count is 1, which is
 * also how zero reads '0mins' (spec §9). Input is rounded to whole minutes.
 * Throws RangeError('Invalid input: minutes cannot be negative') for negative input: the spec lists that text
 * as an error, and throwing keeps a negative duration from ever rendering as if it were a value; callers catch
 * it and show `error.message`.
 */
export function formatMinutesCompact(minutes: number): string {
  let rest = wholeMinutes(minutes);
  if (rest === 0) return '0mins';
  const parts: string[] = [];
  for (const unit of COMPACT_UNITS) {
    const count = Math.floor(rest / unit.minutes);
    rest -= count * unit.minutes;
    if (count > 0) parts.push(`${count}${unit.label}${count === 1 ? '' : 's'}`);
  }
  return parts.join(' ');
}

interface Decimal {
  negative: boolean;
  integer: string;
  fraction: string;
}

const DECIMAL_PATTERN = /^([+-])?(\d+\.?\d*|\.\d+)(?:e([+-]?\d+))?$/i;

/**
 * Reads a number or numeric string as digit strings, so '0.1' stays exactly 0.1 (no float arithmetic on money).
 * Numbers go through String(), which gives the shortest text that round-trips (0.1 + 0.2 → '0.30000000000000004',
 * 1e21 → '1e+21', expanded here).
 */
function parseDecimal(value: number | string | null | undefined): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = String(value).trim().replaceAll(',', '');
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, mantissa = '', exponentText] = match;
  const [integerPart = '', fractionPart = ''] = mantissa.split('.');
  const digits = integerPart + fractionPart;
  const point = integerPart.length + Number(exponentText ?? 0);
  let integer: string;
  let fraction: string;
  if (point <= 0) {
    integer = '0';
    fraction = '0'.repeat(-point) + digits;
  } else if (point >= digits.length) {
    integer = digits + '0'.repeat(point - digits.length);
    fraction = '';
  } else {
    integer = digits.slice(0, point);
    fraction = digits.slice(point);
  }
  integer = integer.replace(/^0+(?=\d)/, '') || '0';
  return { negative: sign === '-', integer, fraction };
}

/** Rounds half away from zero (0.125 → 0.13, -0.125 → -0.13), the way amounts are rounded on invoices. */
function roundDecimal(decimal: Decimal, places: number): Decimal {
  if (decimal.fraction.length <= places) {
    return { ...decimal, fraction: decimal.fraction.padEnd(places, '0') };
  }
  const roundUp = (decimal.fraction[places] ?? '0') >= '5';
  const scaled = BigInt(decimal.integer + decimal.fraction.slice(0, places)) + (roundUp ? 1n : 0n);
  const text = scaled.toString().padStart(places + 1, '0');
  return {
    negative: decimal.negative,
    integer: places === 0 ? text : text.slice(0, -places),
    fraction: places === 0 ? '' : text.slice(-places),
  };
}

function renderDecimal({ negative, integer, fraction }: Decimal): string {
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const isZero = /^0*$/.test(integer + fraction);
  // '-0.00' would read as a debt of nothing.
  return `${negative && !isZero ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Comma thousands separators, sign and every decimal kept: 1234567 → '1,234,567', '-1234.5' → '-1,234.5'.
 * Accepts numbers and numeric strings (existing commas are ignored); anything else gives '-'.
 */
export function formatNumber(value: number | string | null | undefined): string {
  const decimal = parseDecimal(value);
  return decimal ? renderDecimal(decimal) : EMPTY_VALUE;
}

/**
 * An amount with exactly 2 decimals and thousands separators: '12' → '12.00', '1234.5' → '1,234.50',
 * '0.125' → '0.13'. Works on the digits, never on a float, so '0.1' is 0.10 and 1.005 is 1.01.
 */
export function formatAmount(value: number | string | null | undefined): string {
  const decimal = parseDecimal(value);
  return decimal ? renderDecimal(roundDecimal(decimal, 2)) : EMPTY_VALUE;
}

/** 'USD 1,234.50': the ISO currency code, a space, the amount. Without a currency, the amount alone. */
export function formatMoney(amount: number | string | null | undefined, currency?: string | null): string {
  const formatted = formatAmount(amount);
  if (formatted === EMPTY_VALUE) return EMPTY_VALUE;
  const code = currency?.trim();
  return code ? `${code} ${formatted}` : formatted;
}

/** 'Ada Lovelace' → 'AL', 'Ada' → 'A', 'ada king lovelace' → 'AL', '' → ''. Whole code points (emoji, accents). */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string) => (Array.from(word)[0] ?? '').toUpperCase();
  return letter(first) + (last ? letter(last) : '');
}

/**
 * Keeps the first `length` characters and adds '...' when the text is longer: a 20-character text is returned
 * unchanged, a 21-character one becomes its first 20 characters (less trailing spaces) + '...'.
 * Counts code points, so an emoji is never cut in half.
 */
export function truncate(text: string | null | undefined, length: number = TRUNCATE_LENGTH): string {
  const characters = Array.from(text ?? '');
  if (characters.length <= length) return characters.join('');
  return `${characters.slice(0, Math.max(0, length)).join('').trimEnd()}...`;
}

/**
 * The Booking Id column: BOOKING_ID_PREFIX + ticket id, or '-' when there is none. An id that already carries the
 * prefix is not prefixed twice.
 */
export function formatBookingId(ticketId: string | number | null | undefined): string {
  const id = ticketId === null || ticketId === undefined ? '' : String(ticketId).trim();
  if (!id) return EMPTY_VALUE;
  return id.startsWith(BOOKING_ID_PREFIX) ? id : `${BOOKING_ID_PREFIX}${id}`;
}
