/**
 * What the shared BarChart does to every chart's props (issue 34): a series with no data gets no legend entry (an
 * "In payout" swatch with no bars asked where they were), and the category axis labels every bar, turned when they
 * are many, instead of recharts dropping every other month.
 */

/** Ticks beyond which the labels are turned so that each fits. */
const UPRIGHT_TICKS = 8;

/** The series that have a value other than zero somewhere in `data`; all of them when none has (the chart is empty). */
export function seriesWithData<Series extends { name: string }>(data: readonly Record<string, unknown>[], series: readonly Series[]): Series[] {
  const shown = series.filter((entry) => data.some((row) => Number(row[entry.name] ?? 0) !== 0));
  return shown.length > 0 ? shown : [...series];
}

/**
 * The category axis: every tick labelled (interval 0); past UPRIGHT_TICKS, the labels turned and given room below.
 * The turn goes in `tick`: Mantine's own tick props carry a transform that would replace an axis-level angle's.
 */
export function categoryAxisProps(tickCount: number): { interval: 0; height?: number; tick?: { angle: number; textAnchor: 'end'; fontSize: number; fill: string; dy: number } } {
  return tickCount > UPRIGHT_TICKS ? { interval: 0, height: 64, tick: { angle: -35, textAnchor: 'end', fontSize: 12, fill: 'currentColor', dy: 6 } } : { interval: 0 };
}
