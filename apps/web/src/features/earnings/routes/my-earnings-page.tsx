import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Button, Card, Group, NativeSelect, Paper, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { BarChart } from '../../../components/bar-chart/bar-chart';
import { COMMISSION_STATUSES, commissionLinesEndpoint, type CommissionLine, type CommissionLinesQuery, type CommissionStatus, type EarningsBalance, type EarningsGroup } from '@portal/contracts/earnings';
import type { PageSize } from '@portal/contracts/constants';
import { minorDigits } from '@portal/contracts/money';
import { DataTable } from '../../../components/data-table/data-table';
import type { TableHeader } from '../../../components/data-table/data-table-types';
import { DateRangeFilter } from '../../../components/date-range-filter/date-range-filter';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useFormat } from '../../../i18n/format';
import { useLocale, useText } from '../../../i18n/i18n';
import { useRateText } from '../../../lib/rate-text';
import { NEGATIVE_AMOUNT_COLOUR } from '../../../lib/status-colors';
import { useNarrowLayout } from '../../../lib/use-narrow-layout';
import { useListEndpoint } from '../../../lib/use-list-endpoint';
import { isAffiliate, useAuthStore, userCan } from '../../../stores/auth-store';
import { useEarningsFacilities, useEarningsMonthly, useEarningsSummary, useEarningsTotals, useLiveEarnings } from '../api/earnings-api';
import { exportEarnings } from '../api/export-earnings';
import { PayoutsSection } from '../components/payouts-section';
import { TableScroller } from '../../../components/data-table/scroll-region-frame';

// Four hues far apart on the wheel, so that stacked bars read apart (teal beside green did not).
const STATUS_COLORS: Record<CommissionStatus, string> = { pending: 'yellow', approved: 'cyan', in_payout: 'indigo', paid: 'green', reversed: 'gray' };
/** Past this many currencies the balances are a table (a row per currency) rather than four cards each. */
const CARD_CURRENCIES = 3;

/**
 * /my-earnings (issue 16, docs/earnings.md): the balances per currency (each card filters the lines), the monthly
 * chart of one currency with a table view and a sentence for screen readers, and the commission lines on the list
 * kit with the spec's date range, facility, status and currency filters and per-currency totals; below them, for a
 * member with payouts.read (owners, managers, finance), the agent's payouts with their statements (#payouts). Live:
 * a commission notification (payouts' steps are told as one too) reloads them all.
 */
export function MyEarningsPage() {
  const t = useText('earnings');
  useLiveEarnings();
  const { list, table } = useListEndpoint(commissionLinesEndpoint, {}, { loadFailed: t('loadFailed'), refreshFailed: t('refreshFailed') });
  // The unsigned agreement itself is the shell's banner (features/agreements); the cards say what it holds.
  const summary = useEarningsSummary();
  const seesPayouts = useAuthStore((state) => userCan(state.user, 'payouts.read'));

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('intro')}
        </Text>
      </Stack>
      <BalanceCards onFilter={(status, currency) => list.set({ status, currency })} />
      <MonthlyChart currencies={summary.data?.balances.map((balance) => balance.currency) ?? []} />
      <CommissionLines list={list} table={table} />
      {seesPayouts ? <PayoutsSection /> : null}
    </Stack>
  );
}

function BalanceCards({ onFilter }: { onFilter: (status: CommissionStatus, currency: string) => void }) {
  const t = useText('earnings');
  const format = useFormat();
  const narrow = useNarrowLayout();
  const summary = useEarningsSummary();
  if (summary.isPending) {
    return (
      <LoadingPlaceholder label={t('cards.loading')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} h={92} radius="md" />
          ))}
        </SimpleGrid>
      </LoadingPlaceholder>
    );
  }
  if (summary.isError) {
    return (
      <LoadFailedAlert title={t('cards.loadFailed')} retryLabel={t('cards.tryAgain')} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />
    );
  }
  if (summary.data.balances.length === 0) {
    return (
      <Paper withBorder radius="md" p="md">
        <Text c="dimmed">{t('cards.none')}</Text>
      </Paper>
    );
  }
  const cardsOf = (balance: EarningsBalance) =>
    [
      { status: 'pending' as const, label: t('cards.pending'), hint: t('cards.pendingHint'), amount: balance.pending_minor },
      { status: 'approved' as const, label: t('cards.approved'), hint: t('cards.approvedHint'), amount: balance.approved_minor },
      { status: 'in_payout' as const, label: t('cards.inPayout'), hint: t('cards.inPayoutHint'), amount: balance.in_payout_minor },
      { status: 'paid' as const, label: t('cards.paid', { year: String(summary.data.year) }), hint: t('cards.paidHint'), amount: balance.paid_this_year_minor },
    ] as const;
  if (summary.data.balances.length > CARD_CURRENCIES && narrow) {
    // On a phone a table of five columns would scroll sideways: a compact block per currency, its four amounts in two
    // columns, each still filtering the lines.
    return (
      <Stack gap="xs" aria-label={t('cards.tableCaption')} component="section">
        {summary.data.balances.map((balance) => (
          <Paper key={balance.currency} withBorder radius="md" p="sm" component="section" aria-label={t('cards.label', { currency: balance.currency })}>
            <Text fw={700} size="sm" mb={4}>
              {balance.currency}
            </Text>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
              {cardsOf(balance).map((card) => (
                <UnstyledButton key={card.status} onClick={() => onFilter(card.status, balance.currency)} aria-label={`${card.label} ${format.moneyMinor(card.amount, balance.currency)}: ${t('cards.filter')}`}>
                  <Text size="xs" c="dimmed">
                    {card.label}
                  </Text>
                  <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} c={card.amount === 0 ? 'dimmed' : undefined}>
                    {format.moneyMinor(card.amount, balance.currency)}
                  </Text>
                  {card.status === 'pending' && balance.held_minor > 0 ? (
                    <Text size="xs" c="dimmed">
                      {t('cards.heldShort', { amount: format.moneyMinor(balance.held_minor, balance.currency) })}
                    </Text>
                  ) : null}
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    );
  }
  if (summary.data.balances.length > CARD_CURRENCIES) {
    const columns = cardsOf(summary.data.balances[0]!);
    return (
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <TableScroller label={t('cards.tableCaption')} minWidth={640}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Caption>{t('cards.tableCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('cards.currency')}</Table.Th>
                {columns.map((column) => (
                  <Table.Th key={column.status} scope="col" ta="end">
                    {column.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.data.balances.map((balance) => (
                <Table.Tr key={balance.currency}>
                  <Table.Th scope="row">{balance.currency}</Table.Th>
                  {cardsOf(balance).map((card) => (
                    <Table.Td key={card.status} ta="end">
                      <UnstyledButton onClick={() => onFilter(card.status, balance.currency)} aria-label={`${card.label} ${format.moneyMinor(card.amount, balance.currency)}: ${t('cards.filter')}`}>
                        <Text span fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} c={card.amount === 0 ? 'dimmed' : undefined}>
                          {format.moneyMinor(card.amount, balance.currency)}
                        </Text>
                      </UnstyledButton>
                      {card.status === 'pending' && balance.held_minor > 0 ? (
                        <Text size="xs" c="dimmed">
                          {t('cards.heldShort', { amount: format.moneyMinor(balance.held_minor, balance.currency) })}
                        </Text>
                      ) : null}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroller>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      {summary.data.balances.map((balance) => (
        <section key={balance.currency} aria-label={t('cards.label', { currency: balance.currency })}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            {cardsOf(balance).map((card) => (
              <UnstyledButton key={card.status} onClick={() => onFilter(card.status, balance.currency)} aria-label={`${card.label} ${format.moneyMinor(card.amount, balance.currency)}: ${t('cards.filter')}`}>
                <Card withBorder radius="md" padding="md" h="100%">
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" c="dimmed" fw={500}>
                      {card.label}
                    </Text>
                    <Badge variant="dot" radius="sm" color={STATUS_COLORS[card.status]} size="sm">
                      {balance.currency}
                    </Badge>
                  </Group>
                  <Text fw={700} fz="xl" mt={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {format.moneyMinor(card.amount, balance.currency)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {card.status === 'pending' && balance.held_minor > 0 ? t('cards.held', { amount: format.moneyMinor(balance.held_minor, balance.currency) }) : card.hint}
                  </Text>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}

function MonthlyChart({ currencies }: { currencies: string[] }) {
  const t = useText('earnings');
  const format = useFormat();
  const locale = useLocale();
  const [group, setGroup] = useState<EarningsGroup>('status');
  const [months, setMonths] = useState(12);
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  const [asTable, setAsTable] = useState(false);
  const monthly = useEarningsMonthly({ months, group, currency });
  const data = monthly.data;
  const shown = data?.currency ?? null;
  const label = (key: string, fallback: string) => (group === 'status' ? t(`status.${key as CommissionStatus}`) : key === 'other' ? t('chart.other') : fallback);
  // The chart draws numbers: each minor amount in its currency's units (its legend and tooltip format them back).
  const digits = shown ? minorDigits(shown) : 2;
  const compactNumber = useMemo(() => new Intl.NumberFormat(locale === 'ar' ? 'ar' : 'en', { notation: 'compact', maximumFractionDigits: 1 }), [locale]);
  const rows = data ? data.months.map((month, index) => ({ month: format.month(month), ...Object.fromEntries(data.series.map((series) => [series.key, series.amounts_minor[index]! / 10 ** digits])) })) : [];
  const totals = data ? data.months.map((_, index) => data.series.reduce((sum, series) => sum + series.amounts_minor[index]!, 0)) : [];
  const grand = totals.reduce((sum, value) => sum + value, 0);
  const best = totals.reduce((top, value, index) => (value > totals[top]! ? index : top), 0);
  const palette = ['yellow.6', 'teal.6', 'blue.6', 'green.7', 'grape.6', 'orange.6', 'gray.6'];

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {t('chart.title')}
          </Title>
          <Group gap="xs" wrap="wrap">
            <NativeSelect aria-label={t('chart.currency')} value={shown ?? ''} onChange={(event) => setCurrency(event.currentTarget.value || undefined)} data={(data?.currencies ?? currencies).map((code) => ({ value: code, label: code }))} w={100} />
            <NativeSelect
              aria-label={t('chart.months')}
              value={String(months)}
              onChange={(event) => setMonths(Number(event.currentTarget.value))}
              data={[6, 12, 24].map((count) => ({ value: String(count), label: t('chart.monthsOption', { count }) }))}
              w={170}
            />
            <SegmentedControl
              aria-label={t('chart.group')}
              size="xs"
              value={group}
              onChange={(value) => setGroup(value as EarningsGroup)}
              data={(['status', 'facility', 'service'] as const).map((value) => ({ value, label: t(`chart.groups.${value}`) }))}
            />
            <Button size="xs" variant="default" onClick={() => setAsTable((value) => !value)} aria-pressed={asTable}>
              {asTable ? t('chart.asChart') : t('chart.asTable')}
            </Button>
          </Group>
        </Group>
        {monthly.isPending ? (
          <LoadingPlaceholder label={t('chart.loading')}><Skeleton h={260} /></LoadingPlaceholder>
        ) : monthly.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('chart.loadFailed')} />
        ) : !data || shown === null || grand === 0 ? (
          <Text c="dimmed" size="sm">
            {t('chart.empty', { currency: shown ?? '' })}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('chart.summary', {
                currency: shown,
                months: String(months),
                total: format.moneyMinor(grand, shown),
                best: format.month(data.months[best]!),
                bestAmount: format.moneyMinor(totals[best]!, shown),
              })}
            </Text>
            {asTable ? (
              <TableScroller label={t('chart.title')} minWidth={480}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('chart.month')}</Table.Th>
                      {data.series.map((series) => (
                        <Table.Th key={series.key} ta="end">
                          {label(series.key, series.label)}
                        </Table.Th>
                      ))}
                      <Table.Th ta="end">{t('chart.total')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.months.map((month, index) => (
                      <Table.Tr key={month}>
                        <Table.Td>{format.month(month)}</Table.Td>
                        {data.series.map((series) => (
                          <Table.Td key={series.key} ta="end">
                            {format.moneyMinor(series.amounts_minor[index]!, shown)}
                          </Table.Td>
                        ))}
                        <Table.Td ta="end">{format.moneyMinor(totals[index]!, shown)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroller>
            ) : (
              // Hidden from screen readers (the sentence above and "Show as table" say it all) and out of the tab order.
              <div aria-hidden="true" inert>
                <BarChart
                  h={260}
                  data={rows}
                  dataKey="month"
                  type="stacked"
                  withLegend
                  series={data.series.map((series, index) => ({ name: series.key, label: label(series.key, series.label), color: group === 'status' ? `${STATUS_COLORS[series.key as CommissionStatus]}.6` : palette[index % palette.length]! }))}
                  valueFormatter={(value) => format.money(value.toFixed(digits), shown)}
                  barChartProps={{ accessibilityLayer: false }}
                  // The axis in short numbers ('60K'): whole amounts with their currency were cut off at 360 px.
                  yAxisProps={{ tickFormatter: (value: number) => compactNumber.format(value), width: 44 }}
                />
              </div>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

type LinesList = ReturnType<typeof useListEndpoint<typeof commissionLinesEndpoint.query, typeof commissionLinesEndpoint.row>>;

function CommissionLines({ list, table }: Pick<LinesList, 'list' | 'table'>) {
  const t = useText('earnings');
  const format = useFormat();
  const rates = useRateText();
  const facilities = useEarningsFacilities();
  const { params } = list;
  const totals = useEarningsTotals({ from: params.from, to: params.to, status: params.status, medical_service_provider: params.medical_service_provider, currency: params.currency });

  const affiliate = useAuthStore((state) => isAffiliate(state.user));
  const headers = useMemo<TableHeader<CommissionLine>[]>(
    () => [
      {
        text: t('columns.booking'),
        value: 'booking_reference',
        render: (row) => (
          <Stack gap={0}>
            {row.adjustment && row.booking_reference !== '-' ? (
              // An adjustment links to its booking (issue 31): the partner finds what it corrects.
              <Anchor component={Link} to={`/bookings?search=${encodeURIComponent(row.booking_reference)}`} size="sm" fw={500} dir="ltr">
                {row.booking_reference}
              </Anchor>
            ) : (
              <Text size="sm" fw={500} dir="ltr">
                {row.booking_reference}
              </Text>
            )}
            {row.adjustment ? (
              <Text size="xs" c="dimmed" maw={280}>
                {t('adjustment', { reason: row.adjustment.reason })}
              </Text>
            ) : null}
            {row.clawback_of ? (
              <Text size="xs" c="dimmed">
                {t('clawback', { reference: row.clawback_of.booking_reference })}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      { text: t('columns.facility'), value: 'facility_name' },
      // The service and base fold into the row's details before Status or "Payable on" would leave the screen.
      { text: t('columns.service'), value: 'service_name', priority: 'low', render: (row) => row.service_name ?? '-' },
      { text: t('columns.treatment'), value: 'treatment_on', sort: true, render: (row) => format.date(row.treatment_on) },
      { text: t('columns.base'), value: 'base_minor', align: 'right', priority: 'low', render: (row) => format.moneyMinor(row.base_minor, row.base_currency) },
      // The affiliates group sees no rate (spec §2, issue 31): the server sends none, and the column goes.
      ...(affiliate ? [] : [{ text: t('columns.rate'), value: 'rate', render: (row: CommissionLine) => rates.rate(row.rate) } satisfies TableHeader<CommissionLine>]),
      {
        text: t('columns.amount'),
        // The sort key the server knows ('amount'); the cell shows amount_minor in its currency.
        value: 'amount',
        sort: true,
        align: 'right',
        total: true,
        render: (row) => (
          <Text size="sm" fw={600} td={row.status === 'reversed' ? 'line-through' : undefined} c={row.amount_minor < 0 ? NEGATIVE_AMOUNT_COLOUR : undefined} style={{ whiteSpace: 'nowrap' }}>
            {format.moneyMinor(row.amount_minor, row.currency)}
          </Text>
        ),
      },
      {
        text: t('columns.status'),
        value: 'status',
        render: (row) => (
          <Stack gap={2} align="flex-start">
            {/* A dot of the status's colour beside text of the page's: light badges' tinted text failed contrast (axe). */}
            <Badge variant="dot" radius="sm" tt="none" color={STATUS_COLORS[row.status]}>
              {row.held_reason ? t(`held.${row.held_reason}`) : row.clawed_back_by ? t('clawedBack') : t(`status.${row.status}`)}
            </Badge>
            {row.reversal_reason ? (
              <Text size="xs" c="dimmed" maw={260}>
                {row.reversal_reason}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      { text: t('columns.payable'), value: 'payable_on', sort: true, render: (row) => (row.paid_on ? t('paidOn', { date: format.date(row.paid_on) }) : format.date(row.payable_on)) },
    ],
    [t, format, rates, affiliate],
  );

  const facilityName = facilities.data?.facilities.find((facility) => facility.id === params.medical_service_provider)?.name;
  const activeFilters = [
    params.status ? t('filters.statusActive', { name: t(`status.${params.status}`) }) : null,
    params.medical_service_provider !== undefined ? t('filters.facilityActive', { name: facilityName ?? `#${params.medical_service_provider}` }) : null,
    params.currency ? t('filters.currencyActive', { name: params.currency }) : null,
  ].filter((filter): filter is string => filter !== null);
  // One line per currency: amounts in different currencies are never added, and a joined line wrapped mid-list.
  const footer = totals.data?.totals.length ? (
    <Stack gap={0} align="flex-end">
      {totals.data.totals.map((total) => (
        <Text key={total.currency} span size="sm" fw={700} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {format.moneyMinor(total.amount_minor, total.currency)}
        </Text>
      ))}
    </Stack>
  ) : (
    '-'
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <DataTable<CommissionLine>
        caption={t('caption')}
        headers={headers}
        {...table}
        emptyText={t('empty')}
        filteredEmptyText={t('filteredEmpty')}
        activeFilters={activeFilters}
        showHeader
        totals={{ amount: footer }}
        totalsLabel={t('totals')}
        toolbar={
          <Group gap="xs" wrap="wrap">
            <DateRangeFilter label={t('filters.dates')} value={{ from: params.from ?? '', to: params.to ?? '' }} onChange={(range) => list.set({ from: range.from || undefined, to: range.to || undefined })} />
            <NativeSelect
              aria-label={t('filters.status')}
              value={params.status ?? ''}
              onChange={(event) => list.set({ status: (event.currentTarget.value || undefined) as CommissionStatus | undefined })}
              data={[{ value: '', label: t('filters.allStatuses') }, ...COMMISSION_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))]}
              w={{ base: '100%', xs: 170 }}
            />
            <Select
              aria-label={t('filters.facility')}
              placeholder={t('filters.allFacilities')}
              data={(facilities.data?.facilities ?? []).map((facility) => ({ value: String(facility.id), label: facility.name }))}
              value={params.medical_service_provider !== undefined ? String(params.medical_service_provider) : null}
              onChange={(value) => list.set({ medical_service_provider: value ? Number(value) : undefined })}
              searchable
              clearable
              nothingFoundMessage={t('filters.noneFound')}
              w={{ base: '100%', xs: 240 }}
            />
          </Group>
        }
        sort={params.sort}
        onSortChange={(sort) => list.set({ sort: (sort || undefined) as CommissionLinesQuery['sort'] | undefined })}
        page={params.page}
        perPage={params.per_page}
        onPageChange={list.setPage}
        onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
        onExportExcel={() => exportEarnings(params, 'xlsx')}
        onExportPdf={() => exportEarnings(params, 'pdf')}
        getRowLabel={(row) => `${row.booking_reference} · ${row.facility_name}`}
        minWidth={880}
      />
    </Paper>
  );
}
