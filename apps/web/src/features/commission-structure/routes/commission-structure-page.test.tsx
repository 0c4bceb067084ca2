import { describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EffectiveRateRow } from '@portal/contracts/commission-rates';
import { makeUser } from '../../../../test/fixtures';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { startEachTestSignedOut } from '../../../../test/session';
import { useAuthStore } from '../../../stores/auth-store';

startEachTestSignedOut();

const BASE = { base_description: 'The treatment price, excluding travel', base_description_ar: 'سعر العلاج دون السفر', refund_window_days: 30, valid_from: '2026-01-01', valid_to: null };

const ROWS: EffectiveRateRow[] = [
  {
    ...BASE,
    id: '3-7',
    facility_id: 3,
    facility_name: 'Pearl Dental Studio',
    country: 'AE',
    service_id: 7,
    service_name: 'Dental Implant',
    specialty_id: 2,
    specialty_name: 'Dentistry',
    rate: { kind: 'flat', basis_points: null, amount_minor: 55_000, currency: 'AED' },
    tier: null,
    individual: false,
    refund_window_days: 14,
  },
  {
    ...BASE,
    id: '5-1',
    facility_id: 5,
    facility_name: 'St Aldhelm Private Hospital',
    country: 'GB',
    service_id: 1,
    service_name: 'Cardiac Consultation',
    specialty_id: 4,
    specialty_name: 'Cardiology',
    rate: { kind: 'percentage', basis_points: 1050, amount_minor: null, currency: 'GBP' },
    tier: { id: 2, name: 'Gold', name_ar: 'ذهبي' },
    individual: false,
    valid_to: '2026-12-14',
  },
];

function paged(rows: EffectiveRateRow[]) {
  return { data: rows, total: rows.length, current_page: 1, last_page: 1, per_page: 25, from: rows.length ? 1 : null, to: rows.length || null, links: [], first_page_url: '', last_page_url: '', next_page_url: null, prev_page_url: null, path: '' };
}

const FILTERS = {
  facilities: [
    { id: 3, name: 'Pearl Dental Studio', country: 'AE' },
    { id: 5, name: 'St Aldhelm Private Hospital', country: 'GB' },
  ],
  specialties: [
    { id: 4, name: 'Cardiology' },
    { id: 2, name: 'Dentistry' },
  ],
  services: [
    { id: 1, name: 'Cardiac Consultation', specialty_id: 4 },
    { id: 7, name: 'Dental Implant', specialty_id: 2 },
  ],
  countries: ['AE', 'GB'],
};

const UPCOMING = {
  horizon_days: 90,
  changes: [
    {
      key: '2026-12-14:41:1050',
      effective_on: '2026-12-14',
      scope: { facility: 'St Aldhelm Private Hospital', service: null, specialty: 'Cardiology', tier: null },
      rates: 3,
      facilities: 1,
      from: { kind: 'percentage', basis_points: 1050, amount_minor: null, currency: 'GBP' },
      to: { kind: 'percentage', basis_points: 1150, amount_minor: null, currency: 'GBP' },
    },
  ],
};

function signIn() {
  const user = makeUser();
  useAuthStore.getState().setUser(user);
  return user;
}

describe('commission structure page', () => {
  it("shows the partner's rates with the base, tier and refund window, and the upcoming change", async () => {
    const user = signIn();
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/commission-structure': () => jsonResponse(200, paged(ROWS)),
      'GET /api/commission-structure/filters': () => jsonResponse(200, FILTERS),
      'GET /api/commission-structure/upcoming': () => jsonResponse(200, UPCOMING),
    });
    renderApp('/commission-structure');

    expect(await screen.findByRole('heading', { level: 1, name: 'Commission structure' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /Your commission rates/ });
    const pearl = (await within(table).findByText('Pearl Dental Studio')).closest('tr')!;
    expect(within(pearl).getByText('AED 550.00 per treatment')).toBeInTheDocument();
    expect(within(pearl).getByText('United Arab Emirates')).toBeInTheDocument();
    expect(within(pearl).getByText('All tiers')).toBeInTheDocument();
    expect(within(pearl).getByText('14 days')).toBeInTheDocument();
    expect(within(pearl).getByText('The treatment price, excluding travel')).toBeInTheDocument();
    const aldhelm = within(table).getByText('St Aldhelm Private Hospital').closest('tr')!;
    expect(within(aldhelm).getByText('10.5 %')).toBeInTheDocument();
    expect(within(aldhelm).getByText('Gold')).toBeInTheDocument();
    expect(within(aldhelm).getByText('Until 14 Dec 2026')).toBeInTheDocument();

    const upcoming = screen.getByRole('region', { name: 'Upcoming changes' });
    expect(await within(upcoming).findByText('St Aldhelm Private Hospital · Cardiology')).toBeInTheDocument();
    expect(within(upcoming).getByText('3 of your rates, at one facility')).toBeInTheDocument();
    expect(within(upcoming).getByText('10.5 % → 11.5 %')).toBeInTheDocument();
    expect(within(upcoming).getByText('From 14 Dec 2026')).toBeInTheDocument();
  });

  it('filters by country and specialty through the URL, the specialty narrowing the services', async () => {
    const user = signIn();
    const api = mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/commission-structure': (request) => jsonResponse(200, paged(request.query.get('country') === 'GB' ? [ROWS[1]!] : ROWS)),
      'GET /api/commission-structure/filters': () => jsonResponse(200, FILTERS),
      'GET /api/commission-structure/upcoming': () => jsonResponse(200, { horizon_days: 90, changes: [] }),
    });
    renderApp('/commission-structure');
    const clicks = userEvent.setup();
    const table = await screen.findByRole('table', { name: /Your commission rates/ });
    await within(table).findByText('Pearl Dental Studio');
    await clicks.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'United Kingdom');
    await waitFor(() => expect(api.calls('GET', '/api/commission-structure').at(-1)!.query.get('country')).toBe('GB'));
    await waitFor(() => expect(within(table).queryByText('Pearl Dental Studio')).not.toBeInTheDocument());
    await clicks.selectOptions(screen.getByRole('combobox', { name: 'Specialty' }), 'Cardiology');
    await waitFor(() => expect(api.calls('GET', '/api/commission-structure').at(-1)!.query.get('specialty_id')).toBe('4'));
    // A chosen specialty narrows the services offered to its own.
    await clicks.click(screen.getByRole('combobox', { name: 'Service' }));
    expect(await screen.findByRole('option', { name: 'Cardiac Consultation' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Dental Implant' })).not.toBeInTheDocument();
    expect(screen.getByText('No changes to your rates are planned in the next 90 days.')).toBeInTheDocument();
  });

  it('exports every rate the filters keep, with the same filters', async () => {
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
      'GET /api/commission-structure': () => jsonResponse(200, paged(ROWS)),
      'GET /api/commission-structure/filters': () => jsonResponse(200, FILTERS),
      'GET /api/commission-structure/upcoming': () => jsonResponse(200, UPCOMING),
      'GET /api/commission-structure/export': (request) =>
        new Response(`file ${request.query.get('format')}`, { status: 200, headers: { 'content-disposition': `attachment; filename="commission-structure-2026-11-24.${request.query.get('format')}"` } }),
    });
    renderApp('/commission-structure?country=GB&sort=-rate&page=2');
    const clicks = userEvent.setup();
    await screen.findByRole('table', { name: /Your commission rates/ });
    await clicks.click(screen.getByRole('button', { name: 'Export as' }));
    await clicks.click(await screen.findByRole('menuitem', { name: 'Excel' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const [request] = api.calls('GET', '/api/commission-structure/export');
    expect(Object.fromEntries(request!.query)).toEqual({ country: 'GB', sort: '-rate', format: 'xlsx' });
    expect(clicked[0]!.download).toBe('commission-structure-2026-11-24.xlsx');
  });

  it('says when no rate applies yet, and offers Retry when the upcoming changes fail to load', async () => {
    const user = signIn();
    let upcomingFails = true;
    mockFetch({
      'GET /api/user': () => jsonResponse(200, user),
      'GET /api/commission-structure': () => jsonResponse(200, paged([])),
      'GET /api/commission-structure/filters': () => jsonResponse(200, { facilities: [], specialties: [], services: [], countries: [] }),
      'GET /api/commission-structure/upcoming': () => (upcomingFails ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, UPCOMING)),
    });
    renderApp('/commission-structure');
    expect(await screen.findByText('No commission rates apply to your organisation yet.')).toBeInTheDocument();
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Upcoming changes could not be loaded');
    upcomingFails = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('10.5 % → 11.5 %')).toBeInTheDocument();
  });
});
