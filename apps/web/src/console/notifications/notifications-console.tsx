import { IconSpeakerphone } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { NOTIFICATIONS_CONSOLE_PATH } from './notifications-paths';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const consoleNotificationsMessages = defineMessages(
  'console-notifications',
  { frame: { composeTitle: 'New notification', title: 'Notifications' }, load: () => import('./notifications-messages').then((module) => module.consoleNotificationsEn) },
  () => import('./notifications-messages-ar').then((module) => module.consoleNotificationsAr),
);

/** Notifications: what was sent to partners, and a new one to a partner, an agent's partners or all (notifications.send). */
export const consoleArea: ConsoleArea = {
  messages: consoleNotificationsMessages,
  routes: [
    { path: 'notifications', title: 'title', permission: 'notifications.send', lazy: page(() => import('./broadcasts-page'), 'BroadcastsPage') },
    { path: 'notifications/new', title: 'composeTitle', permission: 'notifications.send', lazy: page(() => import('./compose-page'), 'ComposePage') },
  ],
  navigation: [{ label: 'title', to: NOTIFICATIONS_CONSOLE_PATH, icon: IconSpeakerphone, permission: 'notifications.send', order: 60 }],
};
