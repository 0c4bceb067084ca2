import { useState } from 'react';
import { Alert, Group, NativeSelect, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { DASHBOARD_MAX_RANGE_DAYS, type DashboardCardId, type DashboardRangeKind, type DashboardRangeQuery } from '@portal/contracts/dashboard';
import { DateRangeFilter, type DateRangeFilterMode } from '../../../components/date-range-filter/date-range-filter';
import { EMPTY_RANGE, PRESETS, type DateRange } from '../../../components/date-range-filter/date-range';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { useDashboardCard } from '../../../lib/dashboard-cards';
import { useNarrowLayout } from '../../../lib/use-narrow-layout';
import { customRangeAccepted } from '../api/dashboard-range';

const RANGE_LABEL_KEYS = { '30d': 'range.last30', '90d': 'range.last90', ytd: 'range.yearToDate', custom: 'range.custom' } as const satisfies Record<DashboardRangeKind, string>;
const RANGE_KINDS = Object.keys(RANGE_LABEL_KEYS) as DashboardRangeKind[];

/**
 * The widget's choices for a custom range: its quick ranges, its calendars, a month and a year. Not the year range,
 * which reaches past the longest range the server compares (DASHBOARD_MAX_RANGE_DAYS).
 */
const CUSTOM_MODES: DateRangeFilterMode[] = [...PRESETS, 'custom', 'month', 'year'];

/** A range as a key, to tell whether the URL moved on since Custom was chosen. */
const keyOf = (range: DashboardRangeQuery) => `${range.range} ${range.from ?? ''} ${range.to ?? ''}`;

/**
 * The dashboard's period: 30 days, 90 days, year to date, or Custom, which shows the spec's date-range widget; the
 * figures change once a custom range is applied. A segmented control on a wide screen, a select on a phone (four
 * segments do not fit 360 px, least of all in Arabic).
 */
export function RangeControl({
  range,
  onChoose,
  onChooseCustom,
}: {
  range: DashboardRangeQuery;
  onChoose: (kind: Exclude<DashboardRangeKind, 'custom'>) => void;
  onChooseCustom: (from: string, to: string) => void;
}) {
  const t = useText('dashboard');
  const format = useFormat();
  const narrow = useNarrowLayout();
  // Custom chosen, no dates applied yet: the widget shows while the figures are still the range the URL names.
  const [customChosenAt, setCustomChosenAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const selected: DashboardRangeKind = range.range === 'custom' || customChosenAt === keyOf(range) ? 'custom' : range.range;

  const choose = (value: string) => {
    setError(null);
    if (value === 'custom') {
      setCustomChosenAt(keyOf(range));
      return;
    }
    setCustomChosenAt(null);
    onChoose(value as Exclude<DashboardRangeKind, 'custom'>);
  };

  const applyCustom = (dates: DateRange) => {
    if (!dates.from || !dates.to) {
      // The widget's clear: back to the default period.
      setError(null);
      setCustomChosenAt(null);
      onChoose('30d');
      return;
    }
    if (!customRangeAccepted(dates.from, dates.to)) {
      setError(t('range.tooLong', { days: format.number(DASHBOARD_MAX_RANGE_DAYS) }));
      return;
    }
    setError(null);
    onChooseCustom(dates.from, dates.to);
  };

  const options = RANGE_KINDS.map((kind) => ({ value: kind, label: t(RANGE_LABEL_KEYS[kind]) }));

  return (
    <Stack gap="xs" align="stretch" w={narrow ? '100%' : undefined}>
      <Group gap="xs" wrap="wrap" justify={narrow ? 'flex-start' : 'flex-end'}>
        {narrow ? (
          <NativeSelect aria-label={t('range.label')} data={options} value={selected} onChange={(event) => choose(event.currentTarget.value)} w="100%" />
        ) : (
          <SegmentedControl aria-label={t('range.label')} data={options} value={selected} onChange={choose} />
        )}
        {selected === 'custom' ? (
          <DateRangeFilter
            label={t('range.customDates')}
            placeholder={t('range.chooseDates')}
            modes={CUSTOM_MODES}
            value={range.range === 'custom' ? { from: range.from ?? '', to: range.to ?? '' } : EMPTY_RANGE}
            onChange={applyCustom}
          />
        ) : null}
      </Group>
      {error ? (
        <Alert color="red" variant="light" role="alert" py="xs">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * What the figures compare, in the server's words for the range (it resolves it on its own calendar day): '1 Nov
 * 2026 – 30 Nov 2026 compared with 2 Oct 2026 – 31 Oct 2026'. Read from a ranged card the member may see, so it is
 * that card's own request, not one more.
 */
export function RangeCaption({ card, range }: { card: Extract<DashboardCardId, 'booking-kpis' | 'earnings-kpis'>; range: DashboardRangeQuery }) {
  const t = useText('dashboard');
  const format = useFormat();
  const figures = useDashboardCard(card, range);
  if (figures.isPending) return <Skeleton h={16} w={320} maw="100%" />;
  if (!figures.data) return null;
  const resolved = figures.data.range;
  const span = (from: string, to: string) => t('range.span', { from: format.date(from), to: format.date(to) });
  return (
    <Text size="sm" c="dimmed" aria-live="polite" aria-busy={figures.isPlaceholderData}>
      {t('range.compared', { current: span(resolved.from, resolved.to), previous: span(resolved.previous_from, resolved.previous_to) })}
    </Text>
  );
}
