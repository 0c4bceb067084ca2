import { IconCalendarEvent } from '@tabler/icons-react';
import { page } from '../../lib/area-routes';
import type { ConsoleArea } from '../console-areas';
import { BOOKINGS_PATH } from './bookings-paths';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const bookingsMessages = defineMessages(
  'console-bookings',
  { frame: { createTitle: 'New booking', title: 'Bookings' }, load: () => import('./bookings-messages').then((module) => module.bookingsEn) },
  () => import('./bookings-messages-ar').then((module) => module.bookingsAr),
);

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
