import { useMemo } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { PageSize } from '@portal/contracts/constants';
import { NOTIFICATION_AUDIENCES, type NotificationAudience, type NotificationBroadcast } from '@portal/contracts/console-notifications';
import { DataTable } from '../../components/data-table/data-table';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { BroadcastStateCell } from './broadcast-state';
import { useBroadcastHistory } from './notifications-api';
import { COMPOSE_NOTIFICATION_PATH } from './notifications-paths';

const SEARCH_MAX = 100;

/** /console/notifications: what was sent, by whom, to whom and how far it got; newest first. */
export function BroadcastsPage() {
  const t = useText('console-notifications');
  const format = useFormat();
  const { list, table } = useBroadcastHistory({ loadFailed: t('loadFailed') });
  const { params } = list;

  const headers = useMemo<TableHeader<NotificationBroadcast>[]>(
    () => [
      { text: t('columns.sent'), value: 'created_at', render: (row) => `${format.date(row.created_at)} ${format.time(row.created_at)}` },
      {
        text: t('columns.notification'),
        value: 'title',
        render: (row) => (
          <Stack gap={2} maw={420}>
            <Group gap={6} wrap="nowrap" align="baseline">
              <Text size="sm" fw={600} lineClamp={2}>
                {row.title}
              </Text>
              {row.title_ar ? (
                <Badge size="xs" variant="light" color="gray" tt="none" style={{ flex: 'none' }}>
                  {t('arabicToo')}
                </Badge>
              ) : null}
            </Group>
            {row.body ? (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {row.body}
              </Text>
            ) : null}
            {row.link ? (
              <Text size="xs" c="dimmed" dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                {row.link}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      { text: t('columns.audience'), value: 'audience', render: (row) => t(`audienceOf.${row.audience}`, { name: row.audience_label ?? '' }) },
      {
        text: t('columns.sender'),
        value: 'sender_name',
        render: (row) => (row.sender_type === 'cli' ? t('commandLine', { name: row.sender_name }) : row.sender_name),
      },
      { text: t('columns.recipients'), value: 'recipient_count', align: 'right', render: (row) => format.number(row.recipient_count) },
      { text: t('columns.state'), value: 'state', render: (row) => <BroadcastStateCell broadcast={row} /> },
    ],
    [t, format],
  );

  const audience = params.audience as NotificationAudience | undefined;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('description')}
          </Text>
        </Stack>
        <Button component={Link} to={COMPOSE_NOTIFICATION_PATH} leftSection={<IconPlus size={16} aria-hidden="true" />}>
          {t('newNotification')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<NotificationBroadcast>
          caption={t('title')}
          headers={headers}
          {...table}
          emptyText={t('empty')}
          filteredEmptyText={t('filteredEmpty')}
          activeFilters={audience ? [t('audienceFilterChip', { audience: t(`audienceKinds.${audience}`) })] : []}
          showHeader
          toolbar={
            <NativeSelect
              aria-label={t('audienceFilter')}
              value={audience ?? ''}
              onChange={(event) => list.set({ audience: (event.currentTarget.value || undefined) as NotificationAudience | undefined })}
              w={200}
            >
              <option value="">{t('everyAudience')}</option>
              {NOTIFICATION_AUDIENCES.map((option) => (
                <option key={option} value={option}>
                  {t(`audienceKinds.${option}`)}
                </option>
              ))}
            </NativeSelect>
          }
          searchValue={params.search ?? ''}
          onSearch={(search) => list.set({ search: search.slice(0, SEARCH_MAX) })}
          page={params.page}
          perPage={params.per_page}
          onPageChange={list.setPage}
          onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
          getRowLabel={(row) => row.title}
        />
      </Paper>
    </Stack>
  );
}
