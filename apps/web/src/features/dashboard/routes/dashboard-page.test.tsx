import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { NOTIFICATION_EVENTS } from '@portal/contracts/notifications';
import type { PartnerRole } from '@portal/contracts/partner-roles';
import { makeNotification, makeUser, paginated } from '../../../../test/fixtures';
import { jsonResponse } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import type { createRealtimeStub } from '../../../../test/realtime-stub';
import { startEachTestSignedOut } from '../../../../test/session';
import { changeLocale } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { CARD_URLS, makeBooking, makeBookingKpis, makeEarningsKpis, mockDashboardApi, queryOf } from '../dashboard-test-helpers';
import { cardWidths } from './dashboard-page';

/** lib/realtime without a socket: `realtime.stub.emit` delivers an event to what the page listens for. */
const realtime = vi.hoisted(() => ({ stub: null as ReturnType<typeof createRealtimeStub> | null }));
vi.mock('../../../lib/realtime', async () => {
  const { createRealtimeStub } = await import('../../../../test/realtime-stub');
  realtime.stub = createRealtimeStub();
  return realtime.stub.module;
});

startEachTestSignedOut();

function signIn(role: PartnerRole = 'owner') {
  const user = makeUser({}, { role });
  useAuthStore.getState().setUser(user);
  return user;
}

const setupUser = () => userEvent.setup({ delay: null });

/** Once the figures are in: Custom, then the date-range widget's dialog, on its typed (Custom Monthly) view. */
async function openCustomDates(user: ReturnType<typeof setupUser>): Promise<HTMLElement> {
  await within(await screen.findByRole('region', { name: 'Bookings' })).findByText('12');
  await user.click(screen.getByRole('radio', { name: 'Custom' }));
  await user.click(screen.getByRole('button', { name: 'Custom dates: Choose dates' }));
  const dialog = screen.getByRole('dialog', { name: /^Custom dates: / });
  await user.click(within(dialog).getByRole('button', { name: 'Custom Monthly' }));
  return dialog;
}

describe('dashboard', () => {
  it('greets the partner and shows what the server says about them, not the stored copy', async () => {
    useAuthStore.getState().setUser(makeUser({}, { partner_type: { name: 'Old type' } }));
    const fresh = makeUser({ first_name: 'Augusta' }, { partner_type: { name: 'Clinic' }, partner_industry: { name: 'Healthcare' } });
    mockDashboardApi(fresh);

    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome, Augusta', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Partner type' })).getByText('Clinic')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Industry' })).getByText('Healthcare')).toBeInTheDocument();
    const agent = screen.getByRole('region', { name: 'Referral agent' });
    expect(within(agent).getByText('Harbor Health Partners')).toBeInTheDocument();
    expect(within(agent).getByRole('img', { name: 'Harbor Health Partners logo' })).toHaveAttribute('src', '/logos/harbor.svg');
  });

  it("shows 'individual' when the partner has no industry", async () => {
    const user = makeUser({}, { partner_industry: null });
    useAuthStore.getState().setUser(user);
    mockDashboardApi(user);

    renderApp('/');

    const industry = await screen.findByRole('region', { name: 'Industry' });
    expect(within(industry).getByText('individual')).toBeInTheDocument();
  });

  it('says when the partner details cannot be loaded, and retries, while the cards show', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = signIn();
    let fail = true;
    mockDashboardApi(user, { user: () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, user)) });

    renderApp('/');

    expect(await screen.findByText('Your partner details could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(await within(await screen.findByRole('region', { name: 'Bookings' })).findByText('12')).toBeInTheDocument();
    fail = false;
    await setupUser().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada' })).toBeInTheDocument();
  });

  // Issue #13: a cold load of the dashboard asked GET /api/user twice. Both asking parts start when the page first
  // mounts, so once the fresh answer shows, a second request would already have been made.
  it('asks GET /api/user once on a cold load with a stored session (the page load check and the cards share it)', async () => {
    useAuthStore.getState().setUser(makeUser({}, { partner_type: { name: 'Old type' } }));
    const api = mockDashboardApi(makeUser({}, { partner_type: { name: 'Clinic' } }));

    renderApp('/');

    expect(await within(await screen.findByRole('region', { name: 'Partner type' })).findByText('Clinic')).toBeInTheDocument();
    expect(api.calls('GET', '/api/user')).toHaveLength(1);
  });

  it("asks GET /api/user once on a cold load without a stored user (the cards take the route guard's answer)", async () => {
    const api = mockDashboardApi(makeUser({ first_name: 'Augusta' }));

    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Welcome, Augusta' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/user')).toHaveLength(1);
  });
});

describe('dashboard range', () => {
  it('asks for the last 30 days by default, keeps the URL plain and says what the period is compared with', async () => {
    const api = mockDashboardApi(signIn());

    const view = renderApp('/');

    expect(await screen.findByText('1 Nov 2026 – 30 Nov 2026 compared with 2 Oct 2026 – 31 Oct 2026')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '30 days' })).toBeChecked();
    expect(view.location().search).toBe('');
    for (const url of [CARD_URLS.bookingKpis, CARD_URLS.earningsKpis]) {
      expect(api.calls('GET', url).map(queryOf)).toEqual([{ range: '30d' }]);
    }
  });

  it('puts 90 days in the URL and asks every ranged card again, the old figures dimmed until the new ones come', async () => {
    let answerNinety: (() => void) | null = null;
    const api = mockDashboardApi(signIn(), {
      bookingKpis: (request) =>
        request.query.get('range') === '90d'
          ? new Promise((resolve) => {
              answerNinety = () => resolve(jsonResponse(200, makeBookingKpis({ referred: { current: 40, previous: 20 } })));
            })
          : jsonResponse(200, makeBookingKpis()),
    });
    const user = setupUser();
    const view = renderApp('/');
    const bookings = await screen.findByRole('region', { name: 'Bookings' });
    await within(bookings).findByText('12');

    await user.click(screen.getByRole('radio', { name: '90 days' }));

    expect(view.location().search).toBe('?range=90d');
    await waitFor(() => expect(api.calls('GET', CARD_URLS.bookingKpis).map(queryOf)).toContainEqual({ range: '90d' }));
    expect(api.calls('GET', CARD_URLS.earningsKpis).map(queryOf)).toContainEqual({ range: '90d' });
    // The 30 days' figures stay, marked busy, until the 90 days' arrive.
    expect(within(bookings).getByText('12').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    act(() => answerNinety!());
    expect(await within(bookings).findByText('40')).toBeInTheDocument();
    expect(within(bookings).getByText('40').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'false');
    // The actions are what is due now: a new range does not ask for them again.
    expect(api.calls('GET', CARD_URLS.actions)).toHaveLength(1);
  });

  it('reads the range from the URL it was opened with', async () => {
    const api = mockDashboardApi(signIn());
    renderApp('/?range=ytd');

    expect(await screen.findByRole('radio', { name: 'Year to date' })).toBeChecked();
    await waitFor(() => expect(api.calls('GET', CARD_URLS.bookingKpis).map(queryOf)).toEqual([{ range: 'ytd' }]));
  });

  it('takes a custom range from the date-range widget', async () => {
    const api = mockDashboardApi(signIn());
    const user = setupUser();
    const view = renderApp('/');
    const dialog = await openCustomDates(user);
    await user.type(within(dialog).getByLabelText('Start date'), '3 Mar 2026');
    await user.type(within(dialog).getByLabelText('End date'), '20 Mar 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(Object.fromEntries(new URLSearchParams(view.location().search))).toEqual({ range: 'custom', from: '2026-03-03', to: '2026-03-20' });
    await waitFor(() => expect(api.calls('GET', CARD_URLS.bookingKpis).map(queryOf)).toContainEqual({ range: 'custom', from: '2026-03-03', to: '2026-03-20' }));
    expect(screen.getByRole('radio', { name: 'Custom' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Custom dates: 3 Mar 2026 – 20 Mar 2026' })).toBeInTheDocument();
  });

  it('refuses a custom range longer than the server compares, and keeps the figures it has', async () => {
    const api = mockDashboardApi(signIn());
    const user = setupUser();
    const view = renderApp('/');
    const dialog = await openCustomDates(user);
    await user.type(within(dialog).getByLabelText('Start date'), '1 Jan 2020');
    await user.type(within(dialog).getByLabelText('End date'), '20 Mar 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Choose a range of at most 1,097 days.')).toBeInTheDocument();
    expect(view.location().search).toBe('');
    expect(api.calls('GET', CARD_URLS.bookingKpis)).toHaveLength(1);
  });
});

describe('dashboard cards', () => {
  it('shows each figure with its change against the previous period: up, down to nothing, new, unchanged', async () => {
    mockDashboardApi(signIn());
    renderApp('/');

    const bookings = await screen.findByRole('region', { name: 'Bookings' });
    await within(bookings).findByText('12');
    expect(within(bookings).getByText('+20 %')).toBeInTheDocument();
    expect(within(bookings).getByText('Up 20 % on the previous 30 days')).toBeInTheDocument();
    expect(within(bookings).getByText('−100 %')).toBeInTheDocument();
    expect(within(bookings).getByText('Down 100 % on the previous 30 days')).toBeInTheDocument();
    expect(within(bookings).getByRole('link', { name: 'View bookings' })).toHaveAttribute('href', '/bookings');

    const earnings = await screen.findByRole('region', { name: 'Earnings' });
    // A line per currency under each status, never a total across currencies.
    const pending = (await within(earnings).findByText('Pending')).closest('div')!;
    expect(within(pending).getByText('EUR 30.00')).toBeInTheDocument();
    expect(within(pending).getByText('New')).toBeInTheDocument();
    expect(within(pending).getByText('New: none in the previous 30 days')).toBeInTheDocument();
    expect(within(pending).getByText('THB 0.00')).toBeInTheDocument();
    const approved = within(earnings).getByText('Approved').closest('div')!;
    expect(within(approved).getByText('−35 %')).toBeInTheDocument();
    const paid = within(earnings).getByText('Paid').closest('div')!;
    expect(within(paid).getByText('No change')).toBeInTheDocument();
    expect(within(paid).getByText('THB 2,000.00')).toBeInTheDocument();
    expect(within(paid).getByText('+100 %')).toBeInTheDocument();
  });

  it('tells the next payout of each currency: scheduled, below the minimum, on its way', async () => {
    mockDashboardApi(signIn());
    renderApp('/');

    const payouts = await screen.findByRole('region', { name: 'Next payout' });
    expect(await within(payouts).findByText('EUR 65.00')).toBeInTheDocument();
    expect(within(payouts).getByText('Scheduled for 5 Dec 2026')).toBeInTheDocument();
    expect(within(payouts).getByText('Below the THB 1,800.00 minimum; carried forward')).toBeInTheDocument();
    expect(within(payouts).getByText('AED 1,200.50')).toBeInTheDocument();
    expect(within(payouts).getByText('On its way')).toBeInTheDocument();
    expect(within(payouts).getByText('Payout day 28 Nov 2026')).toBeInTheDocument();
  });

  it('shows the hold instead of a payout day while the payment details wait for verification, and leads to them', async () => {
    const kpis = makeEarningsKpis();
    const held = { ...kpis, next_payouts: kpis.next_payouts.map((payout) => ({ ...payout, held: 'payment_details_unverified' as const })) };
    mockDashboardApi(signIn('finance'), { earningsKpis: () => jsonResponse(200, held) });
    renderApp('/');

    const payouts = await screen.findByRole('region', { name: 'Next payout' });
    expect(await within(payouts).findByText('EUR 65.00')).toBeInTheDocument();
    expect(within(payouts).queryByText('Scheduled for 5 Dec 2026')).not.toBeInTheDocument();
    expect(within(payouts).queryByText('On its way')).not.toBeInTheDocument();
    expect(within(payouts).getAllByText('Held until your new payment details are verified')).toHaveLength(3);
    expect(within(payouts).getAllByText('Paid on the first payout day after that: 5 Dec 2026 at the earliest')).toHaveLength(1);
    expect(within(payouts).getByRole('link', { name: 'Review payment details' })).toHaveAttribute('href', '/payment-details');
  });

  it("does not draw or ask for what a finance member's role may not read", async () => {
    const api = mockDashboardApi(signIn('finance'));
    renderApp('/');

    const earnings = await screen.findByRole('region', { name: 'Earnings' });
    await within(earnings).findByText('No change');
    expect(await screen.findByText('1 Nov 2026 – 30 Nov 2026 compared with 2 Oct 2026 – 31 Oct 2026')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Next payout' })).toBeInTheDocument();
    // The chart offers the earnings alone.
    const chart = await screen.findByRole('region', { name: 'Bookings and earnings' });
    expect(await within(chart).findByText(/in EUR: EUR 30.00 pending/)).toBeInTheDocument();
    expect(within(chart).queryByRole('radio', { name: 'Bookings' })).not.toBeInTheDocument();

    expect(screen.queryByRole('region', { name: 'Bookings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent bookings' })).not.toBeInTheDocument();
    expect(api.calls('GET', CARD_URLS.bookingKpis)).toHaveLength(0);
    expect(api.calls('GET', CARD_URLS.bookings)).toHaveLength(0);
  });

  it('gives an agent-role member no next payout card (payouts are not theirs to read)', async () => {
    mockDashboardApi(signIn('agent'), { earningsKpis: () => jsonResponse(200, makeEarningsKpis({ next_payouts: [] })) });
    renderApp('/');

    await within(await screen.findByRole('region', { name: 'Bookings' })).findByText('12');
    expect(await screen.findByRole('region', { name: 'Earnings' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Next payout' })).not.toBeInTheDocument();
  });

  it('says when one card fails, with Retry, and the others go on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    mockDashboardApi(signIn(), { bookingKpis: () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, makeBookingKpis())) });
    const user = setupUser();
    renderApp('/');

    const bookings = await screen.findByRole('region', { name: 'Bookings' });
    expect(await within(bookings).findByText('Bookings could not be loaded')).toBeInTheDocument();
    const earnings = screen.getByRole('region', { name: 'Earnings' });
    expect(await within(earnings).findByText('EUR 30.00')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Recent bookings' })).findByRole('table')).toBeInTheDocument();

    fail = false;
    await user.click(within(bookings).getByRole('button', { name: 'Retry' }));
    expect(await within(bookings).findByText('+20 %')).toBeInTheDocument();
  });

  it('reloads the booking figures and the recent bookings when a booking notification arrives, and not the actions', async () => {
    const api = mockDashboardApi(signIn());
    renderApp('/');
    const bookings = await screen.findByRole('region', { name: 'Bookings' });
    await within(bookings).findByText('12');
    await within(await screen.findByRole('region', { name: 'Earnings' })).findByText('EUR 30.00');
    await within(await screen.findByRole('region', { name: 'Recent bookings' })).findByRole('table');
    await within(await screen.findByRole('region', { name: 'Needs your attention' })).findByRole('list');
    const before = { kpis: api.calls('GET', CARD_URLS.bookingKpis).length, list: api.calls('GET', CARD_URLS.bookings).length, actions: api.calls('GET', CARD_URLS.actions).length };

    act(() => realtime.stub!.emit(NOTIFICATION_EVENTS.created, { notification: makeNotification({ type: 'booking.created' }), unread_count: 1 }));

    await waitFor(() => expect(api.calls('GET', CARD_URLS.bookingKpis).length).toBe(before.kpis + 1));
    await waitFor(() => expect(api.calls('GET', CARD_URLS.bookings).length).toBe(before.list + 1));
    expect(api.calls('GET', CARD_URLS.actions)).toHaveLength(before.actions);
  });

  it('reloads every card after a reconnection (events may have been missed)', async () => {
    const api = mockDashboardApi(signIn());
    renderApp('/');
    await within(await screen.findByRole('region', { name: 'Needs your attention' })).findByRole('list');
    await within(await screen.findByRole('region', { name: 'Earnings' })).findByText('EUR 30.00');
    const actionsBefore = api.calls('GET', CARD_URLS.actions).length;
    const earningsBefore = api.calls('GET', CARD_URLS.earningsKpis).length;

    act(() => realtime.stub!.reconnect());

    await waitFor(() => expect(api.calls('GET', CARD_URLS.actions).length).toBeGreaterThan(actionsBefore));
    await waitFor(() => expect(api.calls('GET', CARD_URLS.earningsKpis).length).toBeGreaterThan(earningsBefore));
  });

  it('lists what needs attention, the urgent first, each leading to where it is done', async () => {
    mockDashboardApi(signIn());
    renderApp('/');

    const actions = await screen.findByRole('region', { name: 'Needs your attention' });
    const items = within(await within(actions).findByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByRole('link', { name: 'Add your payment details: payouts are held until you do' })).toHaveAttribute('href', '/payment-details');
    expect(within(items[0]!).getByText('Urgent')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link', { name: '2 payouts failed: check your payment details' })).toHaveAttribute('href', '/my-earnings#payouts');
    expect(within(items[1]!).getByText('Since 20 Nov 2026')).toBeInTheDocument();
    expect(within(items[2]!).getByRole('link', { name: 'An agreement is waiting for your signature' })).toHaveAttribute('href', '/agreements');
    expect(within(items[2]!).queryByText('Urgent')).not.toBeInTheDocument();
    expect(within(items[3]!).getByRole('link', { name: '3 invitations have not been accepted yet' })).toHaveAttribute('href', '/manage-user');
  });

  it('says so when nothing needs attention', async () => {
    mockDashboardApi(signIn(), { actions: () => jsonResponse(200, { actions: [] }) });
    renderApp('/');

    const actions = await screen.findByRole('region', { name: 'Needs your attention' });
    expect(await within(actions).findByText('Nothing needs your attention.')).toBeInTheDocument();
    expect(within(actions).queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists the 10 most recent bookings, newest first, with a link to all of them', async () => {
    const rows = Array.from({ length: 10 }, (_, index) => makeBooking({ ticket_id: String(300_100 + index), booking_patient_detail: { name: `Patient ${index}` }, status: index === 0 ? 'completed' : 'pending' }));
    const api = mockDashboardApi(signIn(), { bookings: () => jsonResponse(200, paginated(rows, { total: 42, perPage: 10 })) });
    renderApp('/');

    const recent = await screen.findByRole('region', { name: 'Recent bookings' });
    const table = await within(recent).findByRole('table', { name: 'Your 10 most recent referrals, newest first' });
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(10);
    expect(within(bodyRows[0]!).getByRole('rowheader', { name: 'MT-300100' })).toBeInTheDocument();
    expect(within(bodyRows[0]!).getByText('Patient 0')).toBeInTheDocument();
    expect(within(bodyRows[0]!).getByText('City Clinic')).toBeInTheDocument();
    expect(within(bodyRows[0]!).getByText('20 Nov 2026')).toBeInTheDocument();
    expect(within(bodyRows[0]!).getByText('Completed')).toBeInTheDocument();
    expect(within(recent).getByRole('link', { name: 'View all bookings' })).toHaveAttribute('href', '/bookings');
    expect(queryOf(api.calls('GET', CARD_URLS.bookings)[0]!)).toEqual({ team: 'referral', sort: '-created_at', page: '1', per_page: '10' });
  });

  it('lists the latest notifications, the unread marked, and follows the notification centre when they change', async () => {
    let rows = [makeNotification({ title: 'Booking MT-1 created', link: '/bookings?search=MT-1' }), makeNotification({ title: 'Rates changed', read_at: '2026-11-20T10:00:00Z' })];
    const api = mockDashboardApi(signIn(), { notifications: () => jsonResponse(200, paginated(rows, { perPage: 5 })) });
    renderApp('/');

    const latest = await screen.findByRole('region', { name: 'Latest notifications' });
    const items = within(await within(latest).findByRole('list')).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'Booking MT-1 created' })).toHaveAttribute('href', '/bookings?search=MT-1');
    expect(within(items[0]!).getByText('Unread')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(latest).getByRole('link', { name: 'View all notifications' })).toHaveAttribute('href', '/notifications');
    expect(queryOf(api.calls('GET', CARD_URLS.notifications).find((request) => request.query.get('per_page') === '5')!)).toEqual({ page: '1', per_page: '5' });

    rows = [makeNotification({ title: 'Commission approved' }), ...rows];
    act(() => realtime.stub!.emit(NOTIFICATION_EVENTS.updated, { unread_count: 2 }));
    expect(await within(latest).findByText('Commission approved')).toBeInTheDocument();
  });

  it('says what the chart shows and gives its figures as a table', async () => {
    mockDashboardApi(signIn());
    const user = setupUser();
    renderApp('/');

    const chart = await screen.findByRole('region', { name: 'Bookings and earnings' });
    expect(await within(chart).findByText('From 1 Nov 2026 to 30 Nov 2026: 12 bookings referred and 0 completed.')).toBeInTheDocument();
    await user.click(within(chart).getByRole('button', { name: 'Show as table' }));
    const table = within(chart).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Referred' })).toBeInTheDocument();
    expect(within(within(table).getByRole('rowheader', { name: '2 Nov 2026' }).closest('tr')!).getByText('7')).toBeInTheDocument();

    await user.click(within(chart).getByRole('radio', { name: 'Earnings' }));
    expect(within(chart).getByRole('radio', { name: 'Earnings' })).toHaveFocus();
    expect(await within(chart).findByText('From 1 Nov 2026 to 30 Nov 2026, in EUR: EUR 30.00 pending, EUR 65.00 approved and EUR 100.00 paid.')).toBeInTheDocument();
    await user.selectOptions(within(chart).getByRole('combobox', { name: 'Currency' }), 'THB');
    expect(await within(chart).findByText(/in THB: THB 0.00 pending, THB 0.00 approved and THB 2,000.00 paid/)).toBeInTheDocument();
    expect(within(within(chart).getByRole('table')).getByText('THB 2,000.00')).toBeInTheDocument();
  });
});

describe('dashboard in Arabic', () => {
  it('reads in Arabic, with the figures and dates through the formatter', async () => {
    await changeLocale('ar');
    const user = makeUser({ locale: 'ar' });
    useAuthStore.getState().setUser(user);
    mockDashboardApi(user, { actions: () => jsonResponse(200, { actions: [] }) });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'مرحبًا، Ada', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'منذ بداية السنة' })).toBeInTheDocument();
    const bookings = await screen.findByRole('region', { name: 'الحجوزات' });
    expect(await within(bookings).findByText(/^ارتفاع بنسبة .+٪ عن الأيام الـ .+ السابقة$/)).toBeInTheDocument();
    expect(await within(await screen.findByRole('region', { name: 'بحاجة إلى اهتمامك' })).findByText('لا شيء يحتاج إلى اهتمامك.')).toBeInTheDocument();
  });
});

describe('dashboard accessibility', () => {
  it('has no serious axe finding once every card has loaded (contrast is left to the browser tests: jsdom draws nothing)', async () => {
    mockDashboardApi(signIn());
    const view = renderApp('/');
    await within(await screen.findByRole('region', { name: 'Bookings' })).findByText('12');
    await within(await screen.findByRole('region', { name: 'Next payout' })).findByText('EUR 65.00');
    await within(await screen.findByRole('region', { name: 'Needs your attention' })).findByRole('list');
    await within(await screen.findByRole('region', { name: 'Recent bookings' })).findByRole('table');
    await within(await screen.findByRole('region', { name: 'Latest notifications' })).findByRole('list');
    await within(await screen.findByRole('region', { name: 'Bookings and earnings' })).findByText(/bookings referred/);

    // axe measures icon fonts on a canvas, which jsdom does not draw.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const results = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    const serious = results.violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 120)).join(' | ')}`)).toEqual([]);
  });
});

describe('cardWidths', () => {
  it('pairs half cards and lets a lone one take the whole row', () => {
    expect(cardWidths([{ span: 'full' }, { span: 'half' }, { span: 'half' }, { span: 'full' }])).toEqual(['full', 'half', 'half', 'full']);
    expect(cardWidths([{ span: 'half' }, { span: 'full' }, { span: 'half' }])).toEqual(['full', 'full', 'full']);
    expect(cardWidths([{ span: 'half' }, { span: 'half' }, { span: 'half' }])).toEqual(['half', 'half', 'full']);
  });
});
