import { IconCalendarEvent } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { bookingsMessages } from './bookings-messages';

/** My Referrals > Bookings (spec §2). */
export const areaRoutes: AreaRoutes = {
  messages: bookingsMessages,
  signedIn: [{ path: 'bookings', handle: { title: 'bookings' }, lazy: page(() => import('./routes/bookings-page'), 'BookingsPage') }],
  navigation: [{ group: 'My Referrals', label: 'bookings', to: '/bookings', icon: IconCalendarEvent }],
};
