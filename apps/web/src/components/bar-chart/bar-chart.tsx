import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@mantine/core';
import type { BarChart as MantineBarChart } from '@mantine/charts';

/**
 * Mantine's BarChart, loaded when a chart is drawn, not with the page that holds it (docs/decisions.md, "Web weight"):
 * recharts and @mantine/charts are about 100 KB of compressed JavaScript, a third of a page's budget, and a chart
 * is never what a page needs first (its figures are in a sentence and a table beside it). Until the chunk is in,
 * the chart's place is held at its height, so nothing moves when it arrives.
 */
const LoadedBarChart = lazy(() => import('./bar-chart-loaded'));

export type BarChartProps = ComponentProps<typeof MantineBarChart>;

export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.h ?? 240} />}>
      <LoadedBarChart {...props} />
    </Suspense>
  );
}
