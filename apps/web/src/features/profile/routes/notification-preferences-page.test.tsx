import { describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationPreference } from '@portal/contracts/profile';
import { makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';

startEachTestSignedOut();

const GRID: NotificationPreference[] = [
  { event: 'booking.created', channel: 'in_app', enabled: true, locked: false },
  { event: 'booking.created', channel: 'email', enabled: false, locked: false },
  { event: 'booking.status_changed', channel: 'in_app', enabled: true, locked: false },
  { event: 'booking.status_changed', channel: 'email', enabled: false, locked: false },
  { event: 'message', channel: 'in_app', enabled: true, locked: true },
  { event: 'message', channel: 'email', enabled: false, locked: false },
  { event: 'team', channel: 'in_app', enabled: true, locked: false },
  { event: 'team', channel: 'email', enabled: true, locked: true },
  { event: 'feedback.answered', channel: 'in_app', enabled: true, locked: false },
  { event: 'feedback.answered', channel: 'email', enabled: true, locked: true },
  { event: 'account.approved', channel: 'in_app', enabled: true, locked: true },
  { event: 'account.approved', channel: 'email', enabled: true, locked: true },
  { event: 'security', channel: 'email', enabled: true, locked: true },
];

describe('notification preferences page', () => {
  it('shows each event × channel, locks the mandatory ones, and saves a change at once', async () => {
    const user = makeUser();
    useAuthStore.getState().setUser(user);
    let grid = GRID;
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/profile/notification-preferences': () => jsonResponse(200, { preferences: grid }),
      'PUT /api/profile/notification-preferences': (request) => {
        const [change] = (request.body as { preferences: NotificationPreference[] }).preferences;
        grid = grid.map((cell) => (cell.event === change!.event && cell.channel === change!.channel ? { ...cell, enabled: change!.enabled } : cell));
        return jsonResponse(200, { preferences: grid });
      },
    });
    renderApp('/profile/notifications');

    const inApp = await screen.findByRole('checkbox', { name: 'New booking: In the portal' });
    expect(inApp).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'New booking: By e-mail' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Security notices: By e-mail' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Messages from the portal team: In the portal' })).toBeDisabled();
    expect(screen.queryByRole('checkbox', { name: 'Security notices: In the portal' })).not.toBeInTheDocument();
    // A channel the event does not use: a dash on screen, "Not available" to a screen reader (not an empty cell).
    const securityRow = screen.getByRole('rowheader', { name: /Security notices/ }).closest('tr')!;
    expect(within(securityRow).getAllByRole('cell')[0]).toHaveTextContent('Not available');
    // The areas' own e-mails (feedback answers, changes to one's access) are shown as what they are: always sent.
    for (const name of ['Answers to your feedback: By e-mail', 'Team changes: By e-mail', 'Account approved: By e-mail']) {
      expect(screen.getByRole('checkbox', { name })).toBeChecked();
      expect(screen.getByRole('checkbox', { name })).toBeDisabled();
    }
    expect(screen.getByRole('checkbox', { name: 'Answers to your feedback: In the portal' })).toBeEnabled();
    expect(within(screen.getByRole('navigation', { name: 'Profile sections' })).getByRole('link', { name: 'Notifications' })).toHaveAttribute('aria-current', 'page');

    await userEvent.setup().click(inApp);
    await waitFor(() => expect(api.calls('PUT', '/api/profile/notification-preferences')).toHaveLength(1));
    expect(api.calls('PUT', '/api/profile/notification-preferences')[0]!.body).toEqual({
      preferences: [{ event: 'booking.created', channel: 'in_app', enabled: false }],
    });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'New booking: In the portal' })).not.toBeChecked());
  });

  it('shows the click at once, while the save is still on its way', async () => {
    const user = makeUser();
    useAuthStore.getState().setUser(user);
    let answer: (() => void) | undefined;
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/profile/notification-preferences': () => jsonResponse(200, { preferences: GRID }),
      'PUT /api/profile/notification-preferences': () =>
        new Promise<Response>((resolve) => (answer = () => resolve(jsonResponse(200, { preferences: GRID.map((cell) => (cell.event === 'booking.created' && cell.channel === 'email' ? { ...cell, enabled: true } : cell)) })))),
    });
    renderApp('/profile/notifications');
    const email = await screen.findByRole('checkbox', { name: 'New booking: By e-mail' });
    // A plain click event, read back in the same task: no tick for the query cache's write to arrive in between.
    email.click();
    expect(email).toBeChecked();
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    await waitFor(() => expect(screen.getByText('Preference saved.')).toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'New booking: By e-mail' })).toBeChecked();
  });

  it('puts a checkbox back when the server refuses the change', async () => {
    const user = makeUser();
    useAuthStore.getState().setUser(user);
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/profile/notification-preferences': () => jsonResponse(200, { preferences: GRID }),
      'PUT /api/profile/notification-preferences': () => jsonResponse(500, { message: 'Server Error' }),
    });
    renderApp('/profile/notifications');
    const email = await screen.findByRole('checkbox', { name: 'Booking updates: By e-mail' });
    await userEvent.setup().click(email);
    await waitFor(() => expect(api.calls('PUT', '/api/profile/notification-preferences')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Booking updates: By e-mail' })).not.toBeChecked());
  });

  it('a failed save puts back its own cell only, not one a later save changed successfully', async () => {
    const user = makeUser();
    useAuthStore.getState().setUser(user);
    let failFirst: (() => void) | undefined;
    let grid = GRID;
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/profile/notification-preferences': () => jsonResponse(200, { preferences: GRID }),
      'PUT /api/profile/notification-preferences': (request) => {
        const [change] = (request.body as { preferences: NotificationPreference[] }).preferences;
        // The first save (new booking by e-mail) answers only once the second has succeeded, and fails.
        if (change!.event === 'booking.created') return new Promise<Response>((resolve) => (failFirst = () => resolve(jsonResponse(500, { message: 'Server Error' }))));
        grid = grid.map((cell) => (cell.event === change!.event && cell.channel === change!.channel ? { ...cell, enabled: change!.enabled } : cell));
        return jsonResponse(200, { preferences: grid });
      },
    });
    renderApp('/profile/notifications');
    const clicks = userEvent.setup();
    await clicks.click(await screen.findByRole('checkbox', { name: 'New booking: By e-mail' }));
    await clicks.click(screen.getByRole('checkbox', { name: 'Booking updates: By e-mail' }));
    await waitFor(() => expect(api.calls('PUT', '/api/profile/notification-preferences')).toHaveLength(2));
    await waitFor(() => expect(screen.getByText('Preference saved.')).toBeInTheDocument());
    expect(failFirst).toBeDefined();
    failFirst!();
    // Once the failure is handled (its message shows), the failed cell is back as it was …
    await waitFor(() => expect(screen.getAllByText('Your changes could not be saved.').length).toBeGreaterThan(0));
    expect(screen.getByRole('checkbox', { name: 'New booking: By e-mail' })).not.toBeChecked();
    // … and the second save, which succeeded, keeps its cell as the server has it.
    expect(screen.getByRole('checkbox', { name: 'Booking updates: By e-mail' })).toBeChecked();
  });

  it('says when the preferences cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = makeUser();
    useAuthStore.getState().setUser(user);
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/profile/notification-preferences': () => jsonResponse(500, { message: 'Server Error' }),
    });
    renderApp('/profile/notifications');
    expect(await screen.findByText('Your notification preferences could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
