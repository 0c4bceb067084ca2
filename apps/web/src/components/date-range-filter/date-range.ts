/**
 * Date arithmetic of the date-range filter (spec §2/§5), kept apart from the component so it is tested directly.
 * Every date is a 'YYYY-MM-DD' string in the user's calendar: the filter is about calendar days, not instants.
 */
import dayjs from 'dayjs';
import { FIRST_YEAR, ISO_DATE_FORMAT, QUICK_RANGE_DAYS } from '@portal/contracts/constants';
import { formatterFor } from '../../i18n/format';
import { currentLocale, sharedText } from '../../i18n/i18n';

export interface DateRange {
  /** 'YYYY-MM-DD', or '' for open */
  from: string;
  /** 'YYYY-MM-DD', or '' for open */
  to: string;
}

export const EMPTY_RANGE: DateRange = { from: '', to: '' };

export type DateRangePreset = 'today' | 'last-7-days' | 'this-month' | 'last-month' | 'this-quarter' | 'last-quarter';

/** The quick ranges' names (shared catalogue). */
export const PRESET_KEYS = {
  today: 'dateRange.today',
  'last-7-days': 'dateRange.last7Days',
  'this-month': 'dateRange.thisMonth',
  'last-month': 'dateRange.lastMonth',
  'this-quarter': 'dateRange.thisQuarter',
  'last-quarter': 'dateRange.lastQuarter',
} as const satisfies Record<DateRangePreset, string>;

export const PRESETS = Object.keys(PRESET_KEYS) as DateRangePreset[];

/** A quick range's name in the current language ('Last 7 days'). */
export function presetLabel(preset: DateRangePreset): string {
  return sharedText(PRESET_KEYS[preset]);
}

/** Dates as the current language writes them ('5 Mar 2024' in English, spec §9). */
function dates() {
  return formatterFor(currentLocale());
}

const iso = (date: dayjs.Dayjs) => date.format(ISO_DATE_FORMAT);

/**
 * The quick ranges. 'Last 7 days' is the 7 days ending today, today included (QUICK_RANGE_DAYS);
 * 'This month' is the whole calendar month, so appointments booked for later this month are in it.
 */
export function presetRange(preset: DateRangePreset, now: Date): DateRange {
  const today = dayjs(now).startOf('day');
  switch (preset) {
    case 'today':
      return { from: iso(today), to: iso(today) };
    case 'last-7-days':
      return { from: iso(today.subtract(QUICK_RANGE_DAYS - 1, 'day')), to: iso(today) };
    case 'this-month':
      return { from: iso(today.startOf('month')), to: iso(today.endOf('month')) };
    case 'last-month': {
      const previous = today.subtract(1, 'month');
      return { from: iso(previous.startOf('month')), to: iso(previous.endOf('month')) };
    }
    // Calendar quarters (spec §9 counts four): January–March, April–June, July–September, October–December.
    case 'this-quarter':
      return quarterRange(quarterStart(today));
    case 'last-quarter':
      return quarterRange(quarterStart(today).subtract(3, 'month'));
  }
}

/** The first day of the calendar quarter `day` falls in. */
function quarterStart(day: dayjs.Dayjs): dayjs.Dayjs {
  return day.startOf('month').month(Math.floor(day.month() / 3) * 3);
}

/** The three whole months from `start` (a quarter's first day). */
function quarterRange(start: dayjs.Dayjs): DateRange {
  return { from: iso(start), to: iso(start.add(2, 'month').endOf('month')) };
}

/** First to last day of the month that `month` ('YYYY-MM-DD', any day) falls in. */
export function monthRange(month: string): DateRange {
  const start = dayjs(month).startOf('month');
  return { from: iso(start), to: iso(start.endOf('month')) };
}

/** 1 January of `startYear` to 31 December of `endYear`. */
export function yearRange(startYear: number, endYear: number = startYear): DateRange {
  return { from: `${startYear}-01-01`, to: `${endYear}-12-31` };
}

/** FIRST_YEAR (2012) to the year of `now`, most recent first: the year you want is usually near the top. */
export function selectableYears(now: Date): number[] {
  const last = Math.max(FIRST_YEAR, dayjs(now).year());
  return Array.from({ length: last - FIRST_YEAR + 1 }, (_, index) => last - index);
}

/** Spec §5, word for word in English; dates read 'D MMM Y' ('5 Mar 2024'), the portal's date format. */
export function validateDateRange(range: DateRange): string | null {
  if (range.from && range.to && range.from > range.to) {
    return sharedText('dateRange.startAfterEnd', { start: dates().date(range.from), end: dates().date(range.to) });
  }
  return null;
}

/** Spec §5, word for word. */
export function validateYearRange(startYear: number, endYear: number): string | null {
  if (startYear > endYear) {
    return sharedText('dateRange.startYearAfterEnd', { start: startYear, end: endYear });
  }
  return null;
}

/**
 * A one-sided range is read as that one day: a start without an end means "that day", not "from then on",
 * which is what a user who clicks one day in the calendar and then Apply expects.
 */
export function completeRange(range: DateRange): DateRange {
  if (range.from && !range.to) return { from: range.from, to: range.from };
  if (!range.from && range.to) return { from: range.to, to: range.to };
  return range;
}

export function isSameRange(a: DateRange, b: DateRange): boolean {
  return a.from === b.from && a.to === b.to;
}

export function matchingPreset(range: DateRange, now: Date): DateRangePreset | null {
  return PRESETS.find((preset) => isSameRange(range, presetRange(preset, now))) ?? null;
}

export type RangeKind =
  | { kind: 'empty' }
  | { kind: 'preset'; preset: DateRangePreset }
  | { kind: 'month'; month: string }
  | { kind: 'years'; start: number; end: number }
  | { kind: 'custom' };

/** What an applied range is, so the filter names it and reopens on the matching panel. Presets win. */
export function classifyRange(range: DateRange, now: Date): RangeKind {
  if (!range.from && !range.to) return { kind: 'empty' };
  const preset = matchingPreset(range, now);
  if (preset) return { kind: 'preset', preset };
  if (range.from && range.to) {
    if (isSameRange(range, monthRange(range.from))) return { kind: 'month', month: range.from };
    const start = dayjs(range.from);
    const end = dayjs(range.to);
    if (start.isValid() && end.isValid() && isSameRange(range, yearRange(start.year(), end.year()))) {
      return { kind: 'years', start: start.year(), end: end.year() };
    }
  }
  return { kind: 'custom' };
}

/**
 * How the trigger names the applied range: a preset by its name, a whole month as 'MMMM-Y' ('March-2024'),
 * whole years as '2024' or '2020 – 2023', one day as '5 Mar 2024', anything else as 'from – to'.
 */
export function describeRange(range: DateRange, now: Date, emptyText: string): string {
  const kind = classifyRange(range, now);
  switch (kind.kind) {
    case 'empty':
      return emptyText;
    case 'preset':
      return presetLabel(kind.preset);
    case 'month':
      return dates().month(kind.month);
    case 'years':
      return kind.start === kind.end ? String(kind.start) : `${kind.start} – ${kind.end}`;
    case 'custom':
      if (range.from && range.from === range.to) return dates().date(range.from);
      return `${range.from ? dates().date(range.from) : '…'} – ${range.to ? dates().date(range.to) : '…'}`;
  }
}
