import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommissionLine } from '@portal/contracts/earnings';
import { makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';

startEachTestSignedOut();
afterEach(() => {
  vi.restoreAllMocks();
});

const LINE: CommissionLine = {
  id: 11,
  kind: 'commission',
  booking_id: 4,
  booking_reference: 'MT-100482',
  facility_id: 3,
  facility_name: 'Pearl Dental Studio',
  service_name: 'Dental Implant',
  treatment_on: '2026-10-02',
  earned_on: '2026-10-02',
  base_minor: 1_234_50,
  base_currency: 'AED',
  rate: { kind: 'percentage', basis_points: 1000, amount_minor: null, currency: 'AED' },
  refund_window_days: 14,
  amount_minor: 12_345,
  currency: 'AED',
  status: 'approved',
  payable_on: '2026-10-16',
  held_reason: null,
  reversal_reason: null,
  clawback_of: null,
  clawed_back_by: null,
  adjustment: null,
  agreement: { key: 'partner-programme', version: 1 },
  paid_on: null,
};

const ADJUSTED: CommissionLine = {
  ...LINE,
  id: 13,
  kind: 'adjustment',
  booking_reference: 'MT-100495',
  amount_minor: -2_500,
  status: 'pending',
  adjustment: { reason: 'The clinic refunded the repeated pre-operative scan.', source: 'partial_refund', adjusts_line_id: 9 },
};
const REVERSED: CommissionLine = { ...LINE, id: 12, booking_reference: 'MT-100490', status: 'reversed', reversal_reason: 'Refunded in full: the patient was found unfit for surgery.' };

function paged(rows: CommissionLine[]) {
  return { data: rows, total: rows.length, current_page: 1, last_page: 1, per_page: 10, from: rows.length ? 1 : null, to: rows.length || null, links: [], first_page_url: '', last_page_url: '', next_page_url: null, prev_page_url: null, path: '' };
}

const SUMMARY = {
  balances: [{ currency: 'AED', pending_minor: 50_000, approved_minor: 12_345, in_payout_minor: 0, paid_this_year_minor: 2_500_000, held_minor: 20_000 }],
  year: 2026,
  held_by_agreement: true,
};

const MONTHLY = {
  months: ['2026-09', '2026-10', '2026-11'],
  currencies: ['AED'],
  currency: 'AED',
  group: 'status',
  series: [
    { key: 'pending', label: 'pending', amounts_minor: [0, 0, 50_000] },
    { key: 'approved', label: 'approved', amounts_minor: [0, 12_345, 0] },
    { key: 'in_payout', label: 'in_payout', amounts_minor: [0, 0, 0] },
    { key: 'paid', label: 'paid', amounts_minor: [2_500_000, 0, 0] },
  ],
};

function signIn() {
  const user = makeUser();
  useAuthStore.getState().setUser(user);
  return user;
}

describe('My earnings', () => {
  it('shows the balances with what is held, the chart as a table and the lines with their totals; a card filters the lines', async () => {
    const user = signIn();
    const requested: string[] = [];
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/earnings/summary': () => jsonResponse(200, SUMMARY),
      'GET /api/earnings/monthly': () => jsonResponse(200, MONTHLY),
      'GET /api/earnings/facilities': () => jsonResponse(200, { facilities: [{ id: 3, name: 'Pearl Dental Studio' }] }),
      'GET /api/earnings/totals': () => jsonResponse(200, { totals: [{ currency: 'AED', amount_minor: 12_345, lines: 2 }] }),
      'GET /api/earnings/lines': (request) => {
        requested.push(request.query.toString());
        return jsonResponse(200, paged([LINE, REVERSED, ADJUSTED]));
      },
    });
    renderApp('/my-earnings');

    expect(await screen.findByRole('heading', { level: 1, name: 'My earnings' })).toBeInTheDocument();
    const balances = await screen.findByRole('region', { name: 'Balances in AED' });
    expect(within(balances).getByText('AED 500.00')).toBeInTheDocument();
    expect(within(balances).getByText('AED 200.00 held: an agreement to sign, or a facility’s invoice unpaid (see the lines)')).toBeInTheDocument();
    expect(within(balances).getByText('Paid in 2026')).toBeInTheDocument();

    expect(await screen.findByText(/AED over the last 12 months: AED 25,623.45 in all/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    const chartTable = screen.getAllByRole('table').find((table) => within(table).queryByRole('columnheader', { name: 'Month' }))!;
    expect(within(chartTable).getByRole('columnheader', { name: 'In payout' })).toBeInTheDocument();

    const lines = await screen.findByRole('table', { name: /Your commission lines/ });
    const first = (await within(lines).findByText('MT-100482')).closest('tr')!;
    expect(within(first).getByText('10 %')).toBeInTheDocument();
    expect(within(first).getByText('AED 123.45')).toBeInTheDocument();
    expect(within(first).getByText('Approved')).toBeInTheDocument();
    const reversed = within(lines).getByText('MT-100490').closest('tr')!;
    expect(within(reversed).getByText('Refunded in full: the patient was found unfit for surgery.')).toBeInTheDocument();
    // An adjustment: its reason under its booking, which it links to (issue 31).
    const adjusted = within(lines).getByText('Adjustment: The clinic refunded the repeated pre-operative scan.').closest('tr')!;
    expect(within(adjusted).getByRole('link', { name: 'MT-100495' })).toHaveAttribute('href', '/bookings?search=MT-100495');
    expect(within(adjusted).getByText('-AED 25.00')).toBeInTheDocument();
    expect(await within(lines).findByText('AED 123.45', { selector: 'tfoot *' })).toBeInTheDocument();

    await userEvent.click(within(balances).getByRole('button', { name: /^Approved AED\s123\.45/ }));
    await waitFor(() => expect(requested.at(-1)).toContain('status=approved'));
    expect(requested.at(-1)).toContain('currency=AED');

    // Sorting by the commission asks for the server's sort key (amount), not the row's field.
    await userEvent.click(within(lines).getByRole('button', { name: /^Commission/ }));
    await waitFor(() => expect(requested.at(-1)).toMatch(/sort=-?amount(&|$)/));
  });

  it('exports every line the filters keep, with the same filters and sort', async () => {
    const user = signIn();
    const clicked: HTMLAnchorElement[] = [];
    // jsdom has no object URLs and does not download.
    Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:test/export'), configurable: true, writable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/earnings/summary': () => jsonResponse(200, SUMMARY),
      'GET /api/earnings/monthly': () => jsonResponse(200, MONTHLY),
      'GET /api/earnings/facilities': () => jsonResponse(200, { facilities: [{ id: 3, name: 'Pearl Dental Studio' }] }),
      'GET /api/earnings/totals': () => jsonResponse(200, { totals: [] }),
      'GET /api/earnings/lines': () => jsonResponse(200, paged([LINE])),
      'GET /api/earnings/lines/export': (request) =>
        new Response('file', { status: 200, headers: { 'content-disposition': `attachment; filename="my-earnings-2026-11-28.${request.query.get('format')}"` } }),
    });
    renderApp('/my-earnings?status=approved&currency=AED&sort=-amount&page=2');
    const clicks = userEvent.setup();
    await screen.findByRole('table', { name: /Your commission lines/ });
    await clicks.click(screen.getByRole('button', { name: 'Export as' }));
    await clicks.click(await screen.findByRole('menuitem', { name: 'PDF' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const [request] = api.calls('GET', '/api/earnings/lines/export');
    expect(Object.fromEntries(request!.query)).toEqual({ status: 'approved', currency: 'AED', sort: '-amount', format: 'pdf' });
    expect(clicked[0]!.download).toBe('my-earnings-2026-11-28.pdf');
  });

  it('shows more than three currencies as one table, a row per currency, each amount filtering the lines', async () => {
    const user = signIn();
    const requested: string[] = [];
    const balance = (currency: string, approved: number) => ({ currency, pending_minor: 0, approved_minor: approved, in_payout_minor: 0, paid_this_year_minor: 0, held_minor: 0 });
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/earnings/summary': () => jsonResponse(200, { balances: [balance('AED', 100), balance('EUR', 200), balance('THB', 300), balance('USD', 12_345)], year: 2026, held_by_agreement: false }),
      'GET /api/earnings/monthly': () => jsonResponse(200, MONTHLY),
      'GET /api/earnings/facilities': () => jsonResponse(200, { facilities: [] }),
      'GET /api/earnings/totals': () => jsonResponse(200, { totals: [] }),
      'GET /api/earnings/lines': (request) => {
        requested.push(request.query.toString());
        return jsonResponse(200, paged([LINE]));
      },
    });
    renderApp('/my-earnings');
    const table = await screen.findByRole('table', { name: /Your balances per currency/ });
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['AED', 'EUR', 'THB', 'USD']);
    expect(screen.queryByRole('region', { name: 'Balances in AED' })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: /^Approved USD\s123\.45/ }));
    await waitFor(() => expect(requested.at(-1)).toContain('currency=USD'));
    expect(requested.at(-1)).toContain('status=approved');
  });

  it('says so when there are no commissions yet', async () => {
    const user = signIn();
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/earnings/summary': () => jsonResponse(200, { balances: [], year: 2026, held_by_agreement: false }),
      'GET /api/earnings/monthly': () => jsonResponse(200, { months: ['2026-11'], currencies: [], currency: null, group: 'status', series: [] }),
      'GET /api/earnings/facilities': () => jsonResponse(200, { facilities: [] }),
      'GET /api/earnings/totals': () => jsonResponse(200, { totals: [] }),
      'GET /api/earnings/lines': () => jsonResponse(200, paged([])),
    });
    renderApp('/my-earnings');
    expect(await screen.findByText(/No commissions yet. They appear here/)).toBeInTheDocument();
    expect(await screen.findByText('No commissions yet.')).toBeInTheDocument();
  });
});
