import { IconBell } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { notificationsMessages } from './notifications-messages';
import { NOTIFICATIONS_PATH } from './paths';

/** The notification centre (spec §2: notifications). */
export const areaRoutes: AreaRoutes = {
  messages: notificationsMessages,
  signedIn: [{ path: NOTIFICATIONS_PATH.slice(1), handle: { title: 'title' }, lazy: page(() => import('./routes/notifications-page'), 'NotificationsPage') }],
  navigation: [{ group: 'Overview', label: 'title', to: NOTIFICATIONS_PATH, icon: IconBell }],
};
