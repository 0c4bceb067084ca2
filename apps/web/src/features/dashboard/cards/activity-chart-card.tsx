import { useMemo, useState, type ReactNode } from 'react';
import { BarChart } from '../../../components/bar-chart/bar-chart';
import { Button, Group, NativeSelect, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import type { BookingKpis, DashboardBucket, EarningsKpis, ResolvedRange } from '@portal/contracts/dashboard';
import { minorDigits } from '@portal/contracts/money';
import { useFormat, type Formatter } from '../../../i18n/format';
import { useLocale, useText } from '../../../i18n/i18n';
import { useDashboardCard, type DashboardCardProps } from '../../../lib/dashboard-cards';
import { useAuthStore, userCan } from '../../../stores/auth-store';
import { CardContent, CardSection, cardState } from '../components/dashboard-card-frame';

type ChartView = 'bookings' | 'earnings';

const BOOKING_SERIES = [
  { name: 'referred', color: 'blue.6' },
  { name: 'completed', color: 'teal.7' },
] as const;
// The earnings page's hues for the same statuses (features/earnings), so a status reads the same on both pages.
const EARNINGS_SERIES = [
  { name: 'pending', color: 'yellow.6' },
  { name: 'approved', color: 'cyan.6' },
  { name: 'paid', color: 'green.7' },
] as const;

/**
 * The range's bookings (referred, completed) or earnings (pending, approved, paid, in one currency at a time) per
 * day, week or month, as the server buckets them. Each view is offered to a member whose role may read it, and asks
 * for nothing else: finance, without referrals.read, gets the earnings alone. As on My earnings, a sentence says
 * what the chart shows and "Show as table" gives its figures; the drawing itself is hidden from screen readers and
 * out of the tab order.
 */
export function ActivityChartCard({ range }: DashboardCardProps) {
  const t = useText('dashboard');
  const seesBookings = useAuthStore((state) => userCan(state.user, 'referrals.read'));
  const seesEarnings = useAuthStore((state) => userCan(state.user, 'earnings.read'));
  const views: ChartView[] = [...(seesBookings ? ['bookings' as const] : []), ...(seesEarnings ? ['earnings' as const] : [])];
  const [chosen, setChosen] = useState<ChartView | null>(null);
  const [asTable, setAsTable] = useState(false);
  const view = chosen && views.includes(chosen) ? chosen : views[0];
  if (!view) return null;

  // The section and its switches stay while the chosen view's figures load: a switch keeps its focus.
  return (
    <CardSection
      title={t('chart.title')}
      toolbar={
        <Group gap="xs" wrap="wrap">
          {views.length > 1 ? (
            <SegmentedControl
              aria-label={t('chart.show')}
              size="xs"
              value={view}
              onChange={(value) => setChosen(value as ChartView)}
              data={views.map((value) => ({ value, label: t(`chart.${value}`) }))}
            />
          ) : null}
          <Button size="xs" variant="default" onClick={() => setAsTable((value) => !value)} aria-pressed={asTable}>
            {asTable ? t('chart.asChart') : t('chart.asTable')}
          </Button>
        </Group>
      }
    >
      {view === 'bookings' ? <BookingsChart range={range} asTable={asTable} /> : <EarningsChart range={range} asTable={asTable} />}
    </CardSection>
  );
}

interface ViewProps extends DashboardCardProps {
  asTable: boolean;
}

/** A bucket's names: under the bars ('31 Oct 2026', 'October-2026'), and in the table and the sentences ('Week of …'). */
function useBucketLabels(bucket: DashboardBucket) {
  const t = useText('dashboard');
  const format = useFormat();
  return useMemo(() => {
    // The axis writes the spec's formats (§9), as every other date on the page does: '31 Oct 2026' for a day or a
    // week's first day, 'October-2026' for a month. The buckets are calendar days ('YYYY-MM-DD'), which the
    // formatter reads as such, so no zone moves them a day.
    return {
      short: (start: string) => (bucket === 'month' ? format.month(start) : format.date(start)),
      full: (start: string) => (bucket === 'month' ? format.month(start) : bucket === 'week' ? t('chart.weekOf', { date: format.date(start) }) : format.date(start)),
    };
  }, [bucket, format, t]);
}

function BookingsChart({ range, asTable }: ViewProps) {
  const t = useText('dashboard');
  const figures = useDashboardCard('booking-kpis', range);
  return (
    <CardContent title={t('chart.title')} state={cardState(figures)}>
      {() => <BookingsFigures data={figures.data!} asTable={asTable} />}
    </CardContent>
  );
}

function BookingsFigures({ data, asTable }: { data: BookingKpis; asTable: boolean }) {
  const t = useText('dashboard');
  const format = useFormat();
  const labels = useBucketLabels(data.range.bucket);
  if (data.referred.current === 0 && data.completed.current === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('chart.bookingsEmpty')}
      </Text>
    );
  }
  const series = BOOKING_SERIES.map((entry) => ({ ...entry, label: t(`chart.${entry.name}`) }));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('chart.bookingsSummary', {
          ...spanOf(data.range, format),
          referred: format.number(data.referred.current),
          completed: format.number(data.completed.current),
        })}
      </Text>
      {asTable ? (
        <FiguresTable
          headers={series.map((entry) => entry.label)}
          rows={data.series.map((bucket) => ({ key: bucket.start, label: labels.full(bucket.start), cells: [format.number(bucket.referred), format.number(bucket.completed)] }))}
        />
      ) : (
        <HiddenChart>
          <BarChart
            h={240}
            data={data.series.map((bucket) => ({ bucket: labels.short(bucket.start), referred: bucket.referred, completed: bucket.completed }))}
            dataKey="bucket"
            withLegend
            series={series}
            valueFormatter={(value) => format.number(value)}
            barChartProps={{ accessibilityLayer: false }}
            yAxisProps={{ allowDecimals: false, width: 36 }}
          />
        </HiddenChart>
      )}
    </Stack>
  );
}

function EarningsChart({ range, asTable }: ViewProps) {
  const t = useText('dashboard');
  const figures = useDashboardCard('earnings-kpis', range);
  const [chosenCurrency, setCurrency] = useState<string | null>(null);
  const currencies = figures.data?.currencies.map((entry) => entry.currency) ?? [];
  // The largest earner first (the server's order), until the member picks another.
  const currency = chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : (currencies[0] ?? null);
  return (
    <Stack gap="xs">
      {currencies.length > 1 ? (
        <NativeSelect
          aria-label={t('chart.currency')}
          size="xs"
          value={currency ?? ''}
          onChange={(event) => setCurrency(event.currentTarget.value)}
          data={currencies}
          w={90}
        />
      ) : null}
      <CardContent title={t('chart.title')} state={cardState(figures)}>
        {() => <EarningsFigures data={figures.data!} currency={currency} asTable={asTable} />}
      </CardContent>
    </Stack>
  );
}

function EarningsFigures({ data, currency, asTable }: { data: EarningsKpis; currency: string | null; asTable: boolean }) {
  const t = useText('dashboard');
  const format = useFormat();
  const locale = useLocale();
  const labels = useBucketLabels(data.range.bucket);
  const compactNumber = useMemo(() => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }), [locale]);
  const entry = data.currencies.find((candidate) => candidate.currency === currency);
  if (!entry || !currency) {
    return (
      <Text c="dimmed" size="sm">
        {t('chart.earningsEmpty')}
      </Text>
    );
  }
  // The chart draws numbers: each minor amount in its currency's units (the tooltip formats them back).
  const digits = minorDigits(currency);
  const series = EARNINGS_SERIES.map((item) => ({ ...item, label: t(`chart.${item.name}`) }));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('chart.earningsSummary', {
          ...spanOf(data.range, format),
          currency,
          pending: format.moneyMinor(entry.pending.current, currency),
          approved: format.moneyMinor(entry.approved.current, currency),
          paid: format.moneyMinor(entry.paid.current, currency),
        })}
      </Text>
      {asTable ? (
        <FiguresTable
          headers={series.map((item) => item.label)}
          rows={entry.series.map((bucket) => ({
            key: bucket.start,
            label: labels.full(bucket.start),
            cells: [format.moneyMinor(bucket.pending_minor, currency), format.moneyMinor(bucket.approved_minor, currency), format.moneyMinor(bucket.paid_minor, currency)],
          }))}
        />
      ) : (
        <HiddenChart>
          <BarChart
            h={240}
            data={entry.series.map((bucket) => ({
              bucket: labels.short(bucket.start),
              pending: bucket.pending_minor / 10 ** digits,
              approved: bucket.approved_minor / 10 ** digits,
              paid: bucket.paid_minor / 10 ** digits,
            }))}
            dataKey="bucket"
            withLegend
            series={series}
            valueFormatter={(value) => format.money(value.toFixed(digits), currency)}
            barChartProps={{ accessibilityLayer: false }}
            // Short numbers on the axis ('60K'): whole amounts with their currency were cut off at 360 px (My earnings).
            yAxisProps={{ tickFormatter: (value: number) => compactNumber.format(value), width: 44 }}
          />
        </HiddenChart>
      )}
    </Stack>
  );
}

function spanOf(range: ResolvedRange, format: Formatter) {
  return { from: format.date(range.from), to: format.date(range.to) };
}

/** Hidden from screen readers (the sentence and "Show as table" say it all) and out of the tab order. */
function HiddenChart({ children }: { children: ReactNode }) {
  return (
    <div aria-hidden="true" inert>
      {children}
    </div>
  );
}

function FiguresTable({ headers, rows }: { headers: string[]; rows: Array<{ key: string; label: string; cells: string[] }> }) {
  const t = useText('dashboard');
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('chart.period')}</Table.Th>
            {headers.map((header) => (
              <Table.Th key={header} scope="col" ta="end">
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={400} style={{ whiteSpace: 'nowrap' }}>
                {row.label}
              </Table.Th>
              {row.cells.map((cell, index) => (
                <Table.Td key={headers[index]} ta="end" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
