import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications as toasts } from '@mantine/notifications';
import { Outlet, type RouteObject } from 'react-router';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import type { createRealtimeStub } from '../../../../test/realtime-stub';
import { makeNotification } from '../../../../test/fixtures';
import { page } from '../notifications-test-helpers';
import { NotificationBell } from './notification-bell';

const realtime = vi.hoisted(() => ({ stub: null as ReturnType<typeof createRealtimeStub> | null }));
vi.mock('../../../lib/realtime', async () => {
  const { createRealtimeStub } = await import('../../../../test/realtime-stub');
  realtime.stub = createRealtimeStub();
  return realtime.stub.module;
});

/** The bell in a header above the pages, as in the app's layout. */
const routes: RouteObject[] = [
  {
    element: (
      <>
        <NotificationBell />
        <Outlet />
      </>
    ),
    children: [
      { path: '/', element: <p>Dashboard page</p> },
      { path: '/notifications', element: <p>Notifications page</p> },
      { path: '/bookings', element: <p>Bookings page</p> },
    ],
  },
];

afterEach(() => {
  act(() => toasts.clean());
});

describe('NotificationBell', () => {
  it('shows the unread count in its label and badge, and the latest five in its popover', async () => {
    const latest = [
      makeNotification({ title: 'Booking confirmed', body: 'MT-100234 is confirmed' }),
      makeNotification({ title: 'Welcome', read_at: new Date().toISOString() }),
    ];
    const api = mockFetch({
      'GET /api/notifications/unread-count': () => jsonResponse(200, { count: 3 }),
      'GET /api/notifications': () => jsonResponse(200, page(latest, { perPage: 5 })),
    });
    const view = renderApp('/', { routes });

    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(within(bell.parentElement!).getByText('3')).toBeInTheDocument();
    expect(api.calls('GET', '/api/notifications')).toHaveLength(0);

    await userEvent.click(bell);
    const dropdown = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dropdown).findByText('Booking confirmed')).toBeInTheDocument();
    expect(within(dropdown).getByText('MT-100234 is confirmed')).toBeInTheDocument();
    expect(within(dropdown).getAllByText('just now')).toHaveLength(2);
    const [request] = api.calls('GET', '/api/notifications');
    expect(Object.fromEntries(request!.query)).toEqual({ page: '1', per_page: '5' });

    await userEvent.click(within(dropdown).getByRole('link', { name: 'View all' }));
    expect(view.location().pathname).toBe('/notifications');
  });

  it('hides the badge at zero and says so', async () => {
    mockFetch({ 'GET /api/notifications/unread-count': () => jsonResponse(200, { count: 0 }) });
    renderApp('/', { routes });
    const bell = await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    expect(within(bell.parentElement!).queryByText('0')).not.toBeInTheDocument();
  });

  it('toasts a live notification with its link, and updates the count', async () => {
    let count = 1;
    const notification = makeNotification({ title: 'New booking MT-100234', body: 'For Amira Haddad', link: '/bookings?search=100234' });
    const api = mockFetch({
      'GET /api/notifications/unread-count': () => jsonResponse(200, { count }),
      [`POST /api/notifications/${notification.id}/read`]: () => {
        count = 1;
        return jsonResponse(200, { unread_count: 1 });
      },
    });
    const view = renderApp('/', { routes });
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    count = 2;
    act(() => realtime.stub!.emit('NotificationCreated', { notification, unread_count: 2 }));

    expect(await screen.findByText('New booking MT-100234')).toBeInTheDocument();
    expect(screen.getByText('For Amira Haddad')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();

    // The toast's link opens what it is about inside the app and marks it read.
    api.fetchMock.mockClear();
    await userEvent.click(screen.getByRole('link', { name: 'View details' }));
    expect(view.location().pathname).toBe('/bookings');
    expect(view.location().search).toBe('?search=100234');
    await waitFor(() => expect(api.calls('POST', `/api/notifications/${notification.id}/read`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('takes the count of NotificationsUpdated (another tab read them) and refetches after a reconnection', async () => {
    let count = 4;
    const api = mockFetch({ 'GET /api/notifications/unread-count': () => jsonResponse(200, { count }) });
    renderApp('/', { routes });
    await screen.findByRole('button', { name: 'Notifications, 4 unread' });

    count = 0;
    act(() => realtime.stub!.emit('NotificationsUpdated', { unread_count: 0 }));
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();

    count = 7;
    const before = api.calls('GET', '/api/notifications/unread-count').length;
    act(() => realtime.stub!.reconnect());
    expect(await screen.findByRole('button', { name: 'Notifications, 7 unread' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/notifications/unread-count').length).toBeGreaterThan(before);
  });

  it('marks all read from the popover', async () => {
    let count = 2;
    const api = mockFetch({
      'GET /api/notifications/unread-count': () => jsonResponse(200, { count }),
      'GET /api/notifications': () => jsonResponse(200, page([makeNotification(), makeNotification()], { perPage: 5 })),
      'POST /api/notifications/read-all': () => {
        count = 0;
        return jsonResponse(200, { unread_count: 0 });
      },
    });
    renderApp('/', { routes });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/notifications/read-all')).toHaveLength(1);
    expect(api.calls('POST', '/api/notifications/read-all')[0]!.headers.get('X-XSRF-TOKEN')).toBeTruthy();
  });
});
