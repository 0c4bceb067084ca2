import type { BookingCommission, ConsoleCommissionLine } from '@portal/contracts/console-earnings';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsoleBookingDetail, ConsoleBookingOptions, ConsoleBookingRow } from '@portal/contracts/console-bookings';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

const OPTIONS: ConsoleBookingOptions = {
  agents: [
    { id: 3, name: 'Harbor Health Partners' },
    { id: 4, name: 'Gulf Care Referrals' },
  ],
  facilities: [
    {
      id: 11,
      name: 'Al Safa Specialist Hospital',
      city: 'Dubai',
      locations: [{ id: 21, name: 'Main campus', city: 'Dubai' }],
      services: [{ id: 31, name: 'Knee arthroscopy', specialty: 'Orthopaedics', price: '14500.00', currency: 'AED' }],
    },
  ],
  staff: [
    { id: 41, name: 'Noura Saeed' },
    { id: 42, name: 'Karim Mansour' },
  ],
};

function rowOf(overrides: Partial<ConsoleBookingRow> = {}): ConsoleBookingRow {
  return {
    id: 501,
    ticket_id: '204518733',
    date_time: '2026-12-03T09:30:00.000Z',
    status: 'confirmed',
    invoice_status: 'unpaid',
    amount: '14500.00',
    currency: 'AED',
    patient: 'Layla Haddad',
    referral_agent: { id: 3, name: 'Harbor Health Partners' },
    facility: { id: 11, name: 'Al Safa Specialist Hospital' },
    service: 'Knee arthroscopy',
    assignee: null,
    created_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

function detailOf(overrides: Partial<ConsoleBookingDetail> = {}): ConsoleBookingDetail {
  return {
    ...rowOf(),
    location: { id: 21, name: 'Main campus', city: 'Dubai' },
    specialty: 'Orthopaedics',
    patient_detail: { id: 61, name: 'Layla Haddad', email: null, phone: '+971501234567' },
    referred_by: { id: 71, name: 'Amelia Hart', email: 'amelia@harbor.test' },
    assignee_id: null,
    updated_at: '2026-11-21T08:00:00.000Z',
    status_history: [
      { from_status: null, to_status: 'pending', actor_type: 'operator', actor_name: 'Layla Mansour', reason: null, at: '2026-11-20T08:00:00.000Z' },
      { from_status: 'pending', to_status: 'confirmed', actor_type: 'cli', actor_name: 'ops', reason: null, at: '2026-11-21T08:00:00.000Z' },
    ],
    changes: [],
    ...overrides,
  };
}

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET /api/console/bookings/options': () => jsonResponse(200, OPTIONS),
    ...extra,
  });
}

describe('the bookings list', () => {
  it('lists every agent’s bookings, filters by status through the URL and the request, and links to each', async () => {
    const calls = api('finance', {
      'GET /api/console/bookings': () => jsonResponse(200, pageOf([rowOf(), rowOf({ id: 502, ticket_id: null, status: 'pending', assignee: 'Noura Saeed' })])),
    });
    const view = renderApp('/bookings', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Bookings' });
    expect(await within(table).findByRole('link', { name: 'MT-204518733' })).toHaveAttribute('href', '/bookings/501');
    expect(within(table).getByRole('link', { name: 'No ticket' })).toHaveAttribute('href', '/bookings/502');
    expect(within(table).getAllByText('AED 14,500.00')).toHaveLength(2);
    expect(within(table).getByText('Noura Saeed')).toBeInTheDocument();
    // finance reads, but creates nothing
    expect(screen.queryByRole('link', { name: 'New booking' })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'No-show');
    expect(view.location().search).toContain('status=no_show');
    await waitFor(() => expect(calls.calls('GET', '/api/console/bookings').at(-1)!.query.get('status')).toBe('no_show'));
  });

  it('offers New booking to a role that may create one', async () => {
    api('support', { 'GET /api/console/bookings': () => jsonResponse(200, pageOf([])) });
    renderApp('/bookings', { routes: consoleRoutes });
    expect(await screen.findByRole('link', { name: 'New booking' })).toHaveAttribute('href', '/bookings/new');
    expect(await screen.findByText('No bookings yet.')).toBeInTheDocument();
  });
});

/** An appointment that has taken place: a booking may be completed only after it. */
const PAST_APPOINTMENT = '2026-11-03T09:30:00.000Z';

describe('a booking’s page', () => {
  it('offers only the moves the lifecycle allows, asks a reason for a no-show, and sends the status it replaces', async () => {
    let current = detailOf({ date_time: PAST_APPOINTMENT });
    const calls = api('support', {
      'GET /api/console/bookings/501': () => jsonResponse(200, current),
      'POST /api/console/bookings/501/status': () => {
        current = {
          ...current,
          status: 'no_show',
          status_history: [
            ...current.status_history,
            { from_status: 'confirmed', to_status: 'no_show', actor_type: 'operator', actor_name: 'Layla Mansour', reason: 'Phone off.', at: '2026-12-03T11:00:00.000Z' },
          ],
        };
        return jsonResponse(200, current);
      },
    });
    renderApp('/bookings/501', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'Booking MT-204518733', level: 1 })).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Status actions' });
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Mark completed', 'Cancel booking', 'Mark no-show']);
    expect(screen.getByText('Pending → Confirmed')).toBeInTheDocument();
    expect(screen.getByText(/by ops \(command line\)/)).toBeInTheDocument();
    // support holds no finance permission
    expect(screen.queryByRole('button', { name: 'Mark paid' })).not.toBeInTheDocument();
    expect(screen.getByText('Only finance can change these.')).toBeInTheDocument();

    await userEvent.click(within(actions).getByRole('button', { name: 'Mark no-show' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark no-show: booking MT-204518733?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark no-show' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('textbox', { name: /Reason/ }));
    await userEvent.paste('Phone off.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark no-show' }));

    await waitFor(() => expect(calls.calls('POST', '/api/console/bookings/501/status')).toHaveLength(1));
    expect(calls.calls('POST', '/api/console/bookings/501/status')[0]!.body).toEqual({ status: 'no_show', expected_status: 'confirmed', reason: 'Phone off.' });
    expect(await screen.findByText('This status is final: nothing follows it.')).toBeInTheDocument();
    expect(screen.getByText('Phone off.')).toBeInTheDocument();
  });

  it('does not offer to complete a booking before its appointment, and says when it can be', async () => {
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    api('support', { 'GET /api/console/bookings/501': () => jsonResponse(200, detailOf({ date_time: inAWeek })) });
    renderApp('/bookings/501', { routes: consoleRoutes });
    const actions = await screen.findByRole('group', { name: 'Status actions' });
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancel booking', 'Mark no-show']);
    expect(screen.getByText(/It can be marked completed once its appointment \(.+\) has taken place/)).toBeInTheDocument();
  });

  it('shows a 409 in the dialog when someone changed the booking meanwhile', async () => {
    api('admin', {
      'GET /api/console/bookings/501': () => jsonResponse(200, detailOf({ date_time: PAST_APPOINTMENT })),
      'POST /api/console/bookings/501/status': () => jsonResponse(409, { message: 'Someone changed this booking’s status meanwhile. Reload it to see the change.' }),
    });
    renderApp('/bookings/501', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark completed: booking MT-204518733?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark completed' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Someone changed this booking’s status meanwhile.');
  });

  it('lets finance mark the invoice paid and save an amount as a numeric string', async () => {
    let current = detailOf();
    const calls = api('finance', {
      'GET /api/console/bookings/501': () => jsonResponse(200, current),
      'POST /api/console/bookings/501/invoice-status': () => ((current = { ...current, invoice_status: 'paid' }), jsonResponse(200, current)),
      'POST /api/console/bookings/501/amount': () => ((current = { ...current, amount: '13900.50' }), jsonResponse(200, current)),
    });
    renderApp('/bookings/501', { routes: consoleRoutes });
    // finance moves no status
    expect(await screen.findByText('Invoice and amount')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Status actions' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark paid: booking MT-204518733?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/bookings/501/invoice-status')[0]!.body).toEqual({ invoice_status: 'paid', expected_invoice_status: 'unpaid' }));
    expect(await screen.findByRole('button', { name: 'Mark unpaid' })).toBeInTheDocument();

    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '13900.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save amount' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/bookings/501/amount')).toHaveLength(1));
    expect(calls.calls('POST', '/api/console/bookings/501/amount')[0]!.body).toEqual({ amount: '13900.50', currency: 'AED', expected_amount: '14500.00', reason: null });
  });

  it('shows finance a completed booking’s commission with its refunds and adjustments, and records a partial refund', async () => {
    const line: ConsoleCommissionLine = { id: 71, kind: 'commission', booking_id: 501, booking_reference: 'MT-204518733', facility_id: 11, facility_name: 'Al Safa Specialist Hospital', service_name: 'Knee arthroscopy', treatment_on: '2026-11-02', earned_on: '2026-11-02', base_minor: 1_450_000, base_currency: 'AED', rate: { kind: 'percentage', basis_points: 1000, amount_minor: null, currency: 'AED' }, refund_window_days: 30, amount_minor: 145_000, currency: 'AED', status: 'pending', payable_on: '2026-12-02', held_reason: null, reversal_reason: null, clawback_of: null, clawed_back_by: null, adjustment: null, agreement: null, paid_on: null, referral_agent_id: 3, agent_name: 'Harbor Health Partners' };
    const adjustment: ConsoleCommissionLine = { ...line, id: 72, kind: 'adjustment', amount_minor: -20_000, adjustment: { reason: 'The second session was cancelled and refunded.', source: 'partial_refund', adjusts_line_id: 71 } };
    const refund = { id: 5, amount_minor: 200_000, currency: 'AED', full: false, reason: 'The second session was cancelled and refunded.', recorded_by: 'Marcus Webb', at: '2026-11-25T09:30:00.000Z' };
    let money: BookingCommission = { booking_id: 501, booking_reference: 'MT-204518733', status: 'completed', amount_minor: 1_450_000, currency: 'AED', refunded_minor: 0, refunds: [], lines: [line] };
    const calls = api('finance', {
      'GET /api/console/bookings/501': () => jsonResponse(200, detailOf({ status: 'completed' })),
      'GET /api/console/earnings/bookings/501': () => jsonResponse(200, money),
      'POST /api/console/earnings/bookings/501/refunds': () => ((money = { ...money, refunded_minor: 200_000, refunds: [refund], lines: [line, adjustment] }), jsonResponse(200, money)),
    });
    renderApp('/bookings/501', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { level: 2, name: 'Commission' })).toBeInTheDocument();
    // completed is followed only by a recorded refund; the amount's reason is the partner's
    expect(screen.getByText(/^Completed\. If the patient is refunded, finance records it under Commission below/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Reason \(shown to the partner\)/ })).toBeRequired();
    const lines = await screen.findByRole('list', { name: 'Commission lines' });
    expect(within(lines).getByText('AED 1,450.00')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Record a refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a refund: booking MT-204518733' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Part of the treatment' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Refunded amount/ }), '2000');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'The second session was cancelled and refunded.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/earnings/bookings/501/refunds')[0]?.body).toEqual({ scope: 'partial', amount: '2000', reason: 'The second session was cancelled and refunded.' }));
    expect(await screen.findByText(/^Refunded: AED\s2,000\.00 of AED\s14,500\.00$/)).toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Commission lines' })).getByText('-AED 200.00')).toBeInTheDocument();
  });

  it('says a stored amount its currency cannot hold is to be corrected, never showing it as 0', async () => {
    const money: BookingCommission = { booking_id: 501, booking_reference: 'MT-204518733', status: 'completed', amount_minor: null, currency: 'JPY', refunded_minor: 0, refunds: [], lines: [] };
    api('finance', {
      'GET /api/console/bookings/501': () => jsonResponse(200, detailOf({ status: 'completed' })),
      'GET /api/console/earnings/bookings/501': () => jsonResponse(200, money),
    });
    renderApp('/bookings/501', { routes: consoleRoutes });
    expect(await screen.findByText(/^The booking’s amount has more decimals than JPY holds: correct it under Invoice and amount/)).toBeInTheDocument();
    expect(screen.queryByText(/JPY\s0\b/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Record a refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a refund: booking MT-204518733' });
    expect(await within(dialog).findByText(/^The booking’s amount has more decimals than JPY holds: correct it on the booking/)).toBeInTheDocument();
  });

  it('says so for a booking that does not exist', async () => {
    api('admin', { 'GET /api/console/bookings/999': () => jsonResponse(404, { message: 'Not found.' }) });
    renderApp('/bookings/999', { routes: consoleRoutes });
    expect((await screen.findByText('This booking does not exist.')).closest('[role="alert"]')).not.toBeNull();
  });
});

describe('a new booking', () => {
  it('checks the form, then creates the booking for a new patient at the service price and opens it', async () => {
    const calls = api('support', {
      'GET /api/console/bookings/agents/3/clients': () => jsonResponse(200, { clients: [], partners: [{ id: 71, name: 'Amelia Hart', email: 'amelia@harbor.test', role: 'owner' }] }),
      'POST /api/console/bookings': () => jsonResponse(200, detailOf({ id: 777, status: 'pending', status_history: [] })),
      'GET /api/console/bookings/777': () => jsonResponse(200, detailOf({ id: 777, status: 'pending', status_history: [] })),
    });
    const view = renderApp('/bookings/new', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'New booking', level: 1 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create booking' }));
    expect(await screen.findByText('The agent field is required.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Referral agent' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Harbor Health Partners · #3' }));
    await userEvent.click(screen.getByRole('radio', { name: 'A new patient' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Full name' }), 'Omar Rahman');
    await userEvent.click(screen.getByRole('combobox', { name: 'Facility' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Al Safa Specialist Hospital · Dubai' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Service' }));
    await userEvent.click(await screen.findByRole('option', { name: /Knee arthroscopy/ }));
    expect(screen.getByText(/Amount: AED 14,500.00/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Appointment date/), '2026-12-03');
    await userEvent.click(screen.getByRole('button', { name: 'Create booking' }));

    await waitFor(() => expect(calls.calls('POST', '/api/console/bookings')).toHaveLength(1));
    expect(calls.calls('POST', '/api/console/bookings')[0]!.body).toMatchObject({
      referral_agent_id: 3,
      client_id: null,
      new_patient: { name: 'Omar Rahman', email: null, phone: null },
      facility_id: 11,
      facility_location_id: 21,
      service_id: 31,
      amount: null,
      currency: null,
    });
    await waitFor(() => expect(view.location().pathname).toBe('/bookings/777'));
  });

  it('books one of the agent’s patients, searched by name, with the partner who referred them', async () => {
    const calls = api('admin', {
      'GET /api/console/bookings/agents/4/clients': (request) =>
        jsonResponse(200, {
          clients: request.query.get('search') === 'zai' ? [{ id: 91, name: 'Zainab Khan', email: null, phone: '+971509876543' }] : [],
          partners: [
            { id: 72, name: 'Noah Fischer', email: 'noah@gulfcare.test', role: 'owner' },
            { id: 73, name: 'Priya Nair', email: 'priya@gulfcare.test', role: 'agent' },
          ],
        }),
      'POST /api/console/bookings': () => jsonResponse(200, detailOf({ id: 778 })),
      'GET /api/console/bookings/778': () => jsonResponse(200, detailOf({ id: 778 })),
    });
    renderApp('/bookings/new', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Referral agent' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Gulf Care Referrals · #4' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Patient' }), 'zai');
    await userEvent.click(await screen.findByRole('option', { name: 'Zainab Khan · +971509876543' }));
    // The agent's owner is the referring member unless another is chosen (issue 17).
    const referrer = screen.getByRole('combobox', { name: 'Referring member' });
    await waitFor(() => expect(referrer).toHaveValue('Noah Fischer (noah@gulfcare.test) · owner'));
    await userEvent.click(referrer);
    await userEvent.click(await screen.findByRole('option', { name: 'Priya Nair (priya@gulfcare.test) · agent' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Facility' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Al Safa Specialist Hospital · Dubai' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Service' }));
    await userEvent.click(await screen.findByRole('option', { name: /Knee arthroscopy/ }));
    // admin holds bookings.finance: the amount is there, the service's price filled in
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('14500.00');
    await userEvent.type(screen.getByLabelText(/Appointment date/), '2026-12-03');
    await userEvent.click(screen.getByRole('button', { name: 'Create booking' }));
    await waitFor(() => expect(calls.calls('POST', '/api/console/bookings')).toHaveLength(1));
    expect(calls.calls('POST', '/api/console/bookings')[0]!.body).toMatchObject({
      referral_agent_id: 4,
      client_id: 91,
      new_patient: null,
      referred_by_user_id: 73,
      amount: '14500.00',
      currency: 'AED',
    });
  });
});
