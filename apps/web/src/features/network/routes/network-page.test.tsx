import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import type { NetworkFacilityCard, NetworkProductPage } from '@portal/contracts/network';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderApp } from '../../../../test/render-app';
import { changeLocale } from '../../../i18n/i18n';
import { networkEn } from '../network-messages';
import { NetworkPage } from './network-page';

const routes: RouteObject[] = [
  { path: '/:networkPath', element: <NetworkPage /> },
  { path: '/broken-page', element: <p>Broken page</p> },
];

const PRODUCT: NetworkProductPage = {
  product: { slug: 'medical', name: 'Medical', name_ar: 'العلاج الطبي', description: 'Hospitals for surgery.', description_ar: 'مستشفيات للجراحة.', specialties: [{ id: 3, name: 'Cardiology' }] },
  filters: { countries: ['TR', 'DE'], cities: [], specialties: [{ id: 3, name: 'Cardiology' }], services: [], languages: ['ar', 'en'], accreditations: ['JCI'] },
};

function card(overrides: Partial<NetworkFacilityCard>): NetworkFacilityCard {
  return {
    slug: 'anatolia-medical-park',
    name: 'Anatolia Medical Park',
    city: 'Istanbul',
    country: 'TR',
    photo_url: '/api/network-photos/1',
    accreditations: ['JCI'],
    specialties: ['Cardiology', 'Orthopaedics'],
    languages: ['tr', 'ar'],
    from_price: { amount_minor: 18_000, currency: 'EUR' },
    promoted: false,
    latitude: 41,
    longitude: 29,
    ...overrides,
  };
}

function pageOf(rows: NetworkFacilityCard[]) {
  return { data: rows, links: [], total: rows.length, current_page: 1, last_page: 1, per_page: 25, from: rows.length ? 1 : null, to: rows.length || null };
}

describe('NetworkPage', () => {
  it('shows the cards without a session, the published order and the Promoted label, and links each profile', async () => {
    mockFetch({
      'GET /api/network/medical': () => jsonResponse(200, PRODUCT),
      'GET /api/network/medical/facilities': () => jsonResponse(200, pageOf([card({ name: 'Paid Clinic', slug: 'paid-clinic', promoted: true }), card({})])),
    });
    renderApp('/medical-network', { routes });
    expect(await screen.findByRole('heading', { name: 'Medical network', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(networkEn.sortRule)).toBeInTheDocument();
    expect(await screen.findByText('2 facilities')).toBeInTheDocument();
    const cards = screen.getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Paid Clinic');
    expect(cards[0]).toHaveTextContent('Promoted');
    expect(cards[1]).not.toHaveTextContent('Promoted');
    expect(cards[1]).toHaveTextContent('From EUR');
    expect(screen.getByRole('link', { name: 'Open the profile of Anatolia Medical Park' })).toHaveAttribute('href', '/medical-network-profile/anatolia-medical-park');
  });

  it('filters through the URL and the request', async () => {
    const api = mockFetch({
      'GET /api/network/medical': () => jsonResponse(200, PRODUCT),
      'GET /api/network/medical/facilities': () => jsonResponse(200, pageOf([card({})])),
    });
    const view = renderApp('/medical-network?accreditation=JCI', { routes });
    await screen.findByText('1 facility');
    expect(api.calls('GET', '/api/network/medical/facilities').at(-1)!.query.get('accreditation')).toBe('JCI');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(view.location().search).toBe('');
    await waitFor(() => expect(api.calls('GET', '/api/network/medical/facilities').at(-1)!.query.get('accreditation')).toBeNull());
  });

  it('says so for an unknown product, and sends a path that is not a network to the broken page', async () => {
    mockFetch({ 'GET /api/network/cosmetics': () => jsonResponse(404, { message: 'Not Found.' }) });
    renderApp('/cosmetics-network', { routes });
    expect(await screen.findByText(networkEn.notFound)).toBeInTheDocument();
    renderApp('/somewhere', { routes });
    expect(await screen.findByText('Broken page')).toBeInTheDocument();
  });

  it('reads in Arabic, right to left', async () => {
    await changeLocale('ar');
    mockFetch({
      'GET /api/network/medical': () => jsonResponse(200, PRODUCT),
      'GET /api/network/medical/facilities': () => jsonResponse(200, pageOf([card({ promoted: true })])),
    });
    renderApp('/medical-network', { routes });
    expect(await screen.findByRole('heading', { name: 'شبكة العلاج الطبي', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('مُروَّج')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
