import { IconCalendarEvent } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';

/** My Referrals > Bookings (spec §2). */
export const areaRoutes: AreaRoutes = {
  signedIn: [{ path: 'bookings', lazy: page(() => import('./routes/bookings-page'), 'BookingsPage') }],
  navigation: [{ group: 'My Referrals', label: 'Bookings', to: '/bookings', icon: IconCalendarEvent }],
};
