import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Anchor, Stack, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import { NOTIFICATION_DURATION_MS } from '@portal/contracts/constants';
import {
  NOTIFICATION_EVENTS,
  notificationCreatedEventSchema,
  notificationsUpdatedEventSchema,
  type Notification,
  type UnreadCount,
} from '@portal/contracts/notifications';
import { translate } from '../../../i18n/i18n';
import { HttpError } from '../../../lib/http';
import { followSession, listenOnUserChannel, onRealtimeReconnect } from '../../../lib/realtime';
import { useAuthStore, watchSession } from '../../../stores/auth-store';
import { markNotificationRead } from '../api/mark-notification-read';
import { notificationKeys } from '../api/notification-keys';
import { afterNotificationsChanged, onNotificationsChangedInOtherTab } from '../api/notifications-cache';

type NavigateTo = (to: string) => void;

/** The live toast of a new notification (spec §9: 6000 ms), with a link to what it is about. */
export function showNotificationToast(notification: Notification, onOpen: (notification: Notification) => void): void {
  const t = translate('notifications');
  const id = `notification-${notification.id}`;
  toasts.show({
    id,
    title: notification.title,
    color: 'blue',
    icon: <IconBell size={18} aria-hidden="true" />,
    autoClose: NOTIFICATION_DURATION_MS,
    message: (
      <Stack gap={4}>
        {notification.body ? <Text size="sm">{notification.body}</Text> : null}
        {notification.link ? (
          <Anchor
            href={notification.link}
            size="sm"
            fw={600}
            onClick={(event) => {
              // The toasts render outside the router: navigate through the app, not by reloading the page.
              event.preventDefault();
              toasts.hide(id);
              onOpen(notification);
            }}
          >
            {t('viewDetails')}
          </Anchor>
        ) : null}
      </Stack>
    ),
  });
}

/**
 * Keeps the notification centre live in this tab: connects realtime for the signed-in user, toasts every
 * 'NotificationCreated', applies 'NotificationsUpdated' (another tab or device read, deleted or received one),
 * refetches after a reconnection (events sent while the socket was down are lost) and when another tab of this
 * browser changed something. Mounted once, by the header's bell.
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    // After the server closed this tab's socket with the user's other sessions: reconnect only if this tab's lives.
    followSession(watchSession, async () => {
      const result = await useAuthStore.getState().fetchUser();
      if (result.ok) return result.user !== null;
      // 401: the session is gone (the HTTP client signs the tab out); anything else: could not tell.
      if (result.error instanceof HttpError && result.error.status === 401) return false;
      throw result.error;
    });
  }, []);

  useEffect(() => {
    const navigateTo: NavigateTo = (to) => void navigate(to);
    const refetchAll = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    const setCount = (count: number) => queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount(), { count });

    const openNotification = (notification: Notification) => {
      if (notification.link) navigateTo(notification.link);
      if (!notification.read_at) {
        markNotificationRead(notification.id)
          .then((result) => afterNotificationsChanged(queryClient, result.unread_count))
          .catch(() => refetchAll());
      }
    };

    const stops = [
      listenOnUserChannel(NOTIFICATION_EVENTS.created, (data) => {
        const event = notificationCreatedEventSchema.safeParse(data);
        if (!event.success) return;
        setCount(event.data.unread_count);
        showNotificationToast(event.data.notification, openNotification);
      }),
      listenOnUserChannel(NOTIFICATION_EVENTS.updated, (data) => {
        const event = notificationsUpdatedEventSchema.safeParse(data);
        if (event.success) setCount(event.data.unread_count);
        refetchAll();
      }),
      onRealtimeReconnect(refetchAll),
      onNotificationsChangedInOtherTab(refetchAll),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient, navigate]);
}
