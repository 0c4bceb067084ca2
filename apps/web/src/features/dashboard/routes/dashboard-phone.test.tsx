import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser, paginated } from '../../../../test/fixtures';
import { jsonResponse } from '../../../../test/fetch-mock';
import { onPhoneScreen } from '../../../../test/phone-screen';
import { renderApp } from '../../../../test/render-app';
import type { createRealtimeStub } from '../../../../test/realtime-stub';
import { startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';
import { CARD_URLS, makeBooking, mockDashboardApi, queryOf } from '../dashboard-test-helpers';

const realtime = vi.hoisted(() => ({ stub: null as ReturnType<typeof createRealtimeStub> | null }));
vi.mock('../../../lib/realtime', async () => {
  const { createRealtimeStub } = await import('../../../../test/realtime-stub');
  realtime.stub = createRealtimeStub();
  return realtime.stub.module;
});

startEachTestSignedOut();
onPhoneScreen();

describe('dashboard on a phone', () => {
  it('offers the period as a select and lists the recent bookings rather than a five-column table', async () => {
    const user = makeUser();
    useAuthStore.getState().setUser(user);
    const api = mockDashboardApi(user, { bookings: () => jsonResponse(200, paginated([makeBooking({ ticket_id: '300200', booking_patient_detail: { name: 'Grace Hopper' } })], { perPage: 10 })) });
    const view = renderApp('/');

    const recent = await screen.findByRole('region', { name: 'Recent bookings' });
    const list = await within(recent).findByRole('list', { name: 'Your 10 most recent referrals, newest first' });
    expect(within(list).getByText('MT-300200')).toBeInTheDocument();
    expect(within(list).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(recent).queryByRole('table')).not.toBeInTheDocument();

    await userEvent.setup({ delay: null }).selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Year to date');
    expect(view.location().search).toBe('?range=ytd');
    await waitFor(() => expect(api.calls('GET', CARD_URLS.bookingKpis).map(queryOf)).toContainEqual({ range: 'ytd' }));
  });
});
