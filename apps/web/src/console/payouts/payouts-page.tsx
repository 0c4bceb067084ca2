import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Group, NativeSelect, Paper, Skeleton, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconFileDownload, IconPlayerPlay } from '@tabler/icons-react';
import type { PageSize } from '@portal/contracts/constants';
import { consolePayoutsEndpoint, type ConsolePayout, type ConsolePayoutsQuery, type PayoutSchedule } from '@portal/contracts/console-earnings';
import { PAYOUT_STATUSES, type PayoutStatus } from '@portal/contracts/earnings';
import { operatorCan } from '@portal/contracts/operator-permissions';
import { DataTable } from '../../components/data-table/data-table';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { LoadingPlaceholder } from '../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../components/query-view/query-view';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { DownloadError } from '../../lib/download';
import { notifyError } from '../../lib/notify';
import { useListEndpoint } from '../../lib/use-list-endpoint';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { CurrencySelect } from '../components/currency-select';
import { useOperator } from '../session/require-operator';
import { PayoutDrawer } from './payout-drawer';
import { PayoutStatusBadge } from './payout-status-badge';
import { downloadBankFile, usePayoutRun, usePayoutSchedules } from './payouts-api';
import { ScheduleDialog } from './schedule-dialog';
import { PayoutBatches, SendBatchButton } from './payout-batches';
import { TableScroller } from '../../components/data-table/scroll-region-frame';

/**
 * /console/payouts (docs/earnings.md): each currency's schedule (minimum, day, what waits, the next run) and every
 * agent's payouts, filtered by status, currency and run day, each opened in a drawer with its lines; earnings.manage
 * edits the schedules, runs the payouts now, and marks payouts sent, paid or failed.
 */
export function PayoutsPage() {
  const t = useText('console-payouts');
  const operator = useOperator();
  const mayManage = operatorCan(operator.role, 'earnings.manage');
  const [opened, setOpened] = useState<ConsolePayout | null>(null);

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
      <Schedules mayManage={mayManage} />
      <PayoutBatches mayManage={mayManage} />
      <PayoutsList mayManage={mayManage} onOpen={setOpened} />
      {opened ? <PayoutDrawer key={opened.id} payout={opened} mayManage={mayManage} onClose={() => setOpened(null)} /> : null}
    </Stack>
  );
}

function Schedules({ mayManage }: { mayManage: boolean }) {
  const t = useText('console-payouts');
  const format = useFormat();
  const schedules = usePayoutSchedules();
  const run = usePayoutRun();
  const [editing, setEditing] = useState<PayoutSchedule | null>(null);
  const [confirmingRun, setConfirmingRun] = useState(false);
  const [ran, setRan] = useState<{ payouts: number; carried: number; held: number } | null>(null);

  let body;
  if (schedules.isPending) {
    body = <LoadingPlaceholder label={t('schedules.loading')}><Skeleton h={120} radius="md" /></LoadingPlaceholder>;
  } else if (schedules.isError) {
    body = (
      <LoadFailedAlert title={t('schedules.loadFailed')} retryLabel={t('retry')} onRetry={() => void schedules.refetch()} retrying={schedules.isFetching} />
    );
  } else if (schedules.data.schedules.length === 0) {
    body = <Text size="sm">{t('schedules.empty')}</Text>;
  } else {
    body = (
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <TableScroller label={t('schedules.caption')} minWidth={760}>
          <Table aria-label={t('schedules.caption')} verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('schedules.currency')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('schedules.minimum')}
                </Table.Th>
                <Table.Th scope="col">{t('schedules.day')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('schedules.approved')}
                </Table.Th>
                <Table.Th scope="col">{t('schedules.nextRun')}</Table.Th>
                {mayManage ? <Table.Th scope="col">{t('schedules.actions')}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {schedules.data.schedules.map((schedule) => (
                <Table.Tr key={schedule.currency}>
                  <Table.Th scope="row">
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {schedule.currency}
                      </Text>
                      {schedule.is_default ? (
                        <Tooltip label={t('schedules.defaultHint')} withArrow>
                          <Badge variant="light" color="gray" size="sm" tabIndex={0}>
                            {t('schedules.default')}
                          </Badge>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Th>
                  <Table.Td ta="end" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                    {format.moneyMinor(schedule.minimum_minor, schedule.currency)}
                  </Table.Td>
                  <Table.Td>{t('schedules.dayValue', { day: format.number(schedule.day_of_month) })}</Table.Td>
                  <Table.Td ta="end" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                    {format.moneyMinor(schedule.approved_minor, schedule.currency)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.date(schedule.next_run_on)}</Table.Td>
                  {mayManage ? (
                    <Table.Td>
                      <Button size="xs" variant="light" onClick={() => setEditing(schedule)} aria-label={t('schedules.editNamed', { currency: schedule.currency })}>
                        {t('schedules.edit')}
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroller>
      </Paper>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="payout-schedules-title">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2} maw={680}>
          <Title order={2} size="h4" id="payout-schedules-title">
            {t('schedules.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('schedules.help')}
          </Text>
        </Stack>
        {mayManage ? (
          <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => setConfirmingRun(true)}>
            {t('run.button')}
          </Button>
        ) : null}
      </Group>
      {ran ? (
        <Alert color="teal" variant="light" role="status" title={t('run.done')} withCloseButton closeButtonLabel={t('run.dismiss')} onClose={() => setRan(null)}>
          {t('run.result', { payouts: format.number(ran.payouts), carried: format.number(ran.carried), held: format.number(ran.held) })}
        </Alert>
      ) : null}
      {body}
      {editing ? <ScheduleDialog schedule={editing} onClose={() => setEditing(null)} /> : null}
      {confirmingRun ? (
        <ConfirmActionDialog
          subject="payout-run"
          title={t('run.title')}
          detail={t('run.detail')}
          confirmLabel={t('run.confirm')}
          confirmColor="teal"
          cancelLabel={t('cancel')}
          closeLabel={t('close')}
          failedText={t('run.failed')}
          pending={run.isPending}
          onConfirm={async () => {
            setRan(null);
            const result = await run.mutateAsync();
            setRan({ payouts: result.payouts, carried: result.carried_forward, held: result.held });
          }}
          onClose={() => setConfirmingRun(false)}
        />
      ) : null}
    </Stack>
  );
}

function PayoutsList({ mayManage, onOpen }: { mayManage: boolean; onOpen: (payout: ConsolePayout) => void }) {
  const t = useText('console-payouts');
  const format = useFormat();
  const { list, table } = useListEndpoint(consolePayoutsEndpoint, {}, { loadFailed: t('list.loadFailed') });
  const { params } = list;

  const headers = useMemo<TableHeader<ConsolePayout>[]>(
    () => [
      { text: t('list.runDay'), value: 'scheduled_on', sort: true, render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{format.date(row.scheduled_on)}</span> },
      {
        text: t('list.agent'),
        value: 'agent_name',
        render: (row) => (
          <Text size="sm" fw={500}>
            {row.agent_name}
          </Text>
        ),
      },
      {
        text: t('list.amount'),
        // The sort key the server knows; the cell shows the amount in its currency.
        value: 'amount',
        sort: true,
        align: 'right',
        render: (row) => (
          <Text size="sm" fw={600} dir="ltr" style={{ whiteSpace: 'nowrap' }}>
            {format.moneyMinor(row.amount_minor, row.currency)}
          </Text>
        ),
      },
      { text: t('list.lines'), value: 'lines', align: 'right', render: (row) => format.number(row.lines) },
      { text: t('list.status'), value: 'status', render: (row) => <PayoutStatusBadge status={row.status} /> },
      { text: t('list.statement'), value: 'statement_number', render: (row) => row.statement_number ?? t('none') },
      { text: t('list.sentBy'), value: 'sent_by', render: (row) => row.sent_by ?? t('none') },
      {
        text: t('list.actions'),
        value: 'actions',
        render: (row) => (
          <Button
            size="xs"
            variant="light"
            onClick={() => onOpen(row)}
            aria-label={t('list.openNamed', { amount: format.moneyMinor(row.amount_minor, row.currency), agent: row.agent_name, date: format.date(row.scheduled_on) })}
          >
            {t('list.open')}
          </Button>
        ),
      },
    ],
    [t, format, onOpen],
  );

  const activeFilters = [
    params.status ? t('list.statusActive', { name: t(`statuses.${params.status}`) }) : null,
    params.currency ? t('list.currencyActive', { name: params.currency }) : null,
    params.scheduled_on ? t('list.runDayActive', { date: format.date(params.scheduled_on) }) : null,
  ].filter((filter): filter is string => filter !== null);

  return (
    <Stack gap="sm" component="section" aria-labelledby="payouts-list-title">
      <Title order={2} size="h4" id="payouts-list-title">
        {t('list.title')}
      </Title>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<ConsolePayout>
          caption={t('list.caption')}
          headers={headers}
          {...table}
          emptyText={t('list.empty')}
          filteredEmptyText={t('list.filteredEmpty')}
          activeFilters={activeFilters}
          showHeader
          toolbar={
            <Group gap="xs" wrap="wrap">
              <NativeSelect
                aria-label={t('list.statusFilter')}
                value={params.status ?? ''}
                onChange={(event) => list.set({ status: (event.currentTarget.value || undefined) as PayoutStatus | undefined })}
                w={{ base: '100%', xs: 170 }}
                data={[{ value: '', label: t('list.anyStatus') }, ...PAYOUT_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))]}
              />
              <CurrencySelect
                aria-label={t('list.currencyFilter')}
                value={params.currency ?? ''}
                onChange={(code) => list.set({ currency: code || undefined })}
                clearable
                placeholder={t('list.anyCurrency')}
                nothingFoundMessage={t('list.noCurrencyFound')}
                w={{ base: '100%', xs: 240 }}
              />
              <TextInput
                type="date"
                aria-label={t('list.runDayFilter')}
                value={params.scheduled_on ?? ''}
                onChange={(event) => list.set({ scheduled_on: event.currentTarget.value || undefined })}
                w={{ base: '100%', xs: 180 }}
              />
              {mayManage ? <BankFileButtons day={params.scheduled_on} currency={params.currency} /> : null}
            </Group>
          }
          sort={params.sort}
          onSortChange={(sort) => list.set({ sort: (sort || undefined) as ConsolePayoutsQuery['sort'] | undefined })}
          page={params.page}
          perPage={params.per_page}
          onPageChange={list.setPage}
          onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
          getRowLabel={(row) => `${row.agent_name} · ${format.date(row.scheduled_on)}`}
          minWidth={1000}
        />
      </Paper>
    </Stack>
  );
}

/**
 * A batch (a run day and a currency) as a bank file: CSV for any currency, SEPA XML for euros. Shown once both filters
 * name a batch; until then a hint says what to choose.
 */
function BankFileButtons({ day, currency }: { day: string | undefined; currency: string | undefined }) {
  const t = useText('console-payouts');
  const [busy, setBusy] = useState<'csv' | 'sepa' | null>(null);
  if (!day || !currency) {
    return (
      <Text size="xs" c="dimmed" maw={260}>
        {t('bankFile.hint')}
      </Text>
    );
  }
  const download = async (format: 'csv' | 'sepa') => {
    setBusy(format);
    try {
      await downloadBankFile({ format, scheduled_on: day, currency });
    } catch (error) {
      notifyError(t('bankFile.failedTitle'), error instanceof DownloadError && error.status === 422 ? t('bankFile.nothing') : t('bankFile.failed'));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      <SendBatchButton day={day} currency={currency} />
      <Button variant="light" size="sm" leftSection={<IconFileDownload size={16} aria-hidden />} loading={busy === 'csv'} onClick={() => void download('csv')}>
        {t('bankFile.csv')}
      </Button>
      {currency === 'EUR' ? (
        <Button variant="light" size="sm" leftSection={<IconFileDownload size={16} aria-hidden />} loading={busy === 'sepa'} onClick={() => void download('sepa')}>
          {t('bankFile.sepa')}
        </Button>
      ) : null}
    </Group>
  );
}
