import { IconSpeakerphone } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { consoleNotificationsMessages } from './notifications-messages';
import { NOTIFICATIONS_CONSOLE_PATH } from './notifications-paths';

/** Notifications: what was sent to partners, and a new one to a partner, an agent's partners or all (notifications.send). */
export const consoleArea: ConsoleArea = {
  messages: consoleNotificationsMessages,
  routes: [
    { path: 'notifications', title: 'title', permission: 'notifications.send', lazy: page(() => import('./broadcasts-page'), 'BroadcastsPage') },
    { path: 'notifications/new', title: 'composeTitle', permission: 'notifications.send', lazy: page(() => import('./compose-page'), 'ComposePage') },
  ],
  navigation: [{ label: 'title', to: NOTIFICATIONS_CONSOLE_PATH, icon: IconSpeakerphone, permission: 'notifications.send', order: 60 }],
};
