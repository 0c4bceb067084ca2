/**
 * What the shared BarChart does to every chart's props (issue 34): a series with no data gets no legend entry (an
 * "In payout" swatch with no bars asked where they were), and the category axis labels every bar, turned when they
 * are many, instead of recharts dropping every other month.
 */

/** Ticks beyond which the labels are turned so that each fits. */
const UPRIGHT_TICKS = 8;
/**
 * Ticks up to which every one is labelled: two years of months. A month of days (30 and more) would be a wall of
 * dates, so there recharts leaves out what does not fit, keeping the first and the last.
 */
const LABEL_EVERY_TICK = 24;

/** The series that have a value other than zero somewhere in `data`; all of them when none has (the chart is empty). */
export function seriesWithData<Series extends { name: string }>(data: readonly Record<string, unknown>[], series: readonly Series[]): Series[] {
  const shown = series.filter((entry) => data.some((row) => Number(row[entry.name] ?? 0) !== 0));
  return shown.length > 0 ? shown : [...series];
}

/**
 * The category axis: every tick labelled (interval 0); past UPRIGHT_TICKS, the labels turned and given room below.
 * Monthly charts (at most 24 months) label every month. The turn goes in `tick`: Mantine's own tick props carry a transform that would replace an axis-level angle's.
 */
export function categoryAxisProps(tickCount: number): {
  interval: 0 | 'preserveStartEnd';
  height?: number;
  tick?: { angle: number; textAnchor: 'end'; fontSize: number; fill: string; dy: number };
} {
  if (tickCount <= UPRIGHT_TICKS) return { interval: 0 };
  const turned = { height: 72, tick: { angle: -35, textAnchor: 'end' as const, fontSize: 12, fill: 'currentColor', dy: 6 } };
  return { interval: tickCount <= LABEL_EVERY_TICK ? 0 : 'preserveStartEnd', ...turned };
}
