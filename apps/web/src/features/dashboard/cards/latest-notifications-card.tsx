import { Link } from 'react-router';
import { Anchor, Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Notification } from '@portal/contracts/notifications';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import type { DashboardCardProps } from '../../../lib/dashboard-cards';
import { useLatestNotifications } from '../api/latest-notifications';
import { cardState, DashboardCardFrame } from '../components/dashboard-card-frame';
import classes from '../dashboard.module.css';

/** The notification centre's page (spec §2: notifications). */
const NOTIFICATIONS_PAGE = '/notifications';

/**
 * The member's latest notifications, newest first, the unread ones marked, each leading where it is about; the rest
 * on the notification centre's page. The range is not this card's.
 */
export function LatestNotificationsCard(_props: DashboardCardProps) {
  const t = useText('dashboard');
  const notifications = useLatestNotifications();
  return (
    <DashboardCardFrame title={t('notifications.title')} state={cardState(notifications)} link={{ to: NOTIFICATIONS_PAGE, label: t('notifications.viewAll') }}>
      {() => {
        const rows = notifications.data!.data;
        if (rows.length === 0) {
          return (
            <Text c="dimmed" size="sm">
              {t('notifications.empty')}
            </Text>
          );
        }
        return (
          <Stack component="ul" gap="xs" className={classes.plainList}>
            {rows.map((notification) => (
              <NotificationLine key={notification.id} notification={notification} />
            ))}
          </Stack>
        );
      }}
    </DashboardCardFrame>
  );
}

function NotificationLine({ notification }: { notification: Notification }) {
  const t = useText('dashboard');
  const format = useFormat();
  const unread = notification.read_at === null;
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      {/* The unread mark: a dot for the eye, a word for a screen reader. */}
      <Box
        w={8}
        h={8}
        mt={7}
        style={{ borderRadius: '50%', flex: 'none', background: unread ? 'var(--mantine-color-blue-filled)' : 'transparent' }}
        aria-hidden="true"
      />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          {unread ? <VisuallyHidden>{t('notifications.unread')}</VisuallyHidden> : null}
          {notification.link ? (
            <Anchor component={Link} to={notification.link} size="sm" fw={unread ? 700 : 500}>
              {notification.title}
            </Anchor>
          ) : (
            <Text size="sm" fw={unread ? 700 : 500}>
              {notification.title}
            </Text>
          )}
        </Group>
        {notification.body ? (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {notification.body}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          <time dateTime={notification.created_at} title={format.full(notification.created_at)}>
            {format.relative(notification.created_at)}
          </time>
        </Text>
      </Stack>
    </Group>
  );
}
