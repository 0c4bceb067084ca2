import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsoleBookingOptions } from '@portal/contracts/console-bookings';
import type { BookingCommission, ConsoleCommissionLine } from '@portal/contracts/console-earnings';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

const LINES_URL = '/api/console/earnings/lines';

function lineOf(overrides: Partial<ConsoleCommissionLine> = {}): ConsoleCommissionLine {
  return {
    id: 1,
    kind: 'commission',
    booking_id: 501,
    booking_reference: 'MT-482913',
    referral_agent_id: 3,
    agent_name: 'Harbor Health Partners',
    facility_id: 11,
    facility_name: 'Al Safa Specialist Hospital',
    service_name: 'Knee arthroscopy',
    treatment_on: '2026-11-02',
    earned_on: '2026-11-02',
    base_minor: 1_450_000,
    base_currency: 'AED',
    rate: { kind: 'percentage', basis_points: 850, amount_minor: null, currency: 'AED' },
    refund_window_days: 30,
    amount_minor: 123_250,
    currency: 'AED',
    status: 'pending',
    payable_on: '2026-12-02',
    held_reason: null,
    reversal_reason: null,
    clawback_of: null,
    clawed_back_by: null,
    adjustment: null,
    agreement: null,
    paid_on: null,
    ...overrides,
  };
}

const PENDING = lineOf();
const HELD = lineOf({ id: 2, booking_id: 502, booking_reference: 'MT-482914', agent_name: 'Gulf Care Referrals', referral_agent_id: 4, held_reason: 'agreement_unsigned', payable_on: '2026-10-01' });
const APPROVED = lineOf({ id: 3, booking_id: 503, booking_reference: 'MT-482915', status: 'approved', rate: { kind: 'flat', basis_points: null, amount_minor: 55_000, currency: 'AED' }, amount_minor: 55_000 });
const REVERSED = lineOf({ id: 4, booking_id: 504, booking_reference: 'MT-300200', status: 'reversed', reversal_reason: 'The patient cancelled after the first session.' });
const PAID = lineOf({ id: 5, booking_id: 505, booking_reference: 'MT-300100', status: 'paid', paid_on: '2026-10-05' });
const CLAWED = lineOf({ id: 6, booking_id: 506, booking_reference: 'MT-300300', status: 'paid', paid_on: '2026-09-05', clawed_back_by: 7 });
const CLAWBACK = lineOf({ id: 7, kind: 'clawback', booking_id: 506, booking_reference: 'MT-300300', status: 'approved', amount_minor: -123_250, clawback_of: { id: 6, booking_reference: 'MT-300300' } });
const ADJUSTMENT = lineOf({ id: 8, kind: 'adjustment', amount_minor: -12_550, adjustment: { reason: 'Goodwill for the rescheduled surgery.', source: 'manual', adjusts_line_id: 1 } });
const LINES = [PENDING, HELD, APPROVED, REVERSED, PAID, CLAWED, CLAWBACK, ADJUSTMENT];
const BOOKINGS_URL = '/api/console/earnings/bookings';
const REFUND_FULL = { id: 1, amount_minor: 1_450_000, currency: 'AED', full: true, reason: 'The patient was refunded in full.', recorded_by: 'Farah Finance', at: '2026-11-20T10:00:00.000Z' };

/** A booking's money as GET /api/console/earnings/bookings/:id answers it: AED 14,500.00, nothing refunded. */
function moneyOf(id: number, reference: string, overrides: Partial<BookingCommission> = {}): BookingCommission {
  return { booking_id: id, booking_reference: reference, status: 'completed', amount_minor: 1_450_000, currency: 'AED', refunded_minor: 0, refunds: [], lines: [], ...overrides };
}

const OPTIONS: ConsoleBookingOptions = {
  agents: [
    { id: 3, name: 'Harbor Health Partners' },
    { id: 4, name: 'Gulf Care Referrals' },
  ],
  facilities: [{ id: 11, name: 'Al Safa Specialist Hospital', city: 'Dubai', locations: [], services: [] }],
  staff: [],
};

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    'GET /api/console/bookings/options': () => jsonResponse(200, OPTIONS),
    [`GET ${LINES_URL}`]: () => jsonResponse(200, pageOf(LINES)),
    ...extra,
  });
}

/** The table row of the line with that booking reference (the first one: a clawback shares its original's). */
async function rowOf(table: HTMLElement, reference: string): Promise<HTMLElement> {
  return (await within(table).findAllByText(reference))[0]!.closest('tr')!;
}

describe('the commission ledger (console)', () => {
  it('lists every agent’s lines with their status: held and why, reversed with its reason, clawbacks and what they take back', async () => {
    api('finance');
    renderApp('/commission-ledger', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Commission ledger' });

    const pending = await rowOf(table, 'MT-482913');
    expect(within(pending).getByRole('link', { name: 'MT-482913' })).toHaveAttribute('href', '/bookings/501');
    expect(within(pending).getByText('Harbor Health Partners')).toBeInTheDocument();
    expect(within(pending).getByText('AED 14,500.00')).toBeInTheDocument();
    expect(within(pending).getByText('8.5 %')).toBeInTheDocument();
    expect(within(pending).getByText('AED 1,232.50')).toBeInTheDocument();
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('Payable 2 Dec 2026')).toBeInTheDocument();

    const held = await rowOf(table, 'MT-482914');
    expect(within(held).getByText('Held')).toBeInTheDocument();
    expect(within(held).getByText('An agreement to sign')).toBeInTheDocument();

    expect(within(await rowOf(table, 'MT-482915')).getByText('AED 550.00 per treatment')).toBeInTheDocument();

    const reversed = await rowOf(table, 'MT-300200');
    expect(within(reversed).getByText('Reversed')).toBeInTheDocument();
    expect(within(reversed).getByText('Reason: The patient cancelled after the first session.')).toBeInTheDocument();

    expect(within(await rowOf(table, 'MT-300100')).getByText('Paid 5 Oct 2026')).toBeInTheDocument();

    const clawback = within(table).getByText('Clawback of MT-300300').closest('tr')!;
    expect(within(clawback).getByText('Clawback')).toBeInTheDocument();
    expect(within(clawback).getByText('-AED 1,232.50')).toBeInTheDocument();
    const original = await rowOf(table, 'MT-300300');
    expect(within(original).getByText('Clawed back')).toBeInTheDocument();

    // A refund is offered on pending, approved and paid commissions; not on a reversed line, a clawback or a line clawed back.
    const refundButtons = within(table).getAllByRole('button', { name: /^Record refund: booking/ });
    expect(refundButtons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Record refund: booking MT-482913 (Harbor Health Partners)',
      'Record refund: booking MT-482914 (Gulf Care Referrals)',
      'Record refund: booking MT-482915 (Harbor Health Partners)',
      'Record refund: booking MT-300100 (Harbor Health Partners)',
    ]);
  });

  it('requests the list with each filter: status, and an agent chosen by name', async () => {
    const calls = api('support');
    const view = renderApp('/commission-ledger', { routes: consoleRoutes });
    await screen.findByRole('table', { name: 'Commission ledger' });
    const user = userEvent.setup();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Reversed');
    expect(view.location().search).toContain('status=reversed');
    await waitFor(() => expect(calls.calls('GET', LINES_URL).at(-1)!.query.get('status')).toBe('reversed'));

    await user.click(screen.getByRole('combobox', { name: 'Agent' }));
    await user.click(await screen.findByRole('option', { name: 'Gulf Care Referrals · #4' }));
    await waitFor(() => expect(calls.calls('GET', LINES_URL).at(-1)!.query.get('referral_agent_id')).toBe('4'));
    expect(calls.calls('GET', LINES_URL).at(-1)!.query.get('status')).toBe('reversed');
  });

  it('records a full refund of a paid line’s booking: says what is left, sends the scope and the reason, tells what happened and reloads the list', async () => {
    const calls = api('finance', {
      [`GET ${BOOKINGS_URL}/505`]: () => jsonResponse(200, moneyOf(505, 'MT-300100', { lines: [PAID] })),
      [`POST ${BOOKINGS_URL}/505/refunds`]: () => jsonResponse(200, moneyOf(505, 'MT-300100', { status: 'refunded', refunded_minor: 1_450_000, refunds: [REFUND_FULL] })),
    });
    renderApp('/commission-ledger', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Commission ledger' });
    const user = userEvent.setup();
    await user.click(within(await rowOf(table, 'MT-300100')).getByRole('button', { name: 'Record refund: booking MT-300100 (Harbor Health Partners)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a refund: booking MT-300100' });
    expect(await within(dialog).findByText(/The treatment cost AED 14,500.00; AED 0.00 of it was refunded before/)).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /^Full refund \(AED\s14,500\.00\)$/ })).toBeChecked();

    // The reason is required: nothing is sent without it.
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await within(dialog).findByText('Say why: the reason is shown to the partner.')).toBeInTheDocument();
    expect(calls.calls('POST', `${BOOKINGS_URL}/505/refunds`)).toHaveLength(0);

    const listed = calls.calls('GET', LINES_URL).length;
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'The patient was refunded in full.');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(calls.calls('POST', `${BOOKINGS_URL}/505/refunds`)[0]?.body).toEqual({ scope: 'full', amount: null, reason: 'The patient was refunded in full.' }));
    expect(await screen.findByText('Booking MT-300100 refunded in full')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record a refund: booking MT-300100' })).not.toBeInTheDocument());
    await waitFor(() => expect(calls.calls('GET', LINES_URL).length).toBeGreaterThan(listed));
  });

  it('records a partial refund: asks the amount, and shows the server’s field message under it', async () => {
    let answer = 422;
    const calls = api('admin', {
      [`GET ${BOOKINGS_URL}/501`]: () => jsonResponse(200, moneyOf(501, 'MT-482913', { refunded_minor: 400_000, lines: [PENDING] })),
      [`POST ${BOOKINGS_URL}/501/refunds`]: () =>
        answer === 422
          ? jsonResponse(422, { message: 'The refunds would add up to more than the booking’s amount.', errors: { amount: ['The refunds would add up to more than the booking’s amount.'] } })
          : jsonResponse(200, moneyOf(501, 'MT-482913', { refunded_minor: 450_000, refunds: [{ ...REFUND_FULL, full: false, amount_minor: 50_000 }] })),
    });
    renderApp('/commission-ledger', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Commission ledger' });
    const user = userEvent.setup();
    await user.click(within(await rowOf(table, 'MT-482913')).getByRole('button', { name: /^Record refund: booking MT-482913/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a refund: booking MT-482913' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Part of the treatment' }));
    const amount = within(dialog).getByRole('textbox', { name: /^Refunded amount \(AED\)/ });
    expect(amount).toHaveAccessibleDescription(/At most AED\s10,500\.00, with at most 2 decimals\./);
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'One of the two sessions was cancelled.');
    // The contract asks an amount first.
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await within(dialog).findByText('The amount field is required for a partial refund.')).toBeInTheDocument();
    expect(calls.calls('POST', `${BOOKINGS_URL}/501/refunds`)).toHaveLength(0);

    await user.type(amount, '500');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await within(dialog).findByText('The refunds would add up to more than the booking’s amount.')).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription(/The refunds would add up to more than the booking’s amount\./);

    answer = 200;
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await screen.findByText('Refund of AED 500.00 recorded on booking MT-482913')).toBeInTheDocument();
    expect(calls.calls('POST', `${BOOKINGS_URL}/501/refunds`).map((call) => call.body)).toEqual([
      { scope: 'partial', amount: '500', reason: 'One of the two sessions was cancelled.' },
      { scope: 'partial', amount: '500', reason: 'One of the two sessions was cancelled.' },
    ]);
  });

  it('shows the 409 of a line gone into a payout in the dialog’s alert', async () => {
    const message = 'This commission is in a payout being sent. Record the refund once the payout is paid (it becomes a clawback) or failed.';
    api('finance', {
      [`GET ${BOOKINGS_URL}/503`]: () => jsonResponse(200, moneyOf(503, 'MT-482915', { lines: [APPROVED] })),
      [`POST ${BOOKINGS_URL}/503/refunds`]: () => jsonResponse(409, { message }),
    });
    renderApp('/commission-ledger', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Commission ledger' });
    const user = userEvent.setup();
    await user.click(within(await rowOf(table, 'MT-482915')).getByRole('button', { name: /^Record refund: booking MT-482915/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a refund: booking MT-482915' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'The patient was refunded.');
    await user.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog', { name: 'Record a refund: booking MT-482915' })).toBeInTheDocument();
  });

  it('adjusts a commission by a signed amount with a reason, and lists the adjustment with its reason', async () => {
    const calls = api('finance', {
      [`POST ${LINES_URL}/1/adjustments`]: () => jsonResponse(200, { adjustment: ADJUSTMENT }),
    });
    renderApp('/commission-ledger', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Commission ledger' });
    const adjustment = (await within(table).findByText('Adjusted by finance: Goodwill for the rescheduled surgery.')).closest('tr')!;
    expect(within(adjustment).getByText('Adjustment')).toBeInTheDocument();
    // Adjusted: commissions only, not a clawback, a reversed line or an adjustment itself.
    expect(within(table).getAllByRole('button', { name: /^Adjust commission: booking/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Adjust commission: booking MT-482913 (Harbor Health Partners)',
      'Adjust commission: booking MT-482914 (Gulf Care Referrals)',
      'Adjust commission: booking MT-482915 (Harbor Health Partners)',
      'Adjust commission: booking MT-300100 (Harbor Health Partners)',
    ]);
    const user = userEvent.setup();
    await user.click(within(await rowOf(table, 'MT-482913')).getByRole('button', { name: /^Adjust commission: booking MT-482913/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust commission: booking MT-482913' });
    const amount = within(dialog).getByRole('textbox', { name: /^Amount \(AED, signed\)/ });
    await user.type(amount, '0');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Goodwill for the rescheduled surgery.');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust commission' }));
    expect(await within(dialog).findByText('The amount must not be zero.')).toBeInTheDocument();
    expect(calls.calls('POST', `${LINES_URL}/1/adjustments`)).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '-125.50');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust commission' }));
    await waitFor(() => expect(calls.calls('POST', `${LINES_URL}/1/adjustments`)[0]?.body).toEqual({ amount: '-125.50', reason: 'Goodwill for the rescheduled surgery.' }));
    expect(await screen.findByText('Commission on booking MT-482913 adjusted by -AED 125.50')).toBeInTheDocument();
  });

  it('shows support the lines without the refund action', async () => {
    api('support');
    renderApp('/commission-ledger', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Commission ledger' });
    await rowOf(table, 'MT-482913');
    expect(within(table).queryByRole('button', { name: /^Record a refund/ })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('says when there are no lines, and offers Retry when the list fails to load', async () => {
    let fail = true;
    api('finance', { [`GET ${LINES_URL}`]: () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, pageOf([]))) });
    renderApp('/commission-ledger', { routes: consoleRoutes });
    expect(await screen.findByText("Couldn't load the commission lines.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No commission lines yet. A line is earned when a referred treatment is completed.')).toBeInTheDocument();
  });
});
