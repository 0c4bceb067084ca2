import { describe, expect, it } from 'vitest';
import { dashboardRangeQuerySchema, figureChange, rangeBuckets, resolveDashboardRange } from './dashboard.ts';

const parse = (query: Record<string, string>) => dashboardRangeQuerySchema.parse(query);

describe('resolveDashboardRange', () => {
  it('makes 30 days today and the 29 before, compared with the 30 days before those', () => {
    expect(resolveDashboardRange(parse({}), '2026-11-28')).toEqual({
      kind: '30d',
      from: '2026-10-30',
      to: '2026-11-28',
      previous_from: '2026-09-30',
      previous_to: '2026-10-29',
      days: 30,
      bucket: 'day',
    });
  });

  it('compares year to date with the same number of days just before 1 January, by week up to half a year', () => {
    const range = resolveDashboardRange(parse({ range: 'ytd' }), '2026-03-31');
    expect(range).toMatchObject({ from: '2026-01-01', to: '2026-03-31', days: 90, previous_from: '2025-10-03', previous_to: '2025-12-31', bucket: 'week' });
    expect(resolveDashboardRange(parse({ range: 'ytd' }), '2026-11-28').bucket).toBe('month');
  });

  it('takes a custom range as given, both days included, across a leap day', () => {
    expect(resolveDashboardRange(parse({ range: 'custom', from: '2028-02-28', to: '2028-03-01' }), '2026-11-28')).toMatchObject({
      days: 3,
      previous_from: '2028-02-25',
      previous_to: '2028-02-27',
    });
  });
});

describe('dashboardRangeQuerySchema', () => {
  it('refuses a custom range without both bounds, backwards, or longer than three years', () => {
    expect(dashboardRangeQuerySchema.safeParse({ range: 'custom', from: '2026-01-01' }).success).toBe(false);
    expect(dashboardRangeQuerySchema.safeParse({ range: 'custom', from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
    expect(dashboardRangeQuerySchema.safeParse({ range: 'custom', from: '2023-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(dashboardRangeQuerySchema.safeParse({ range: 'custom', from: '2022-12-31', to: '2026-01-01' }).success).toBe(false);
  });
});

describe('rangeBuckets', () => {
  it('starts the first week at the range even mid-week, then on Mondays', () => {
    expect(rangeBuckets({ from: '2026-11-05', to: '2026-11-20', bucket: 'week' })).toEqual(['2026-11-05', '2026-11-09', '2026-11-16']);
    expect(rangeBuckets({ from: '2026-01-15', to: '2026-03-02', bucket: 'month' })).toEqual(['2026-01-15', '2026-02-01', '2026-03-01']);
  });
});

describe('figureChange', () => {
  it('says "new" from nothing, −100 % down to nothing, and nothing when both are 0', () => {
    expect(figureChange({ current: 4, previous: 0 })).toEqual({ kind: 'new' });
    expect(figureChange({ current: 0, previous: 7 })).toEqual({ kind: 'percent', percent: -100 });
    expect(figureChange({ current: 15, previous: 12 })).toEqual({ kind: 'percent', percent: 25 });
    expect(figureChange({ current: 0, previous: 0 })).toEqual({ kind: 'none' });
  });
});
