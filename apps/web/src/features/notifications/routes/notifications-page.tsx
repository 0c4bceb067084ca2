import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Anchor, Box, Button, Group, Pagination, Paper, SegmentedControl, Skeleton, Stack, Text, Title, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import type { Notification } from '@portal/contracts/notifications';
import { useNotificationListParams, useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useDeleteNotification } from '../api/delete-notification';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { useNow } from '../components/use-now';

const CONTROL_LABELS = { first: 'table.firstPage', previous: 'table.previousPage', next: 'table.nextPage', last: 'table.lastPage' } as const;

/**
 * /notifications: every notification of the signed-in user, newest first, with read and unread states, the
 * All / Unread filter, mark one read (clicking it, which also opens its link), mark all read, delete, relative
 * times and pages. Filter and page live in the URL, so a reload or a shared link shows the same view.
 */
export function NotificationsPage() {
  const t = useText('notifications');
  const shared = useText('shared');
  const format = useFormat();
  const list = useNotificationListParams();
  const { page, filter } = list.params;
  const navigate = useNavigate();
  const now = useNow();

  const notifications = useNotifications(list);
  const unread = useUnreadCount().data?.count ?? 0;
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const remove = useDeleteNotification();

  const open = (notification: Notification) => {
    if (!notification.read_at) markRead.mutate(notification.id);
    if (notification.link) void navigate(notification.link);
  };

  const data = notifications.page;
  // Deleting the last row of the last page leaves the page past the end: step back to the last page there is.
  const current = notifications.current;
  const pastTheEnd = current && current.data.length === 0 && current.total > 0 && page > current.last_page ? current.last_page : null;
  const { setPage } = list;
  useEffect(() => {
    if (pastTheEnd !== null) setPage(pastTheEnd, { replace: true });
  }, [pastTheEnd, setPage]);

  return (
    <Stack gap="lg" maw={880}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Box>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text c="dimmed" size="sm" aria-live="polite">
            {unread === 0 ? t('allRead') : t('unreadCount', { count: unread })}
          </Text>
        </Box>
        <Group gap="sm">
          <SegmentedControl
            aria-label={t('show')}
            value={filter}
            onChange={(value) => list.set({ filter: value as typeof filter })}
            data={[
              { label: t('all'), value: 'all' },
              { label: t('unread'), value: 'unread' },
            ]}
          />
          <Button
            variant="light"
            leftSection={<IconCheck size={16} aria-hidden="true" />}
            disabled={unread === 0}
            loading={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            {t('markAllRead')}
          </Button>
        </Group>
      </Group>

      {!data && !notifications.error ? (
        <LoadingPlaceholder label={t('loading')}>
          <Stack gap="sm">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} h={76} radius="md" />
            ))}
          </Stack>
        </LoadingPlaceholder>
      ) : !data ? (
        <LoadFailedAlert title={t('pageLoadFailed')} message={shared('errors.checkConnection')} retryLabel={shared('errors.tryAgain')} onRetry={notifications.retry} retrying={notifications.loading} />
      ) : data.data.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" ta="center">
            {filter === 'unread' ? t('emptyUnread') : t('empty')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" aria-label={t('title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {data.data.map((notification) => {
            const isUnread = !notification.read_at;
            return (
              <Paper
                key={notification.id}
                component="li"
                withBorder
                radius="md"
                p="md"
                data-unread={isUnread ? 'true' : undefined}
                style={{
                  borderInlineStart: `4px solid ${isUnread ? 'var(--mantine-color-blue-6)' : 'transparent'}`,
                  background: isUnread ? 'var(--mantine-color-blue-light)' : undefined,
                }}
              >
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <UnstyledButton onClick={() => open(notification)} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={isUnread ? 700 : 500}>
                      {notification.title}
                      {isUnread ? <VisuallyHidden>{t('unreadMark')}</VisuallyHidden> : null}
                    </Text>
                    {notification.body ? (
                      <Text size="sm" c="dimmed" mt={2}>
                        {notification.body}
                      </Text>
                    ) : null}
                    <Text size="xs" c="dimmed" mt={6} component="time" dateTime={notification.created_at} title={format.full(notification.created_at)}>
                      {format.relative(notification.created_at, now)}
                    </Text>
                  </UnstyledButton>
                  <Group gap={4} wrap="nowrap">
                    {notification.link ? (
                      <Anchor
                        href={notification.link}
                        size="sm"
                        onClick={(event) => {
                          event.preventDefault();
                          open(notification);
                        }}
                      >
                        {t('open')}
                      </Anchor>
                    ) : null}
                    {isUnread ? (
                      <Tooltip label={t('markRead')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('markReadNamed', { title: notification.title })}
                          onClick={() => markRead.mutate(notification.id)}
                        >
                          <IconCheck size={18} aria-hidden="true" />
                        </ActionIcon>
                      </Tooltip>
                    ) : null}
                    <Tooltip label={t('delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('deleteNamed', { title: notification.title })}
                        loading={remove.isPending && remove.variables === notification.id}
                        onClick={() => remove.mutate(notification.id)}
                      >
                        <IconTrash size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}

      {data && data.last_page > 1 ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('showingRange', { from: format.number(data.from ?? 0), to: format.number(data.to ?? 0), total: format.number(data.total) })}
          </Text>
          <Pagination
            total={data.last_page}
            value={Math.min(page, data.last_page)}
            onChange={(next) => list.setPage(next)}
            getItemProps={(item) => ({ 'aria-label': shared('table.page', { page: item }) })}
            getControlProps={(control) => ({ 'aria-label': shared(CONTROL_LABELS[control]) })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
