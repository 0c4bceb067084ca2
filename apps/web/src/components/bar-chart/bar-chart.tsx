import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@mantine/core';
import type { BarChart as MantineBarChart } from '@mantine/charts';
import { categoryAxisProps, seriesWithData } from './bar-chart-props';

/**
 * Mantine's BarChart, loaded when a chart is drawn, not with the page that holds it (docs/decisions.md, "Web weight"):
 * recharts and @mantine/charts are about 100 KB of compressed JavaScript, a third of a page's budget, and a chart
 * is never what a page needs first (its figures are in a sentence and a table beside it). Until the chunk is in,
 * the chart's place is held at its height, so nothing moves when it arrives.
 *
 * Every chart also gets (bar-chart-props.ts): no legend entry for a series without data, and a label on every bar
 * of the category axis (the page passes the spec's date or month text as the category).
 */
const LoadedBarChart = lazy(() => import('./bar-chart-loaded'));

export type BarChartProps = ComponentProps<typeof MantineBarChart>;

export function BarChart({ data, series, xAxisProps, ...props }: BarChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.h ?? 240} />}>
      <LoadedBarChart {...props} data={data} series={seriesWithData(data, series)} xAxisProps={{ ...categoryAxisProps(data.length), ...xAxisProps }} />
    </Suspense>
  );
}
