import { describe, expect, it } from 'vitest';
import {
  EMPTY_RANGE,
  classifyRange,
  completeRange,
  describeRange,
  monthRange,
  presetRange,
  selectableYears,
  validateDateRange,
  validateYearRange,
  yearRange,
} from './date-range';

// Friday 15 March 2024, mid-afternoon local time; 2024 is a leap year.
const now = new Date(2024, 2, 15, 15, 30);

describe('presetRange', () => {
  it('gives today as a one-day range', () => {
    expect(presetRange('today', now)).toEqual({ from: '2024-03-15', to: '2024-03-15' });
  });

  it('gives the last 7 days ending today, today included', () => {
    expect(presetRange('last-7-days', now)).toEqual({ from: '2024-03-09', to: '2024-03-15' });
  });

  it('gives the whole of this month and of last month', () => {
    expect(presetRange('this-month', now)).toEqual({ from: '2024-03-01', to: '2024-03-31' });
    expect(presetRange('last-month', now)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('gives whole calendar quarters: this one and the one before', () => {
    expect(presetRange('this-quarter', now)).toEqual({ from: '2024-01-01', to: '2024-03-31' });
    expect(presetRange('last-quarter', now)).toEqual({ from: '2023-10-01', to: '2023-12-31' });
    const august = new Date(2026, 7, 20);
    expect(presetRange('this-quarter', august)).toEqual({ from: '2026-07-01', to: '2026-09-30' });
    expect(presetRange('last-quarter', august)).toEqual({ from: '2026-04-01', to: '2026-06-30' });
  });

  it('crosses year boundaries', () => {
    const newYear = new Date(2025, 0, 3);
    expect(presetRange('last-quarter', newYear)).toEqual({ from: '2024-10-01', to: '2024-12-31' });
    expect(presetRange('last-month', newYear)).toEqual({ from: '2024-12-01', to: '2024-12-31' });
    expect(presetRange('last-7-days', newYear)).toEqual({ from: '2024-12-28', to: '2025-01-03' });
  });
});

describe('month and year ranges', () => {
  it('spans a month from any of its days', () => {
    expect(monthRange('2023-02-14')).toEqual({ from: '2023-02-01', to: '2023-02-28' });
  });

  it('spans whole years', () => {
    expect(yearRange(2019)).toEqual({ from: '2019-01-01', to: '2019-12-31' });
    expect(yearRange(2018, 2020)).toEqual({ from: '2018-01-01', to: '2020-12-31' });
  });

  it('offers the years from 2012 to the current year, most recent first', () => {
    const years = selectableYears(now);
    expect(years[0]).toBe(2024);
    expect(years.at(-1)).toBe(2012);
    expect(years).toHaveLength(13);
  });
});

describe('validation messages (spec §5)', () => {
  it('rejects a start date after the end date, with dates as D MMM Y', () => {
    expect(validateDateRange({ from: '2024-03-20', to: '2024-03-05' })).toBe(
      'Error ! Start Date 20 Mar 2024 should not be greater than end date 5 Mar 2024',
    );
  });

  it('accepts ordered, equal and open ranges', () => {
    expect(validateDateRange({ from: '2024-03-05', to: '2024-03-20' })).toBeNull();
    expect(validateDateRange({ from: '2024-03-05', to: '2024-03-05' })).toBeNull();
    expect(validateDateRange({ from: '2024-03-05', to: '' })).toBeNull();
    expect(validateDateRange(EMPTY_RANGE)).toBeNull();
  });

  it('rejects a start year after the end year', () => {
    expect(validateYearRange(2022, 2018)).toBe('Error ! Start Year 2022 should not be greater than end Year 2018');
    expect(validateYearRange(2018, 2018)).toBeNull();
  });
});

describe('completeRange', () => {
  it('reads one chosen day as that day', () => {
    expect(completeRange({ from: '2024-03-05', to: '' })).toEqual({ from: '2024-03-05', to: '2024-03-05' });
    expect(completeRange({ from: '', to: '2024-03-05' })).toEqual({ from: '2024-03-05', to: '2024-03-05' });
    expect(completeRange(EMPTY_RANGE)).toEqual(EMPTY_RANGE);
  });
});

describe('describeRange', () => {
  it('names presets, months, years, days and spans', () => {
    expect(describeRange(EMPTY_RANGE, now, 'All dates')).toBe('All dates');
    expect(describeRange(presetRange('last-7-days', now), now, '')).toBe('Last 7 days');
    expect(describeRange(presetRange('this-month', now), now, '')).toBe('This month');
    expect(describeRange(monthRange('2023-07-01'), now, '')).toBe('July-2023');
    expect(describeRange(yearRange(2019), now, '')).toBe('2019');
    expect(describeRange(yearRange(2018, 2020), now, '')).toBe('2018 – 2020');
    expect(describeRange({ from: '2024-01-05', to: '2024-01-05' }, now, '')).toBe('5 Jan 2024');
    expect(describeRange({ from: '2024-01-05', to: '2024-02-10' }, now, '')).toBe('5 Jan 2024 – 10 Feb 2024');
    expect(describeRange({ from: '2024-01-05', to: '' }, now, '')).toBe('5 Jan 2024 – …');
  });

  it('classifies ranges for reopening on the right panel', () => {
    expect(classifyRange(presetRange('today', now), now)).toEqual({ kind: 'preset', preset: 'today' });
    expect(classifyRange(monthRange('2020-05-09'), now)).toEqual({ kind: 'month', month: '2020-05-01' });
    expect(classifyRange(yearRange(2015, 2016), now)).toEqual({ kind: 'years', start: 2015, end: 2016 });
    expect(classifyRange({ from: '2024-01-02', to: '2024-01-09' }, now)).toEqual({ kind: 'custom' });
  });
});
