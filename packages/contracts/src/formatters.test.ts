import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { BOOKING_ID_PREFIX, DATE_FORMAT, DAYJS_DATE_FORMAT } from './constants';
import {
  NEGATIVE_MINUTES_MESSAGE,
  formatAmount,
  formatBookingId,
  formatDate,
  formatDateComma,
  formatDateTime,
  formatDurationSeconds,
  formatMinutes,
  formatMinutesCompact,
  formatMoney,
  formatMonth,
  formatNumber,
  initials,
  relativeTime,
  truncate,
} from './formatters';

describe('date formats', () => {
  // Local-time inputs (no offset) so the expectations hold in every time zone.
  const date = '2024-03-05T14:07:09';

  it('formats D MMM Y', () => {
    expect(formatDate(date)).toBe('5 Mar 2024');
    expect(formatDate('2024-12-25')).toBe('25 Dec 2024');
    expect(formatDate(new Date(2024, 0, 1))).toBe('1 Jan 2024');
  });

  it('formats MMM, D Y', () => {
    expect(formatDateComma(date)).toBe('Mar, 5 2024');
  });

  it('formats MM, D YYYY hh:mm A with a 12-hour clock', () => {
    expect(formatDateTime(date)).toBe('03, 5 2024 02:07 PM');
    expect(formatDateTime('2024-03-05T00:05:00')).toBe('03, 5 2024 12:05 AM');
  });

  it('formats a month as MMMM-Y', () => {
    expect(formatMonth(date)).toBe('March-2024');
  });

  it('gives a dash for missing or unreadable dates', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value)).toBe('-');
      expect(formatDateComma(value)).toBe('-');
      expect(formatDateTime(value)).toBe('-');
      expect(formatMonth(value)).toBe('-');
    }
  });

  it('documents why the dayjs spellings exist: dayjs prints the spec spelling Y literally', () => {
    expect(dayjs('2024-03-05').format(DATE_FORMAT)).toBe('5 Mar Y');
    expect(dayjs('2024-03-05').format(DAYJS_DATE_FORMAT)).toBe('5 Mar 2024');
  });
});

describe('relativeTime', () => {
  const now = new Date(2024, 5, 15, 12, 0, 0);
  const ago = (amount: number, unit: dayjs.ManipulateType) => dayjs(now).subtract(amount, unit).toDate();

  it('says just now under a minute, and for future times', () => {
    expect(relativeTime(now, now)).toBe('just now');
    expect(relativeTime(ago(59, 'second'), now)).toBe('just now');
    expect(relativeTime(dayjs(now).add(5, 'minute').toDate(), now)).toBe('just now');
  });

  it('uses the largest whole unit, singular for one', () => {
    expect(relativeTime(ago(60, 'second'), now)).toBe('1 minute ago');
    expect(relativeTime(ago(59, 'minute'), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(1, 'hour'), now)).toBe('1 hour ago');
    expect(relativeTime(ago(23, 'hour'), now)).toBe('23 hours ago');
    expect(relativeTime(ago(1, 'day'), now)).toBe('1 day ago');
    expect(relativeTime(ago(6, 'day'), now)).toBe('6 days ago');
    expect(relativeTime(ago(7, 'day'), now)).toBe('1 week ago');
    expect(relativeTime(ago(3, 'week'), now)).toBe('3 weeks ago');
    expect(relativeTime(ago(1, 'month'), now)).toBe('1 month ago');
    expect(relativeTime(ago(11, 'month'), now)).toBe('11 months ago');
    expect(relativeTime(ago(1, 'year'), now)).toBe('1 year ago');
    expect(relativeTime(ago(12, 'year'), now)).toBe('12 years ago');
  });

  it('reads four weeks short of a calendar month as weeks', () => {
    expect(relativeTime(new Date(2024, 0, 31), new Date(2024, 1, 28))).toBe('4 weeks ago');
  });

  it('gives a dash for an unreadable date', () => {
    expect(relativeTime('nope', now)).toBe('-');
    expect(relativeTime(null, now)).toBe('-');
  });
});

describe('formatDurationSeconds', () => {
  it('gives N seconds below a minute', () => {
    expect(formatDurationSeconds(0)).toBe('0 seconds');
    expect(formatDurationSeconds(1)).toBe('1 second');
    expect(formatDurationSeconds(59)).toBe('59 seconds');
    expect(formatDurationSeconds(59.9)).toBe('59 seconds');
  });

  it('gives mm:ss min from one minute', () => {
    expect(formatDurationSeconds(60)).toBe('01:00 min');
    expect(formatDurationSeconds(307)).toBe('05:07 min');
    expect(formatDurationSeconds(3599)).toBe('59:59 min');
  });

  it('gives hh:mm:ss from one hour', () => {
    expect(formatDurationSeconds(3600)).toBe('01:00:00');
    expect(formatDurationSeconds(3723)).toBe('01:02:03');
    expect(formatDurationSeconds(360_000)).toBe('100:00:00');
  });

  it('reads negative or unreadable input as zero', () => {
    expect(formatDurationSeconds(-5)).toBe('0 seconds');
    expect(formatDurationSeconds(Number.NaN)).toBe('0 seconds');
  });
});

describe('formatMinutes', () => {
  it('gives minutes below 60', () => {
    expect(formatMinutes(0)).toBe('0 minutes');
    expect(formatMinutes(1)).toBe('1 minute');
    expect(formatMinutes(45)).toBe('45 minutes');
    expect(formatMinutes(59)).toBe('59 minutes');
  });

  it('gives hours from 60 to below 1440, floored to one decimal', () => {
    expect(formatMinutes(60)).toBe('1 hour');
    expect(formatMinutes(61)).toBe('1 hour');
    expect(formatMinutes(90)).toBe('1.5 hours');
    expect(formatMinutes(120)).toBe('2 hours');
    expect(formatMinutes(1439)).toBe('23.9 hours');
  });

  it('gives days from 1440', () => {
    expect(formatMinutes(1440)).toBe('1 day');
    expect(formatMinutes(2000)).toBe('1.3 days');
    expect(formatMinutes(4320)).toBe('3 days');
  });

  it('rounds to whole minutes before choosing the unit', () => {
    expect(formatMinutes(59.6)).toBe('1 hour');
    expect(formatMinutes(59.4)).toBe('59 minutes');
  });

  it('rejects negative minutes', () => {
    expect(() => formatMinutes(-1)).toThrow(new RangeError(NEGATIVE_MINUTES_MESSAGE));
  });
});

describe('formatMinutesCompact', () => {
  const day = 1440;
  const month = 30 * day;
  const year = 365 * day;

  it("gives '0mins' for zero", () => {
    expect(formatMinutesCompact(0)).toBe('0mins');
  });

  it('splits into yr/mo/day/hr/min with 30-day months and 365-day years', () => {
    expect(formatMinutesCompact(year + month + day + 60 + 1)).toBe('1yr 1mo 1day 1hr 1min');
    expect(formatMinutesCompact(2 * year + 2 * month + 3 * day + 4 * 60 + 5)).toBe('2yrs 2mos 3days 4hrs 5mins');
  });

  it('drops zero parts', () => {
    expect(formatMinutesCompact(year + 5)).toBe('1yr 5mins');
    expect(formatMinutesCompact(90)).toBe('1hr 30mins');
    expect(formatMinutesCompact(day)).toBe('1day');
  });

  it('treats 360 days as 12 months and 365 days as a year', () => {
    expect(formatMinutesCompact(360 * day)).toBe('12mos');
    expect(formatMinutesCompact(364 * day)).toBe('12mos 4days');
    expect(formatMinutesCompact(365 * day)).toBe('1yr');
  });

  it('throws the spec message for negative minutes', () => {
    expect(() => formatMinutesCompact(-1)).toThrow(RangeError);
    expect(() => formatMinutesCompact(-1)).toThrow('Invalid input: minutes cannot be negative');
  });

  it('rejects non-finite input', () => {
    expect(() => formatMinutesCompact(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatNumber', () => {
  it('adds comma thousands separators', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(1_234_567)).toBe('1,234,567');
    expect(formatNumber('1234567')).toBe('1,234,567');
  });

  it('keeps the sign and every decimal', () => {
    expect(formatNumber(-1234.5)).toBe('-1,234.5');
    expect(formatNumber('1234.567890')).toBe('1,234.567890');
    expect(formatNumber(0.1)).toBe('0.1');
  });

  it('expands exponent notation instead of printing it', () => {
    expect(formatNumber(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(formatNumber(1e-7)).toBe('0.0000001');
  });

  it('gives a dash for missing or non-numeric values', () => {
    expect(formatNumber(null)).toBe('-');
    expect(formatNumber(undefined)).toBe('-');
    expect(formatNumber('')).toBe('-');
    expect(formatNumber('abc')).toBe('-');
    expect(formatNumber(Number.NaN)).toBe('-');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('-');
  });
});

describe('formatAmount', () => {
  it('fixes string amounts to 2 decimals with separators', () => {
    expect(formatAmount('12')).toBe('12.00');
    expect(formatAmount('1234.5')).toBe('1,234.50');
    expect(formatAmount('1234567.891')).toBe('1,234,567.89');
    expect(formatAmount('0.1')).toBe('0.10');
    expect(formatAmount('.5')).toBe('0.50');
  });

  it('rounds half away from zero on the digits, not on floats', () => {
    expect(formatAmount('0.125')).toBe('0.13');
    expect(formatAmount('-0.125')).toBe('-0.13');
    expect(formatAmount('999.995')).toBe('1,000.00');
    expect(formatAmount(1.005)).toBe('1.01'); // (1.005).toFixed(2) is '1.00'
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatAmount('12345678901234567890.12')).toBe('12,345,678,901,234,567,890.12');
  });

  it('never shows a negative zero', () => {
    expect(formatAmount('-0.001')).toBe('0.00');
    expect(formatAmount(-0)).toBe('0.00');
  });

  it('gives a dash for missing or non-numeric amounts', () => {
    expect(formatAmount(null)).toBe('-');
    expect(formatAmount('12.3.4')).toBe('-');
  });
});

describe('formatMoney', () => {
  it('puts the currency code before the amount', () => {
    expect(formatMoney('1234.5', 'USD')).toBe('USD 1,234.50');
    expect(formatMoney(0, 'EUR')).toBe('EUR 0.00');
  });

  it('shows the amount alone without a currency, and a dash without an amount', () => {
    expect(formatMoney('5', null)).toBe('5.00');
    expect(formatMoney(null, 'USD')).toBe('-');
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('ada king lovelace')).toBe('AL');
    expect(initials('  ada   lovelace ')).toBe('AL');
  });

  it('handles one word, empty and missing names', () => {
    expect(initials('Ada')).toBe('A');
    expect(initials('')).toBe('');
    expect(initials('   ')).toBe('');
    expect(initials(null)).toBe('');
  });

  it('keeps whole characters', () => {
    expect(initials('élodie übel')).toBe('ÉÜ');
  });
});

describe('truncate', () => {
  it('keeps text up to the default 20 characters unchanged', () => {
    const twenty = 'a'.repeat(20);
    expect(truncate(twenty)).toBe(twenty);
    expect(truncate('short')).toBe('short');
  });

  it("cuts longer text to its first 20 characters and adds '...'", () => {
    expect(truncate('a'.repeat(21))).toBe(`${'a'.repeat(20)}...`);
    expect(truncate('The quick brown fox jumps over')).toBe('The quick brown fox...');
  });

  it('takes a custom length', () => {
    expect(truncate('Hello world', 5)).toBe('Hello...');
    expect(truncate('Hello', 5)).toBe('Hello');
  });

  it('does not split a character made of two code units', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀...');
  });

  it('gives an empty string for missing text', () => {
    expect(truncate(null)).toBe('');
    expect(truncate(undefined)).toBe('');
  });
});

describe('formatBookingId', () => {
  it('prefixes the ticket id', () => {
    expect(formatBookingId('12345')).toBe(`${BOOKING_ID_PREFIX}12345`);
    expect(formatBookingId(42)).toBe(`${BOOKING_ID_PREFIX}42`);
  });

  it('gives a dash when the ticket id is missing', () => {
    expect(formatBookingId(null)).toBe('-');
    expect(formatBookingId(undefined)).toBe('-');
    expect(formatBookingId('')).toBe('-');
  });

  it('does not prefix twice', () => {
    expect(formatBookingId(`${BOOKING_ID_PREFIX}7`)).toBe(`${BOOKING_ID_PREFIX}7`);
  });
});
