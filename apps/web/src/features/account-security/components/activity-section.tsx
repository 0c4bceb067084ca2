import { useMemo } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { securityActivityEndpoint, type SecurityActivityRow } from '@portal/contracts/account-security';
import type { PageSize } from '@portal/contracts/constants';
import { DataTable } from '../../../components/data-table/data-table';
import type { TableHeader } from '../../../components/data-table/data-table-types';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { useListEndpoint } from '../../../lib/use-list-endpoint';
import { deviceLabel } from './device-label';
import { ERROR_TEXT_COLOUR } from '../../../lib/status-colors';

/** The member's security activity, newest first and paged (the list kit: loading, failed with Retry, empty). */
export function ActivitySection() {
  const t = useText('account-security');
  const format = useFormat();
  const headers = useMemo<TableHeader<SecurityActivityRow>[]>(
    () => [
      {
        text: t('columnEvent'),
        value: 'kind',
        render: (row) => (
          <Stack gap={0}>
            <Text size="sm" fw={row.kind === 'sign_in_failed' || row.kind === 'reauthentication_failed' ? 600 : undefined} c={row.kind.endsWith('failed') ? ERROR_TEXT_COLOUR : undefined}>
              {t(`kinds.${row.kind}`)}
            </Text>
            {(row.method || row.by_operator) && (
              <Text size="xs" c="dimmed">
                {[row.method ? t(`methods.${row.method}`) : null, row.by_operator ? t('byPortalTeam') : null].filter(Boolean).join(' · ')}
              </Text>
            )}
          </Stack>
        ),
      },
      { text: t('columnDevice'), value: 'device', render: (row) => (row.device ? <span dir="auto">{deviceLabel(row.device, t)}</span> : '-') },
      { text: t('columnIp'), value: 'ip', render: (row) => <span dir="ltr">{row.ip ?? '-'}</span> },
      { text: t('columnWhen'), value: 'created_at', render: (row) => <span title={format.full(row.created_at)}>{`${format.date(row.created_at)} ${format.time(row.created_at)}`}</span> },
    ],
    [t, format],
  );
  const { list, table } = useListEndpoint(securityActivityEndpoint, {}, { loadFailed: t('activityFailed') });
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="security-activity-title">
      <Title order={2} size="h4" id="security-activity-title" mb="sm">
        {t('activityTitle')}
      </Title>
      <DataTable<SecurityActivityRow>
        caption={t('activityTitle')}
        headers={headers}
        {...table}
        emptyText={t('activityEmpty')}
        filteredEmptyText={t('activityFilteredEmpty')}
        page={list.params.page}
        perPage={list.params.per_page}
        onPageChange={list.setPage}
        onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
      />
    </Paper>
  );
}
