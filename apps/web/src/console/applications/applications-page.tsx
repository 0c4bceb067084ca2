import { useMemo, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PageSize } from '@portal/contracts/constants';
import { partnerApplicationsEndpoint, type PartnerApplication } from '@portal/contracts/partner-applications';
import { DataTable } from '../../components/data-table/data-table';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { useListEndpoint } from '../../lib/use-list-endpoint';
import { DecisionDialog, type PendingDecision } from './decision-dialog';

const SEARCH_MAX = 100;

/** /console/partner-applications: the pending queue (the list kit), each application approved or rejected. */
export function ApplicationsPage() {
  const t = useText('console');
  const format = useFormat();
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const { list, table } = useListEndpoint(partnerApplicationsEndpoint, {}, { loadFailed: t('applications.loadFailed') });
  const { params } = list;

  const headers = useMemo<TableHeader<PartnerApplication>[]>(
    () => [
      { text: t('applications.columnName'), value: 'name', sort: true, render: (row) => `${row.first_name} ${row.last_name}` },
      { text: t('applications.columnEmail'), value: 'email' },
      { text: t('applications.columnOrganisation'), value: 'organisation', sort: true },
      { text: t('applications.columnType'), value: 'partner_type' },
      { text: t('applications.columnPhone'), value: 'phone', render: (row) => (row.phone ? <span dir="ltr">{row.phone}</span> : '-') },
      { text: t('applications.columnRegistered'), value: 'created_at', sort: true, render: (row) => format.date(row.created_at) },
      {
        text: t('applications.columnActions'),
        value: 'id',
        render: (row) => {
          const name = `${row.first_name} ${row.last_name}`;
          return (
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" color="teal" aria-label={t('applications.approveNamed', { name })} onClick={() => setPending({ kind: 'approve', application: row })}>
                {t('applications.approve')}
              </Button>
              <Button size="xs" variant="light" color="red" aria-label={t('applications.rejectNamed', { name })} onClick={() => setPending({ kind: 'reject', application: row })}>
                {t('applications.reject')}
              </Button>
            </Group>
          );
        },
      },
    ],
    [t, format],
  );

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('applications.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('applications.description')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<PartnerApplication>
          caption={t('applications.title')}
          headers={headers}
          {...table}
          emptyText={t('applications.empty')}
          filteredEmptyText={t('applications.filteredEmpty')}
          showHeader
          searchValue={params.search ?? ''}
          onSearch={(search) => list.set({ search: search.slice(0, SEARCH_MAX) })}
          sort={params.sort}
          onSortChange={(sort) => list.set({ sort: (sort || undefined) as typeof params.sort })}
          page={params.page}
          perPage={params.per_page}
          onPageChange={list.setPage}
          onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
          getRowLabel={(row) => `${row.first_name} ${row.last_name}`}
        />
      </Paper>
      <DecisionDialog pending={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}
