// The chart and its stylesheet, in a chunk of their own (bar-chart.tsx loads it when a chart is drawn).
import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';

export default BarChart;
