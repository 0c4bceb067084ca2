import { IconBell } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { NOTIFICATIONS_PATH } from './paths';

/** The notification centre (spec §2: notifications). */
export const areaRoutes: AreaRoutes = {
  signedIn: [{ path: NOTIFICATIONS_PATH.slice(1), lazy: page(() => import('./routes/notifications-page'), 'NotificationsPage') }],
  navigation: [{ group: 'Overview', label: 'Notifications', to: NOTIFICATIONS_PATH, icon: IconBell }],
};
