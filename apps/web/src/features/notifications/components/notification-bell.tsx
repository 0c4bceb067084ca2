import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { BELL_LATEST_COUNT, type Notification } from '@portal/contracts/notifications';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { notificationsQueryOptions } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NOTIFICATIONS_PATH } from '../paths';
import { useLiveNotifications } from './use-live-notifications';
import { useNow } from './use-now';

/** '99+' past 99, so the badge keeps its size. */
export function badgeLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * The header's bell: the unread count as a badge, and a popover with the latest notifications, 'Mark all as
 * read' and 'View all' (the /notifications page). Also keeps the notification centre live (toasts, counts).
 */
export function NotificationBell() {
  useLiveNotifications();
  const t = useText('notifications');
  const format = useFormat();
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const navigate = useNavigate();
  const now = useNow();
  const count = useUnreadCount().data?.count ?? 0;
  const latest = useQuery({
    ...notificationsQueryOptions({ page: 1, per_page: BELL_LATEST_COUNT, filter: 'all' }),
    enabled: opened,
  });
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();

  const open = (notification: Notification) => {
    if (!notification.read_at) markRead.mutate(notification.id);
    if (notification.link) {
      setOpened(false);
      void navigate(notification.link);
    }
  };

  return (
    // returnFocus: closed by Escape or a click outside, focus goes back to the bell, not to <body>.
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withArrow trapFocus returnFocus>
      <Popover.Target>
        {/* The button is the popover's target, so the ARIA Mantine adds to the target (aria-haspopup, -expanded,
            -controls) lands on it; the badge sits inside it (it was a div around it: axe aria-allowed-attr). */}
        <ActionIcon
          variant="subtle"
          color="gray"
          size={36}
          radius="xl"
          aria-label={t('bellLabel', { count })}
          onClick={() => setOpened((value) => !value)}
          style={{ overflow: 'visible' }}
        >
          <Indicator label={badgeLabel(count)} size={18} offset={-2} disabled={count === 0} color="red" withBorder>
            <IconBell size={20} stroke={1.7} aria-hidden="true" style={{ display: 'block' }} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-labelledby={titleId}>
        <Group justify="space-between" px="md" py="sm" wrap="nowrap">
          <Text fw={700} id={titleId}>
            {t('title')}
          </Text>
          {count > 0 ? (
            <Button size="compact-xs" variant="subtle" loading={markAllRead.isPending} onClick={() => markAllRead.mutate()}>
              {t('markAllRead')}
            </Button>
          ) : null}
        </Group>
        <Divider />
        <Box mah={380} style={{ overflowY: 'auto' }}>
          {latest.isPending ? (
            <Group justify="center" p="lg" role="status">
              <Loader size="sm" aria-hidden="true" />
              <VisuallyHidden>{t('loading')}</VisuallyHidden>
            </Group>
          ) : latest.isError ? (
            <Text size="sm" c="red" p="md" role="alert">
              {t('loadFailed')}
            </Text>
          ) : latest.data.data.length === 0 ? (
            <Text size="sm" c="dimmed" p="md">
              {t('empty')}
            </Text>
          ) : (
            <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {latest.data.data.map((notification) => (
                <li key={notification.id}>
                  <UnstyledButton
                    w="100%"
                    px="md"
                    py="sm"
                    onClick={() => open(notification)}
                    data-unread={notification.read_at ? undefined : 'true'}
                    style={{
                      display: 'block',
                      background: notification.read_at ? undefined : 'var(--mantine-color-blue-light)',
                    }}
                  >
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Box
                        mt={7}
                        w={8}
                        h={8}
                        style={{
                          flex: 'none',
                          borderRadius: '50%',
                          background: notification.read_at ? 'transparent' : 'var(--mantine-color-blue-6)',
                        }}
                        aria-hidden="true"
                      />
                      <Box style={{ minWidth: 0 }}>
                        <Text size="sm" fw={notification.read_at ? 500 : 700} lineClamp={1}>
                          {notification.title}
                          {notification.read_at ? null : <VisuallyHidden>{t('unreadMark')}</VisuallyHidden>}
                        </Text>
                        {notification.body ? (
                          <Text size="xs" c="dimmed" lineClamp={2}>
                            {notification.body}
                          </Text>
                        ) : null}
                        <Text size="xs" c="dimmed" mt={2}>
                          {format.relative(notification.created_at, now)}
                        </Text>
                      </Box>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          )}
        </Box>
        <Divider />
        <Group justify="center" p="xs">
          <Anchor component={Link} to={NOTIFICATIONS_PATH} size="sm" fw={600} onClick={() => setOpened(false)}>
            {t('viewAll')}
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
