import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, NativeSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconAdjustmentsDollar, IconReceiptRefund } from '@tabler/icons-react';
import type { PageSize } from '@portal/contracts/constants';
import { consoleCommissionLinesEndpoint, type ConsoleCommissionLine, type ConsoleCommissionLinesQuery } from '@portal/contracts/console-earnings';
import { COMMISSION_STATUSES, type CommissionStatus } from '@portal/contracts/earnings';
import { operatorCan } from '@portal/contracts/operator-permissions';
import { DataTable } from '../../components/data-table/data-table';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { DateRangeFilter } from '../../components/date-range-filter/date-range-filter';
import { describeRange } from '../../components/date-range-filter/date-range';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { useRateText } from '../../lib/rate-text';
import { NEGATIVE_AMOUNT_COLOUR } from '../../lib/status-colors';
import { useListEndpoint } from '../../lib/use-list-endpoint';
import { CurrencySelect } from '../components/currency-select';
import { useOperator } from '../session/require-operator';
import { useLedgerFilterOptions } from './commission-ledger-api';
import { AdjustCommissionDialog, RecordRefundDialog, adjustable } from '../components/commission-actions';

/** The status in words, in the text colour; the dot's colour only repeats it (as the bookings' badges). */
const STATUS_COLORS: Record<CommissionStatus, string> = { pending: 'yellow', approved: 'teal', in_payout: 'blue', paid: 'green', reversed: 'gray' };

/** A line without a ticket reads '-' (the contract's booking_reference). */
const NO_REFERENCE = '-';

/** Whether a refund can be recorded from the line: a commission not yet reversed, in a payout or clawed back. */
export function refundable(line: ConsoleCommissionLine): boolean {
  return line.kind === 'commission' && line.clawed_back_by === null && (line.status === 'pending' || line.status === 'approved' || line.status === 'paid');
}

/**
 * /console/commission-ledger (docs/earnings.md): every agent's commission lines on the list kit, filtered by agent,
 * status, facility, currency and treatment dates and sorted by treatment day, amount or payable day (all kept in the
 * URL); earnings.manage records a patient's refund of the line's booking (full or partial) and adjusts a commission
 * (issue 31): adjustment lines show their reason.
 */
export function CommissionLedgerPage() {
  const t = useText('console-commission-ledger');
  const format = useFormat();
  const rates = useRateText();
  const operator = useOperator();
  const mayRefund = operatorCan(operator.role, 'earnings.manage');
  const mayOpenBookings = operatorCan(operator.role, 'bookings.read');
  const { list, table } = useListEndpoint(consoleCommissionLinesEndpoint, {}, { loadFailed: t('loadFailed'), refreshFailed: t('refreshFailed') });
  const { params } = list;
  const options = useLedgerFilterOptions(mayOpenBookings);
  const [refunding, setRefunding] = useState<ConsoleCommissionLine | null>(null);
  const [adjusting, setAdjusting] = useState<ConsoleCommissionLine | null>(null);

  const headers = useMemo<TableHeader<ConsoleCommissionLine>[]>(
    () => [
      {
        text: t('columns.booking'),
        value: 'booking_reference',
        render: (row) => (
          <Stack gap={0}>
            {mayOpenBookings && row.booking_reference !== NO_REFERENCE ? (
              <Anchor component={Link} to={`/bookings/${row.booking_id}`} size="sm" fw={500} dir="ltr">
                {row.booking_reference}
              </Anchor>
            ) : (
              <Text size="sm" fw={500} dir="ltr">
                {row.booking_reference}
              </Text>
            )}
            {row.clawback_of ? (
              <Text size="xs" c="dimmed">
                {t('clawbackOf', { reference: row.clawback_of.booking_reference })}
              </Text>
            ) : null}
            {row.adjustment ? (
              <Text size="xs" c="dimmed" maw={260}>
                {t('adjustmentReason', { source: t(`adjustmentSources.${row.adjustment.source}`), reason: row.adjustment.reason })}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        text: t('columns.agent'),
        value: 'agent_name',
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm">{row.agent_name}</Text>
            <Text size="xs" c="dimmed" dir="ltr">
              #{row.referral_agent_id}
            </Text>
          </Stack>
        ),
      },
      { text: t('columns.facility'), value: 'facility_name' },
      { text: t('columns.service'), value: 'service_name', render: (row) => row.service_name ?? '-' },
      { text: t('columns.treatment'), value: 'treatment_on', sort: true, render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{format.date(row.treatment_on)}</span> },
      { text: t('columns.base'), value: 'base_minor', align: 'right', render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{format.moneyMinor(row.base_minor, row.base_currency)}</span> },
      { text: t('columns.rate'), value: 'rate', render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{rates.rate(row.rate)}</span> },
      {
        text: t('columns.amount'),
        value: 'amount',
        sort: true,
        align: 'right',
        render: (row) => (
          <Text size="sm" fw={600} td={row.status === 'reversed' ? 'line-through' : undefined} c={row.amount_minor < 0 ? NEGATIVE_AMOUNT_COLOUR : undefined} style={{ whiteSpace: 'nowrap' }}>
            {format.moneyMinor(row.amount_minor, row.currency)}
          </Text>
        ),
      },
      { text: t('columns.status'), value: 'status', render: (row) => <LineStatus line={row} /> },
      {
        text: t('columns.payable'),
        value: 'payable_on',
        sort: true,
        render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{row.paid_on ? t('paidOn', { date: format.date(row.paid_on) }) : t('payableOn', { date: format.date(row.payable_on) })}</span>,
      },
      ...(mayRefund
        ? [
            {
              text: t('columns.actions'),
              value: 'actions',
              render: (row: ConsoleCommissionLine) => (
                <Group gap={4} wrap="nowrap">
                  {refundable(row) ? (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconReceiptRefund size={14} aria-hidden />}
                      onClick={() => setRefunding(row)}
                      aria-label={t('refundNamed', { reference: row.booking_reference, agent: row.agent_name })}
                    >
                      {t('refund')}
                    </Button>
                  ) : null}
                  {row.kind === 'commission' && adjustable(row) ? (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconAdjustmentsDollar size={14} aria-hidden />}
                      onClick={() => setAdjusting(row)}
                      aria-label={t('adjustNamed', { reference: row.booking_reference, agent: row.agent_name })}
                    >
                      {t('adjust')}
                    </Button>
                  ) : null}
                </Group>
              ),
            },
          ]
        : []),
    ],
    [t, format, rates, mayRefund, mayOpenBookings],
  );

  const agents = options.data?.agents ?? [];
  const facilities = options.data?.facilities ?? [];
  const status = params.status as CommissionStatus | undefined;
  const agentName = agents.find((agent) => agent.id === params.referral_agent_id)?.name;
  const facilityName = facilities.find((facility) => facility.id === params.medical_service_provider)?.name;
  const activeFilters = [
    params.referral_agent_id !== undefined ? t('filters.agentActive', { name: agentName ?? `#${params.referral_agent_id}` }) : null,
    status ? t('filters.statusActive', { name: t(`status.${status}`) }) : null,
    params.medical_service_provider !== undefined ? t('filters.facilityActive', { name: facilityName ?? `#${params.medical_service_provider}` }) : null,
    params.currency ? t('filters.currencyActive', { name: params.currency }) : null,
    params.from || params.to ? t('filters.datesActive', { range: describeRange({ from: params.from ?? '', to: params.to ?? '' }, new Date(), '') }) : null,
  ].filter((filter): filter is string => filter !== null);

  return (
    <Stack gap="lg">
      <Stack gap={4} maw={760}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('description')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<ConsoleCommissionLine>
          caption={t('title')}
          headers={headers}
          {...table}
          emptyText={t('empty')}
          filteredEmptyText={t('filteredEmpty')}
          activeFilters={activeFilters}
          showHeader
          toolbar={
            <Group gap="xs" wrap="wrap" role="group" aria-label={t('filters.label')}>
              <Select
                aria-label={t('filters.agent')}
                placeholder={t('filters.allAgents')}
                data={agents.map((agent) => ({ value: String(agent.id), label: `${agent.name} · #${agent.id}` }))}
                value={params.referral_agent_id !== undefined ? String(params.referral_agent_id) : null}
                onChange={(value) => list.set({ referral_agent_id: value ? Number(value) : undefined })}
                searchable
                clearable
                nothingFoundMessage={t('filters.noAgentFound')}
                w={{ base: '100%', xs: 240 }}
              />
              <NativeSelect
                aria-label={t('filters.status')}
                value={status ?? ''}
                onChange={(event) => list.set({ status: (event.currentTarget.value || undefined) as CommissionStatus | undefined })}
                data={[{ value: '', label: t('filters.allStatuses') }, ...COMMISSION_STATUSES.map((option) => ({ value: option, label: t(`status.${option}`) }))]}
                w={{ base: '100%', xs: 160 }}
              />
              <Select
                aria-label={t('filters.facility')}
                placeholder={t('filters.allFacilities')}
                data={facilities.map((facility) => ({ value: String(facility.id), label: facility.name }))}
                value={params.medical_service_provider !== undefined ? String(params.medical_service_provider) : null}
                onChange={(value) => list.set({ medical_service_provider: value ? Number(value) : undefined })}
                searchable
                clearable
                nothingFoundMessage={t('filters.noFacilityFound')}
                w={{ base: '100%', xs: 240 }}
              />
              <CurrencySelect
                aria-label={t('filters.currency')}
                value={params.currency ?? ''}
                onChange={(code) => list.set({ currency: code || undefined })}
                clearable
                placeholder={t('filters.anyCurrency')}
                nothingFoundMessage={t('filters.noCurrencyFound')}
                w={{ base: '100%', xs: 220 }}
              />
              <DateRangeFilter
                label={t('filters.dates')}
                value={{ from: params.from ?? '', to: params.to ?? '' }}
                onChange={(range) => list.set({ from: range.from || undefined, to: range.to || undefined })}
              />
            </Group>
          }
          sort={params.sort}
          onSortChange={(sort) => list.set({ sort: (sort || undefined) as ConsoleCommissionLinesQuery['sort'] | undefined })}
          page={params.page}
          perPage={params.per_page}
          onPageChange={list.setPage}
          onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
          getRowLabel={(row) => `${row.booking_reference} · ${row.agent_name}`}
          minWidth={1280}
        />
      </Paper>
      {refunding ? <RecordRefundDialog bookingId={refunding.booking_id} reference={refunding.booking_reference} agent={refunding.agent_name} onClose={() => setRefunding(null)} /> : null}
      {adjusting ? <AdjustCommissionDialog line={adjusting} agent={adjusting.agent_name} onClose={() => setAdjusting(null)} /> : null}
    </Stack>
  );
}

/**
 * A line's status: held (why), reversed (why), a clawback or clawed back, each in words beside the status so that
 * none of it rests on colour alone.
 */
function LineStatus({ line }: { line: ConsoleCommissionLine }) {
  const t = useText('console-commission-ledger');
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={4} wrap="wrap">
        {line.held_reason ? (
          <Badge color="orange" variant="dot" radius="sm" tt="none">
            {t('held')}
          </Badge>
        ) : (
          <Badge color={STATUS_COLORS[line.status]} variant="dot" radius="sm" tt="none">
            {t(`status.${line.status}`)}
          </Badge>
        )}
        {line.kind === 'clawback' ? (
          <Badge color="grape" variant="dot" radius="sm" tt="none">
            {t('clawback')}
          </Badge>
        ) : null}
        {line.kind === 'adjustment' ? (
          <Badge color="indigo" variant="dot" radius="sm" tt="none">
            {t('adjustmentBadge')}
          </Badge>
        ) : null}
        {line.clawed_back_by !== null ? (
          <Badge color="grape" variant="outline" radius="sm" tt="none">
            {t('clawedBack')}
          </Badge>
        ) : null}
      </Group>
      {line.held_reason ? (
        <Text size="xs" c="dimmed">
          {t(`heldReasons.${line.held_reason}`)}
        </Text>
      ) : null}
      {line.status === 'reversed' && line.reversal_reason ? (
        <Text size="xs" c="dimmed" maw={260}>
          {t('reversalReason', { reason: line.reversal_reason })}
        </Text>
      ) : null}
    </Stack>
  );
}
