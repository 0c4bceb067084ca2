import { IconLayoutDashboard } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { ROUTES } from '../../lib/paths';
import { dashboardMessages } from './dashboard-messages';

/** The dashboard at `/` (spec §2), first in the sidebar. */
export const areaRoutes: AreaRoutes = {
  messages: dashboardMessages,
  signedIn: [{ index: true, handle: { title: 'title' }, lazy: page(() => import('./routes/dashboard-page'), 'DashboardPage') }],
  navigation: [{ group: 'Overview', label: 'title', to: ROUTES.Dashboard, icon: IconLayoutDashboard, order: 1 }],
};
