import { IconCalendarEvent } from '@tabler/icons-react';
import { page, type AreaRoutes } from '../../lib/area-routes';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const bookingsMessages = defineMessages(
  'bookings',
  { frame: { bookings: 'Bookings' }, load: () => import('./bookings-messages').then((module) => module.bookingsEn) },
  () => import('./bookings-messages-ar').then((module) => module.bookingsAr),
);

/**
 * My Referrals > Bookings (spec §2). Patients' names: only roles holding referrals.read (not finance, issue 17) see
 * the entry or may open the page; the server answers 403 to the others and scopes an 'agent' to their own referrals.
 */
export const areaRoutes: AreaRoutes = {
  messages: bookingsMessages,
  signedIn: [{ path: 'bookings', handle: { title: 'bookings', permission: 'referrals.read' }, lazy: page(() => import('./routes/bookings-page'), 'BookingsPage') }],
  navigation: [{ group: 'My Referrals', label: 'bookings', to: '/bookings', icon: IconCalendarEvent, permission: 'referrals.read' }],
};
