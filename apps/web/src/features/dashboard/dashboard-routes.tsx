import { IconLayoutDashboard } from '@tabler/icons-react';
import { dashboardCardUrl } from '@portal/contracts/dashboard';
import { NOTIFICATION_TYPES } from '@portal/contracts/notifications';
import { AGREEMENT_PUBLISHED_NOTIFICATION, COMMISSION_NOTIFICATION, NOTIFICATION_PREFERENCE_EVENTS, PAYMENT_DETAILS_NOTIFICATION } from '@portal/contracts/profile';
import { lazyAreaComponent, page, type AreaRoutes } from '../../lib/area-routes';
import type { DashboardCardDeclaration } from '../../lib/dashboard-cards';
import { ROUTES } from '../../lib/paths';
import { LATEST_NOTIFICATIONS_KEY, RECENT_BOOKINGS_URL } from './api/card-keys';
import { defineMessages } from '../../i18n/i18n';

/** The area's texts: its sidebar labels and page titles in the bundle, the rest loaded with its pages (i18n.ts, `LazyEnglish`). */
const dashboardMessages = defineMessages(
  'dashboard',
  { frame: { title: 'Dashboard' }, load: () => import('./dashboard-messages').then((module) => module.dashboardEn) },
  () => import('./dashboard-messages-ar').then((module) => module.dashboardAr),
);

const BOOKING_NOTIFICATIONS = [NOTIFICATION_TYPES.bookingCreated, NOTIFICATION_TYPES.bookingStatusChanged];
const BOOKING_KPIS_URL = dashboardCardUrl('booking-kpis');
const EARNINGS_KPIS_URL = dashboardCardUrl('earnings-kpis');

/**
 * The dashboard's own cards (lib/dashboard-cards.tsx), each a lazy chunk so none of their code (charts among it) is
 * in the sign-in bundle. Cards of the same data share its request (the next payout reads the earnings card's
 * answer, the chart both cards'). What a refresh reloads is named by URL: the cards' own keys.
 */
const dashboardCards: DashboardCardDeclaration[] = [
  {
    // First, whatever else is on the page: it is what the member has to do (and one line when there is nothing).
    id: 'actions',
    order: 5,
    span: 'full',
    // The team's notices include an invitation accepted: one fewer pending.
    refreshOn: [AGREEMENT_PUBLISHED_NOTIFICATION, PAYMENT_DETAILS_NOTIFICATION, COMMISSION_NOTIFICATION, ...NOTIFICATION_PREFERENCE_EVENTS.team.types],
    queryKeys: [dashboardCardUrl('actions')],
    component: lazyAreaComponent(dashboardMessages, () => import('./cards/actions-card'), 'ActionsCard'),
  },
  {
    id: 'booking-kpis',
    order: 10,
    span: 'half',
    permission: 'referrals.read',
    refreshOn: BOOKING_NOTIFICATIONS,
    queryKeys: [BOOKING_KPIS_URL],
    component: lazyAreaComponent(dashboardMessages, () => import('./cards/booking-kpis-card'), 'BookingKpisCard'),
  },
  {
    id: 'next-payout',
    order: 12,
    span: 'half',
    permission: 'payouts.read',
    // A payout's steps (sent, paid, failed) are told as commission notifications.
    refreshOn: [COMMISSION_NOTIFICATION],
    queryKeys: [EARNINGS_KPIS_URL],
    component: lazyAreaComponent(dashboardMessages, () => import('./cards/next-payout-card'), 'NextPayoutCard'),
  },
  {
    id: 'earnings-kpis',
    order: 14,
    span: 'full',
    permission: 'earnings.read',
    refreshOn: [COMMISSION_NOTIFICATION],
    queryKeys: [EARNINGS_KPIS_URL],
    component: lazyAreaComponent(dashboardMessages, () => import('./cards/earnings-kpis-card'), 'EarningsKpisCard'),
  },
  {
    // No permission of its own: each of its views is offered to a member who may read it (finance: earnings only).
    id: 'activity-chart',
    order: 20,
    span: 'full',
    refreshOn: [...BOOKING_NOTIFICATIONS, COMMISSION_NOTIFICATION],
    queryKeys: [BOOKING_KPIS_URL, EARNINGS_KPIS_URL],
    component: lazyAreaComponent(dashboardMessages, () => import('./cards/activity-chart-card'), 'ActivityChartCard'),
  },
  {
    id: 'recent-bookings',
    order: 30,
    span: 'full',
    permission: 'referrals.read',
    refreshOn: [...BOOKING_NOTIFICATIONS, NOTIFICATION_TYPES.bookingInvoiceStatusChanged],
    queryKeys: [RECENT_BOOKINGS_URL],
    component: lazyAreaComponent(dashboardMessages, () => import('./cards/recent-bookings-card'), 'RecentBookingsCard'),
  },
  {
    id: 'latest-notifications',
    order: 40,
    span: 'full',
    // Every type, and reads and deletions too: the notification centre refreshes its key on each (api/latest-notifications.ts).
    refreshOn: [],
    queryKeys: [LATEST_NOTIFICATIONS_KEY],
    component: lazyAreaComponent(dashboardMessages, () => import('./cards/latest-notifications-card'), 'LatestNotificationsCard'),
  },
];

/** The dashboard at `/` (spec §2), first in the sidebar, and its cards. */
export const areaRoutes: AreaRoutes = {
  messages: dashboardMessages,
  signedIn: [{ index: true, handle: { title: 'title' }, lazy: page(() => import('./routes/dashboard-page'), 'DashboardPage') }],
  navigation: [{ group: 'Overview', label: 'title', to: ROUTES.Dashboard, icon: IconLayoutDashboard, order: 1 }],
  dashboardCards,
};
