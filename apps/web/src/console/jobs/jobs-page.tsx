import { useMemo, useState } from 'react';
import { Button, Code, Group, Loader, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh, IconRotateClockwise } from '@tabler/icons-react';
import type { FailedJob, JobsOverview, QueueSummary } from '@portal/contracts/console-jobs';
import { DataTable } from '../../components/data-table/data-table';
import { listControls } from '../../components/list-page/list-page';
import { PageHeader } from '../../components/page-header/page-header';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { LoadFailedAlert } from '../../components/query-view/query-view';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { errorMessage } from '../../lib/http';
import { notifySuccess } from '../../lib/notify';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { useFailedJobs, useJobsOverview, useRetryJob } from './jobs-api';
import { TableScroller } from '../../components/data-table/scroll-region-frame';

const STATES = ['queued', 'active', 'retrying', 'failed', 'completed'] as const satisfies readonly (keyof QueueSummary)[];

/** /console/jobs: each queue by state, the failed list (dead letters) with Retry, and the schedules. */
export function JobsPage() {
  const t = useText('console-jobs');
  const format = useFormat();
  const overview = useJobsOverview();
  const failed = useFailedJobs({ loadFailed: t('failed.loadFailed') });
  const [retrying, setRetrying] = useState<FailedJob | null>(null);

  const refresh = () => {
    void overview.refetch();
    failed.paged.retry();
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={t('description')}
        maw={760}
        action={
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={refresh} loading={overview.isFetching}>
            {t('refresh')}
          </Button>
        }
      >
        {overview.dataUpdatedAt ? (
          // Not a live region: announcing every 15-second refresh would talk over whatever the reader is doing.
          <Text size="xs" c="dimmed">
            {t('updated', { time: format.time(new Date(overview.dataUpdatedAt)) })}
          </Text>
        ) : null}
      </PageHeader>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('queues.title')}
          </Title>
          {overview.isPending ? (
            <Group role="status" aria-label={t('queues.title')}>
              <Loader size="sm" aria-hidden />
            </Group>
          ) : overview.isError && !overview.data ? (
            <LoadFailedAlert title={errorMessage(overview.error, t('loadFailed'))} retryLabel={t('retry')} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
          ) : (
            <QueuesTable queues={overview.data?.queues ?? []} onShowFailed={(name) => failed.list.set({ name })} />
          )}
        </Stack>
      </Paper>

      <FailedJobs failed={failed} queueNames={(overview.data?.queues ?? []).map((queue) => queue.name)} onRetry={setRetrying} />

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('schedules.title')}
          </Title>
          {overview.data ? <SchedulesTable schedules={overview.data.schedules} /> : null}
        </Stack>
      </Paper>

      <RetryDialog job={retrying} onClose={() => setRetrying(null)} />
    </Stack>
  );
}

function QueuesTable({ queues, onShowFailed }: { queues: QueueSummary[]; onShowFailed: (name: string) => void }) {
  const t = useText('console-jobs');
  const format = useFormat();
  if (queues.length === 0) return <Text size="sm" c="dimmed">{t('queues.empty')}</Text>;
  return (
    <TableScroller label={t('queues.caption')} minWidth={640}>
      <Table striped verticalSpacing="xs">
        <Table.Caption>{t('queues.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('queues.columnQueue')}</Table.Th>
            {STATES.map((state) => (
              <Table.Th key={state} scope="col" ta="end">
                {t(`queues.${state}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {queues.map((queue) => (
            <Table.Tr key={queue.name}>
              <Table.Th scope="row" fw={500}>
                <Code>{queue.name}</Code>
              </Table.Th>
              {STATES.map((state) => (
                <Table.Td key={state} ta="end">
                  {state === 'failed' && queue.failed > 0 ? (
                    <Button variant="subtle" color="red" size="compact-sm" aria-label={t('queues.showFailed', { name: queue.name })} onClick={() => onShowFailed(queue.name)}>
                      {format.number(queue.failed)}
                    </Button>
                  ) : (
                    format.number(queue[state])
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroller>
  );
}

/** What a job's summary says, as 'key: value' lines. */
function Summary({ summary }: { summary: Record<string, unknown> }) {
  const entries = Object.entries(summary);
  if (entries.length === 0) return '-';
  return (
    <Stack gap={0}>
      {entries.map(([key, value]) => (
        <Text key={key} size="xs" style={{ wordBreak: 'break-word' }}>
          <Text span size="xs" c="dimmed">{`${key}: `}</Text>
          {typeof value === 'object' ? JSON.stringify(value) : String(value)}
        </Text>
      ))}
    </Stack>
  );
}

function When({ value }: { value: string | null }) {
  const format = useFormat();
  if (!value) return '-';
  return (
    <time dateTime={value} title={format.full(value)} style={{ whiteSpace: 'nowrap' }}>
      {`${format.date(value)} ${format.time(value)}`}
    </time>
  );
}

function FailedJobs({ failed, queueNames, onRetry }: { failed: ReturnType<typeof useFailedJobs>; queueNames: string[]; onRetry: (job: FailedJob) => void }) {
  const t = useText('console-jobs');
  const format = useFormat();
  const { list, table } = failed;
  const { params } = list;
  const headers = useMemo<TableHeader<FailedJob>[]>(
    () => [
      { text: t('failed.columnQueue'), value: 'name', render: (row) => <Code>{row.name}</Code> },
      { text: t('failed.columnSummary'), value: 'summary', render: (row) => <Summary summary={row.summary} /> },
      { text: t('failed.columnKey'), value: 'key', render: (row) => (row.key ? <Code>{row.key}</Code> : t('failed.noKey')) },
      { text: t('failed.columnAttempts'), value: 'attempts', align: 'right', render: (row) => format.number(row.attempts) },
      {
        text: t('failed.columnError'),
        value: 'error',
        render: (row) => (
          <Text span size="sm" c="red.8" lineClamp={3} title={row.error ?? undefined} maw={320} style={{ wordBreak: 'break-word' }}>
            {row.error ?? t('failed.noError')}
          </Text>
        ),
      },
      { text: t('failed.columnCreated'), value: 'created_at', render: (row) => <When value={row.created_at} /> },
      { text: t('failed.columnFailed'), value: 'failed_at', render: (row) => <When value={row.failed_at} /> },
      {
        text: t('failed.columnActions'),
        value: 'id',
        render: (row) => (
          <Button size="compact-sm" variant="light" leftSection={<IconRotateClockwise size={14} aria-hidden />} aria-label={t('failed.retryNamed', { id: row.id })} onClick={() => onRetry(row)}>
            {t('failed.retry')}
          </Button>
        ),
      },
    ],
    [t, format, onRetry],
  );

  const names = params.name && !queueNames.includes(params.name) ? [...queueNames, params.name] : queueNames;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('failed.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('failed.description')}
          </Text>
        </Stack>
        <NativeSelect
          label={t('failed.queue')}
          value={params.name ?? ''}
          onChange={(event) => list.set({ name: event.currentTarget.value || null })}
          data={[{ value: '', label: t('failed.allQueues') }, ...names.map((name) => ({ value: name, label: name }))]}
          w={{ base: '100%', xs: 260 }}
        />
        <DataTable<FailedJob>
          caption={t('failed.title')}
          headers={headers}
          {...table}
          emptyText={t('failed.empty')}
          filteredEmptyText={t('failed.filteredEmpty')}
          activeFilters={params.name ? [t('failed.queueFilter', { name: params.name })] : []}
          {...listControls(list, { sortable: false })}
          minWidth={960}
        />
      </Stack>
    </Paper>
  );
}

function SchedulesTable({ schedules }: { schedules: JobsOverview['schedules'] }) {
  const t = useText('console-jobs');
  const format = useFormat();
  if (schedules.length === 0) return <Text size="sm" c="dimmed">{t('schedules.empty')}</Text>;
  return (
    <TableScroller label={t('schedules.caption')} minWidth={560}>
      <Table striped verticalSpacing="xs">
        <Table.Caption>{t('schedules.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('schedules.columnQueue')}</Table.Th>
            <Table.Th scope="col">{t('schedules.columnCron')}</Table.Th>
            <Table.Th scope="col">{t('schedules.columnTimeZone')}</Table.Th>
            <Table.Th scope="col">{t('schedules.columnNext')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedules.map((schedule) => (
            <Table.Tr key={schedule.name}>
              <Table.Th scope="row" fw={500}>
                <Code>{schedule.name}</Code>
              </Table.Th>
              <Table.Td>
                <Code>{schedule.cron}</Code>
              </Table.Td>
              <Table.Td>{schedule.time_zone}</Table.Td>
              <Table.Td>
                {schedule.next_run_at ? (
                  <time dateTime={schedule.next_run_at}>{format.full(schedule.next_run_at)}</time>
                ) : (
                  <Text span c="dimmed">
                    {t('schedules.unknown')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroller>
  );
}

function RetryDialog({ job, onClose }: { job: FailedJob | null; onClose: () => void }) {
  const t = useText('console-jobs');
  const retry = useRetryJob();
  if (!job) return null;
  return (
    <ConfirmActionDialog
      subject={job.id}
      title={t('failed.retryTitle', { name: job.name })}
      detail={t('failed.retryDetail', { count: job.attempts, error: job.error ?? t('failed.noError') })}
      confirmLabel={t('failed.retry')}
      confirmColor="teal"
      cancelLabel={t('failed.cancel')}
      closeLabel={t('failed.close')}
      failedText={t('failed.retryFailed')}
      pending={retry.isPending}
      onConfirm={async () => {
        await retry.mutateAsync(job);
        notifySuccess(t('failed.retried'), t('failed.retriedDetail', { name: job.name }));
      }}
      onClose={onClose}
    />
  );
}
