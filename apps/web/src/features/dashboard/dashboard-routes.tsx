import { IconLayoutDashboard } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { ROUTES } from '../../lib/paths';

/** The dashboard at `/` (spec §2), first in the sidebar. */
export const areaRoutes: AreaRoutes = {
  signedIn: [{ index: true, lazy: page(() => import('./routes/dashboard-page'), 'DashboardPage') }],
  navigation: [{ group: 'Overview', label: 'Dashboard', to: ROUTES.Dashboard, icon: IconLayoutDashboard, order: 1 }],
};
