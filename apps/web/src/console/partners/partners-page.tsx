import { useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { PageSize } from '@portal/contracts/constants';
import { PARTNER_ACCOUNT_STATUSES, partnerAccountsEndpoint, type PartnerAccountRow, type PartnerAccountStatus } from '@portal/contracts/console-partners';
import { DataTable } from '../../components/data-table/data-table';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { useListEndpoint } from '../../lib/use-list-endpoint';
import { CONSOLE_PATHS } from '../console-paths';
import { PartnerStatusBadge } from './partner-status-badge';

const SEARCH_MAX = 100;

/** /console/partners: every partner account, searchable and filtered by status, each leading to its detail. */
export function PartnersPage() {
  const t = useText('console');
  const format = useFormat();
  const { list, table } = useListEndpoint(partnerAccountsEndpoint, {}, { loadFailed: t('partners.loadFailed') });
  const { params } = list;

  const headers = useMemo<TableHeader<PartnerAccountRow>[]>(
    () => [
      {
        text: t('partners.columnName'),
        value: 'name',
        sort: true,
        render: (row) => (
          <Anchor component={Link} to={`${CONSOLE_PATHS.partners}/${row.id}`}>
            {`${row.first_name} ${row.last_name}`}
          </Anchor>
        ),
      },
      { text: t('partners.columnEmail'), value: 'email' },
      { text: t('partners.columnOrganisation'), value: 'organisation', sort: true },
      { text: t('partners.columnAgent'), value: 'referral_agent' },
      { text: t('partners.columnStatus'), value: 'status', render: (row) => <PartnerStatusBadge status={row.status} /> },
      { text: t('partners.columnRegistered'), value: 'created_at', sort: true, render: (row) => format.date(row.created_at) },
      {
        text: t('partners.columnLastSignIn'),
        value: 'last_sign_in_at',
        render: (row) => (row.last_sign_in_at ? `${format.date(row.last_sign_in_at)} ${format.time(row.last_sign_in_at)}` : t('partners.never')),
      },
    ],
    [t, format],
  );

  const status = params.status as PartnerAccountStatus | undefined;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('partners.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('partners.description')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<PartnerAccountRow>
          caption={t('partners.title')}
          headers={headers}
          {...table}
          emptyText={t('partners.empty')}
          filteredEmptyText={t('partners.filteredEmpty')}
          activeFilters={status ? [t('partners.statusFilter', { status: t(`partners.statuses.${status}`) })] : []}
          showHeader
          toolbar={
            <NativeSelect
              aria-label={t('partners.status')}
              value={status ?? ''}
              onChange={(event) => list.set({ status: (event.currentTarget.value || undefined) as PartnerAccountStatus | undefined })}
              w={200}
            >
              <option value="">{t('partners.allStatuses')}</option>
              {PARTNER_ACCOUNT_STATUSES.map((option) => (
                <option key={option} value={option}>
                  {t(`partners.statuses.${option}`)}
                </option>
              ))}
            </NativeSelect>
          }
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
    </Stack>
  );
}
