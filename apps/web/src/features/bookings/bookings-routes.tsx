import { IconCalendarEvent } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { bookingsMessages } from './bookings-messages';

/**
 * My Referrals > Bookings (spec §2). Patients' names: only roles holding referrals.read (not finance, issue 17) see
 * the entry or may open the page; the server answers 403 to the others and scopes an 'agent' to their own referrals.
 */
export const areaRoutes: AreaRoutes = {
  messages: bookingsMessages,
  signedIn: [{ path: 'bookings', handle: { title: 'bookings', permission: 'referrals.read' }, lazy: page(() => import('./routes/bookings-page'), 'BookingsPage') }],
  navigation: [{ group: 'My Referrals', label: 'bookings', to: '/bookings', icon: IconCalendarEvent, permission: 'referrals.read' }],
};
