import { useMemo, useState } from 'react';
import { Badge, Button, Group, NativeSelect, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconUpload } from '@tabler/icons-react';
import { RATE_STATUSES, consoleRatesEndpoint, type ConsoleRateRow, type ConsoleRatesQuery, type RateStatus } from '@portal/contracts/console-commission-rates';
import { operatorCan } from '@portal/contracts/operator-permissions';
import { DataTable } from '../../components/data-table/data-table';
import { listControls } from '../../components/list-page/list-page';
import { PageHeader } from '../../components/page-header/page-header';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { useRateText } from '../../lib/rate-text';
import { useListEndpoint } from '../../lib/use-list-endpoint';
import { useOperator } from '../session/require-operator';
import { EndRateDialog } from './end-rate-dialog';
import { ImportRatesDialog } from './import-rates-dialog';
import { NewRateDialog, contractLabel } from './new-rate-dialog';
import { useRateOptions } from './rate-card-api';
import { appliesTo, rateValueOf } from './rate-text';

const STATUS_COLOURS: Record<RateStatus, string> = { current: 'teal', upcoming: 'blue', ended: 'gray' };

/**
 * /console/rate-card: the rows of the rate card (issue 15; docs/commission-rates.md), filtered by scope, status and
 * facility, and individual contracts' negotiated rows (one contract's with `?scope=contracts&contract_id=`, where the
 * console's agreements link); terms.manage adds a row or ends one (a rate is never edited: what applied on each day
 * stays on record).
 */
export function RateCardPage() {
  const t = useText('console-commission-rates');
  const format = useFormat();
  const rates = useRateText();
  const operator = useOperator();
  const mayManage = operatorCan(operator.role, 'terms.manage');
  const options = useRateOptions();
  const { list, table } = useListEndpoint(consoleRatesEndpoint, {}, { loadFailed: t('loadFailed') });
  const { params } = list;
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [ending, setEnding] = useState<ConsoleRateRow | null>(null);

  const headers = useMemo<TableHeader<ConsoleRateRow>[]>(
    () => [
      {
        text: t('columns.appliesTo'),
        value: 'facility',
        sort: true,
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {appliesTo(row, t)}
            </Text>
            {row.agent ? (
              <Text size="xs" c="grape">
                {t('contractOf', { agent: row.agent.name })}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      { text: t('columns.tier'), value: 'tier.name', render: (row) => row.tier?.name ?? t('allTiers') },
      { text: t('columns.rate'), value: 'rate', render: (row) => <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>{rates.rate(rateValueOf(row))}</Text> },
      { text: t('columns.refund'), value: 'refund_window_days', render: (row) => t('days', { count: row.refund_window_days }) },
      {
        text: t('columns.validity'),
        value: 'valid_from',
        sort: true,
        render: (row) => (row.valid_to ? t('fromTo', { from: format.date(row.valid_from), to: format.date(row.valid_to) }) : t('from', { from: format.date(row.valid_from) })),
      },
      { text: t('columns.status'), value: 'status', render: (row) => <Badge variant="light" color={STATUS_COLOURS[row.status]}>{t(`statuses.${row.status}`)}</Badge> },
      ...(mayManage
        ? [
            {
              text: t('columns.actions'),
              value: 'actions',
              render: (row: ConsoleRateRow) =>
                row.status === 'ended' ? null : (
                  <Button size="xs" variant="light" color="red" onClick={() => setEnding(row)} aria-label={t('endNamed', { name: appliesTo(row, t) })}>
                    {t('end')}
                  </Button>
                ),
            },
          ]
        : []),
    ],
    [t, format, mayManage, rates],
  );

  const facilities = options.data?.facilities ?? [];
  const contracts = options.data?.contracts ?? [];
  const status = params.status as RateStatus | undefined;
  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={t('description')}
        maw={760}
        action={
          mayManage ? (
            <Group gap="xs">
              <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setImporting(true)}>
                {t('importRates')}
              </Button>
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                {t('newRate')}
              </Button>
            </Group>
          ) : undefined
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<ConsoleRateRow>
          caption={t('title')}
          headers={headers}
          {...table}
          emptyText={t('empty')}
          filteredEmptyText={t('filteredEmpty')}
          showHeader
          toolbar={
            <Group gap="xs" wrap="wrap">
              <NativeSelect
                aria-label={t('scope')}
                value={params.scope}
                onChange={(event) => {
                  const scope = event.currentTarget.value as ConsoleRatesQuery['scope'];
                  // The general card has no contract to filter by.
                  list.set(scope === 'card' ? { scope, contract_id: undefined } : { scope });
                }}
                w={{ base: '100%', xs: 200 }}
                data={(['card', 'contracts', 'all'] as const).map((scope) => ({ value: scope, label: t(`scopes.${scope}`) }))}
              />
              <NativeSelect
                aria-label={t('status')}
                value={status ?? ''}
                onChange={(event) => list.set({ status: (event.currentTarget.value || undefined) as RateStatus | undefined })}
                w={{ base: '100%', xs: 160 }}
                data={[{ value: '', label: t('allStatuses') }, ...RATE_STATUSES.map((option) => ({ value: option, label: t(`statuses.${option}`) }))]}
              />
              {params.scope !== 'card' ? (
                <Select
                  aria-label={t('contract')}
                  placeholder={t('allContracts')}
                  data={contracts.map((contract) => ({ value: String(contract.id), label: contractLabel(contract, t) }))}
                  value={params.contract_id !== undefined ? String(params.contract_id) : null}
                  onChange={(value) => list.set({ contract_id: value ? Number(value) : undefined })}
                  searchable
                  clearable
                  nothingFoundMessage={t('noneFound')}
                  w={{ base: '100%', xs: 320 }}
                />
              ) : null}
              <Select
                aria-label={t('facility')}
                placeholder={t('allFacilities')}
                data={facilities.map((facility) => ({ value: String(facility.id), label: facility.name }))}
                value={params.facility_id !== undefined ? String(params.facility_id) : null}
                onChange={(value) => list.set({ facility_id: value ? Number(value) : undefined })}
                searchable
                clearable
                nothingFoundMessage={t('noneFound')}
                w={{ base: '100%', xs: 240 }}
              />
            </Group>
          }
          {...listControls(list, { search: { max: 100 } })}
          getRowLabel={(row) => appliesTo(row, t)}
          minWidth={1180}
        />
      </Paper>
      {creating && options.data ? <NewRateDialog options={options.data} contractId={params.contract_id} onClose={() => setCreating(false)} /> : null}
      {ending ? <EndRateDialog rate={ending} onClose={() => setEnding(null)} /> : null}
      {importing ? <ImportRatesDialog onClose={() => setImporting(false)} /> : null}
    </Stack>
  );
}
