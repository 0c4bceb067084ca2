import { useMemo } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { NOTIFICATION_AUDIENCES, type NotificationBroadcast } from '@portal/contracts/console-notifications';
import { enumFilter, enumOptions, ListPageView } from '../../components/list-page/list-page';
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
  const source = useBroadcastHistory({ loadFailed: t('loadFailed') });

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

  return (
    <ListPageView
      source={source}
      title={t('title')}
      description={t('description')}
      action={
        <Button component={Link} to={COMPOSE_NOTIFICATION_PATH} leftSection={<IconPlus size={16} aria-hidden="true" />}>
          {t('newNotification')}
        </Button>
      }
      texts={{ empty: t('empty'), filteredEmpty: t('filteredEmpty') }}
      headers={headers}
      search={{ max: SEARCH_MAX }}
      filters={[
        enumFilter('audience', {
          label: t('audienceFilter'),
          all: t('everyAudience'),
          options: enumOptions(NOTIFICATION_AUDIENCES, (audience) => t(`audienceKinds.${audience}`)),
          active: (audience) => t('audienceFilterChip', { audience }),
          width: 200,
        }),
      ]}
      getRowLabel={(row) => row.title}
    />
  );
}
