import { describe, expect, it } from 'vitest';
import { categoryAxisProps, seriesWithData } from './bar-chart-props';

describe('the shared bar chart', () => {
  const series = [{ name: 'pending' }, { name: 'in_payout' }, { name: 'paid' }];

  it('leaves a series with no data out of the chart and its legend', () => {
    const data = [
      { month: 'October-2026', pending: 120.5, in_payout: 0, paid: 0 },
      { month: 'November-2026', pending: 0, paid: 80 },
    ];
    expect(seriesWithData(data, series).map((entry) => entry.name)).toEqual(['pending', 'paid']);
  });

  it('keeps every series of a chart with no data at all', () => {
    expect(seriesWithData([{ month: 'October-2026', pending: 0 }], series)).toEqual(series);
  });

  it('labels every tick up to 24 (two years of months), turned past eight; a month of days keeps what fits', () => {
    const turned = { angle: -35, textAnchor: 'end', fontSize: 12, fill: 'currentColor', dy: 6 };
    expect(categoryAxisProps(6)).toEqual({ interval: 0 });
    expect(categoryAxisProps(12)).toEqual({ interval: 0, height: 72, tick: turned });
    expect(categoryAxisProps(24)).toMatchObject({ interval: 0 });
    expect(categoryAxisProps(30)).toEqual({ interval: 'preserveStartEnd', height: 72, tick: turned });
  });
});
