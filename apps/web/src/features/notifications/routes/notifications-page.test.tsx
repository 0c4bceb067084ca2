import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { jsonResponse, mockFetch, type RecordedRequest } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { changeLocale } from '../../../i18n/i18n';
import { makeNotification } from '../../../../test/fixtures';
import { page } from '../notifications-test-helpers';
import { notificationsEn } from '../notifications-messages';
import { NotificationsPage } from './notifications-page';

const EMPTY_MESSAGE = notificationsEn.empty;

const routes: RouteObject[] = [
  { path: '/notifications', element: <NotificationsPage /> },
  { path: '/bookings', element: <p>Bookings page</p> },
];

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describe('NotificationsPage', () => {
  it('lists notifications with read and unread states and relative times', async () => {
    const rows = [
      makeNotification({ title: 'Booking confirmed', body: 'MT-1 is confirmed', created_at: hoursAgo(2.5) }),
      makeNotification({ title: 'Welcome aboard', read_at: hoursAgo(1), created_at: hoursAgo(24 * 3 + 1) }),
    ];
    mockFetch({
      'GET /api/notifications': () => jsonResponse(200, page(rows)),
      'GET /api/notifications/unread-count': () => jsonResponse(200, { count: 1 }),
    });
    renderApp('/notifications', { routes });

    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    const items = within(await screen.findByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAttribute('data-unread', 'true');
    expect(within(items[0]!).getByText('(unread)')).toBeInTheDocument();
    expect(within(items[0]!).getByText('2 hours ago')).toBeInTheDocument();
    expect(items[1]).not.toHaveAttribute('data-unread');
    expect(within(items[1]!).getByText('3 days ago')).toBeInTheDocument();
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
  });

  it("loads the list again in the reader's language when the language changes: the server words each notification in it", async () => {
    const api = mockFetch({
      'GET /api/notifications': (request: RecordedRequest) =>
        jsonResponse(200, page([makeNotification(request.headers.get('accept-language') === 'ar' ? { id: 'n-1', title: 'دُفعت الدفعة', body: 'دُفعت دفعتك بمبلغ ‏12,500.00 AED.' } : { id: 'n-1', title: 'Payout paid', body: 'Your payout of AED 12,500.00 was paid.' })])),
      'GET /api/notifications/unread-count': () => jsonResponse(200, { count: 1 }),
    });
    renderApp('/notifications', { routes });
    expect(await screen.findByText('Payout paid')).toBeInTheDocument();

    await act(() => changeLocale('ar'));
    expect(await screen.findByText('دُفعت الدفعة')).toBeInTheDocument();
    expect(screen.queryByText('Payout paid')).toBeNull();
    expect(api.calls('GET', '/api/notifications').at(-1)!.headers.get('accept-language')).toBe('ar');
    await act(() => changeLocale('en'));
    expect(await screen.findByText('Payout paid')).toBeInTheDocument();
  });

  it('filters unread through the URL and the request', async () => {
    const api = mockFetch({
      'GET /api/notifications': (request: RecordedRequest) =>
        jsonResponse(200, request.query.get('filter') === 'unread' ? page([]) : page([makeNotification({ read_at: hoursAgo(1) })])),
      'GET /api/notifications/unread-count': () => jsonResponse(200, { count: 0 }),
    });
    const view = renderApp('/notifications', { routes });
    await screen.findByRole('list', { name: 'Notifications' });

    await userEvent.click(screen.getByRole('radio', { name: 'Unread' }));
    expect(await screen.findByText('You have no unread notifications.')).toBeInTheDocument();
    expect(view.location().search).toBe('?filter=unread');
    expect(api.calls('GET', '/api/notifications').at(-1)!.query.get('filter')).toBe('unread');
  });

  it('marks one read on click and opens its link; marks all read; deletes', async () => {
    const unreadWithLink = makeNotification({ title: 'New booking', link: '/bookings?search=100234' });
    const other = makeNotification({ title: 'Second one' });
    let count = 2;
    const api = mockFetch({
      'GET /api/notifications': () => jsonResponse(200, page([unreadWithLink, other])),
      'GET /api/notifications/unread-count': () => jsonResponse(200, { count }),
      [`POST /api/notifications/${unreadWithLink.id}/read`]: () => jsonResponse(200, { unread_count: (count = 1) }),
      [`POST /api/notifications/${other.id}/read`]: () => jsonResponse(200, { unread_count: (count = 1) }),
      [`DELETE /api/notifications/${other.id}`]: () => jsonResponse(200, { unread_count: count }),
      'POST /api/notifications/read-all': () => jsonResponse(200, { unread_count: (count = 0) }),
    });
    const view = renderApp('/notifications', { routes });
    await screen.findByText('2 unread');

    await userEvent.click(screen.getByRole('button', { name: 'Mark "Second one" as read' }));
    await waitFor(() => expect(api.calls('POST', `/api/notifications/${other.id}/read`)).toHaveLength(1));
    expect(await screen.findByText('1 unread')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete "Second one"' }));
    await waitFor(() => expect(api.calls('DELETE', `/api/notifications/${other.id}`)).toHaveLength(1));

    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.calls('POST', '/api/notifications/read-all')).toHaveLength(1));
    expect(await screen.findByText('Everything is read.')).toBeInTheDocument();

    await userEvent.click(screen.getByText('New booking'));
    expect(await screen.findByText('Bookings page')).toBeInTheDocument();
    expect(view.location().search).toBe('?search=100234');
    await waitFor(() => expect(api.calls('POST', `/api/notifications/${unreadWithLink.id}/read`)).toHaveLength(1));
  });

  it('pages through the list', async () => {
    const api = mockFetch({
      'GET /api/notifications': (request: RecordedRequest) => {
        const current = Number(request.query.get('page') ?? '1');
        return jsonResponse(200, page([makeNotification({ title: `Page ${current} first` })], { total: 25, current }));
      },
      'GET /api/notifications/unread-count': () => jsonResponse(200, { count: 25 }),
    });
    const view = renderApp('/notifications', { routes });
    expect(await screen.findByText('Page 1 first')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–1 of 25')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Page 2 first')).toBeInTheDocument();
    expect(view.location().search).toBe('?page=2');
    expect(api.calls('GET', '/api/notifications').at(-1)!.query.get('page')).toBe('2');
  });

  it('shows the empty state', async () => {
    mockFetch({
      'GET /api/notifications': () => jsonResponse(200, page([])),
      'GET /api/notifications/unread-count': () => jsonResponse(200, { count: 0 }),
    });
    renderApp('/notifications', { routes });
    expect(await screen.findByText(EMPTY_MESSAGE)).toBeInTheDocument();
    expect(EMPTY_MESSAGE).toBe('You have no notifications yet.');
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('shows a loading state, then an error with a way to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    let release: () => void = () => undefined;
    mockFetch({
      'GET /api/notifications': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, page([makeNotification({ title: 'Back again' })])));
        }),
      'GET /api/notifications/unread-count': () => jsonResponse(200, { count: 1 }),
    });
    renderApp('/notifications', { routes });
    const loading = await screen.findByText('Loading notifications');
    expect(loading).toHaveAttribute('role', 'status');
    // The shapes beside the status are marked busy; the status itself is outside them, so it is not held back.
    expect(loading.parentElement?.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(loading.closest('[aria-busy="true"]')).toBeNull();
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your notifications could not be loaded');

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    release();
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });
});
