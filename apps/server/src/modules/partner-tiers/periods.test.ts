import { describe, expect, it } from 'vitest';
import { demotionEffectiveAt, periodContaining, periodDays, previousPeriod } from './periods.ts';

const at = (iso: string) => new Date(iso);

describe('evaluation periods (UTC calendar months, quarters and years)', () => {
  it.each([
    ['2026-11-27T10:00:00Z', 'month', '2026-11-01', '2026-12-01'],
    ['2026-11-27T10:00:00Z', 'quarter', '2026-10-01', '2027-01-01'],
    ['2026-01-01T00:00:00Z', 'quarter', '2026-01-01', '2026-04-01'],
    ['2026-03-31T23:59:59Z', 'quarter', '2026-01-01', '2026-04-01'],
    ['2026-11-27T10:00:00Z', 'year', '2026-01-01', '2027-01-01'],
  ] as const)('%s is in the %s from %s to %s (exclusive)', (instant, kind, start, end) => {
    expect(periodContaining(at(instant), kind)).toEqual({ start: at(`${start}T00:00:00Z`), end: at(`${end}T00:00:00Z`) });
  });

  it('finds the last complete period, across a year', () => {
    expect(previousPeriod(at('2026-01-15T00:00:00Z'), 'quarter')).toEqual({ start: at('2025-10-01T00:00:00Z'), end: at('2026-01-01T00:00:00Z') });
  });

  it.each([
    // noticed, kind, falls at: the end of the first period ending at least 30 days on
    ['2026-01-02T02:20:00Z', 'quarter', '2026-04-01'],
    ['2026-03-15T02:20:00Z', 'quarter', '2026-07-01'],
    ['2026-03-01T00:00:00Z', 'quarter', '2026-04-01'],
    ['2026-03-02T00:00:01Z', 'quarter', '2026-07-01'],
    ['2026-02-01T02:20:00Z', 'month', '2026-04-01'],
    ['2026-01-01T02:20:00Z', 'month', '2026-02-01'],
    ['2026-12-15T02:20:00Z', 'year', '2028-01-01'],
    ['2026-12-15T02:20:00Z', 'month', '2027-02-01'],
  ] as const)('a notice of %s (%s) demotes at %s', (noticed, kind, falls) => {
    expect(demotionEffectiveAt(at(noticed), kind, 30)).toEqual(at(`${falls}T00:00:00Z`));
  });

  it("counts the days left with today, and the period's last day inclusive", () => {
    const quarter = periodContaining(at('2026-12-30T08:00:00Z'), 'quarter');
    expect(periodDays(quarter, at('2026-12-30T08:00:00Z'))).toEqual({ starts_on: '2026-10-01', ends_on: '2026-12-31', days_left: 2 });
    expect(periodDays(quarter, at('2026-10-01T00:00:00Z')).days_left).toBe(92);
  });
});
