/**
 * Actions shown in the header, left of the user menu. The notifications bell (realtime, later issue) goes here:
 * render it inside the Group below. Keep each action a compact ActionIcon (about 36px) with an aria-label, so the
 * header still fits a phone.
 */
import { Group } from '@mantine/core';
import { NotificationBell } from '../../features/notifications/components/notification-bell';

export function HeaderActions() {
  return (
    <Group gap="xs" wrap="nowrap" data-slot="header-actions">
      <NotificationBell />
    </Group>
  );
}
