import { IconCalendarEvent } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { bookingsMessages } from './bookings-messages';
import { BOOKINGS_PATH } from './bookings-paths';

/**
 * Bookings: every agent's list and one booking's page (bookings.read); creating one and moving it along its lifecycle
 * need bookings.manage, its invoice and amount bookings.finance (the pages show each action only to those roles).
 */
export const consoleArea: ConsoleArea = {
  messages: bookingsMessages,
  routes: [
    { path: 'bookings', title: 'title', permission: 'bookings.read', lazy: page(() => import('./bookings-page'), 'BookingsPage') },
    { path: 'bookings/new', title: 'createTitle', permission: 'bookings.manage', lazy: page(() => import('./new-booking-page'), 'NewBookingPage') },
    { path: 'bookings/:id', title: 'title', permission: 'bookings.read', lazy: page(() => import('./booking-page'), 'BookingPage') },
  ],
  navigation: [{ label: 'title', to: BOOKINGS_PATH, icon: IconCalendarEvent, permission: 'bookings.read', order: 25 }],
};
