import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FacilityDetail, FacilityRow } from '@portal/contracts/console-facilities';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { clearCookies, jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { consoleCsrfCookie, operatorOf, pageOf, setUpConsoleCsrf } from '../console-test-helpers';
import { consoleRoutes } from '../console-routes';

beforeEach(() => {
  clearCookies();
  setUpConsoleCsrf();
});

function rowOf(overrides: Partial<FacilityRow> = {}): FacilityRow {
  return {
    id: 11,
    name: 'Al Safa Specialist Hospital',
    slug: 'al-safa-specialist-hospital',
    country: 'AE',
    city: 'Dubai',
    locations_count: 2,
    bookings_count: 1250,
    created_at: '2026-02-03T08:00:00.000Z',
    ...overrides,
  };
}

function detailOf(overrides: Partial<FacilityDetail> = {}): FacilityDetail {
  return {
    id: 11,
    name: 'Al Safa Specialist Hospital',
    slug: 'al-safa-specialist-hospital',
    country: 'AE',
    city: 'Dubai',
    currency: 'AED',
    created_at: '2026-02-03T08:00:00.000Z',
    bookings_count: 3,
    locations: [
      { id: 21, name: 'Al Safa main hospital', address: 'Al Wasl Road, Al Safa 2', city: 'Dubai', country: 'AE', bookings_count: 3 },
      { id: 22, name: 'Jumeirah Lakes clinic', address: null, city: 'Dubai', country: 'AE', bookings_count: 0 },
    ],
    services: [{ id: 31, service: 'Cardiac Consultation', specialty: 'Cardiology', price: '1250.00', currency: 'AED', bookings_count: 3 }],
    ...overrides,
  };
}

/** Puts `text` into a field as one paste (typing it key by key re-renders a form with 249 countries per key). */
async function typeInto(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

function api(role: OperatorRole, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/console/csrf-cookie': consoleCsrfCookie,
    'GET /api/console/me': () => jsonResponse(200, { operator: operatorOf(role) }),
    ...extra,
  });
}

// The forms hold a list of 249 countries, slow to render in jsdom on a busy machine: a minute per test, not 20 s.
describe('the facilities list', { timeout: 60_000 }, () => {
  it('lists facilities with country names and counts, filters by country through the URL, and links to each', async () => {
    const calls = api('content', {
      'GET /api/console/facilities': () => jsonResponse(200, pageOf([rowOf(), rowOf({ id: 12, name: 'Bangkok Riverside Hospital', country: 'TH', city: 'Bangkok', locations_count: 1, bookings_count: 0 })])),
    });
    const view = renderApp('/facilities', { routes: consoleRoutes });
    const table = await screen.findByRole('table', { name: 'Facilities' });
    expect(await within(table).findByRole('link', { name: 'Al Safa Specialist Hospital' })).toHaveAttribute('href', '/facilities/11');
    expect(within(table).getByText('United Arab Emirates')).toBeInTheDocument();
    expect(within(table).getByText('Thailand')).toBeInTheDocument();
    expect(within(table).getByText('1,250')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Country' }));
    await typeInto(screen.getByRole('combobox', { name: 'Country' }), 'Thai');
    await userEvent.click(await screen.findByRole('option', { name: 'Thailand' }));
    expect(view.location().search).toContain('country=TH');
    await waitFor(() => expect(calls.calls('GET', '/api/console/facilities').at(-1)!.query.get('country')).toBe('TH'));
  });

  it('checks the new facility with the contract before sending it', async () => {
    const calls = api('content', { 'GET /api/console/facilities': () => jsonResponse(200, pageOf([])) });
    renderApp('/facilities', { routes: consoleRoutes });
    expect(await screen.findByText('No facilities yet. Add the first one.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New facility' }));
    const dialog = await screen.findByRole('dialog', { name: 'New facility' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add facility' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a country.')).toBeInTheDocument();
    expect(within(dialog).getByText('The city field is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a currency.')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/facilities')).toHaveLength(0);
  });

  it('adds a facility and opens its page', async () => {
    const created = detailOf({ id: 77, name: 'Marina Heart Centre', locations: [], services: [], bookings_count: 0 });
    const calls = api('content', {
      'GET /api/console/facilities': () => jsonResponse(200, pageOf([rowOf()])),
      'POST /api/console/facilities': () => jsonResponse(201, created),
      'GET /api/console/facilities/77': () => jsonResponse(200, created),
    });
    const view = renderApp('/facilities', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'New facility' }));
    const dialog = await screen.findByRole('dialog', { name: 'New facility' });
    await typeInto(within(dialog).getByRole('textbox', { name: 'Name' }), 'Marina Heart Centre');
    await typeInto(within(dialog).getByRole('combobox', { name: 'Country' }), 'Emirates');
    await userEvent.click(await screen.findByRole('option', { name: 'United Arab Emirates' }));
    await typeInto(within(dialog).getByRole('textbox', { name: 'City' }), 'Dubai');
    await typeInto(within(dialog).getByRole('combobox', { name: /^Bills in/ }), 'AED');
    await userEvent.click(await screen.findByRole('option', { name: 'AED · United Arab Emirates Dirham' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add facility' }));

    await waitFor(() => expect(view.location().pathname).toBe('/facilities/77'));
    expect(calls.calls('POST', '/api/console/facilities')[0]!.body).toEqual({ name: 'Marina Heart Centre', country: 'AE', city: 'Dubai', currency: 'AED' });
    // The page is a lazy chunk, compiled on first use in the test run.
    expect(await screen.findByRole('heading', { name: 'Marina Heart Centre', level: 1 }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('No locations yet.')).toBeInTheDocument();
  });

  it('shows the server’s 409 in the form', async () => {
    api('admin', {
      'GET /api/console/facilities': () => jsonResponse(200, pageOf([rowOf()])),
      'POST /api/console/facilities': () => jsonResponse(409, { message: 'A facility named Al Safa Specialist Hospital already exists in Dubai.' }),
    });
    renderApp('/facilities', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'New facility' }));
    const dialog = await screen.findByRole('dialog', { name: 'New facility' });
    await typeInto(within(dialog).getByRole('textbox', { name: 'Name' }), 'Al Safa Specialist Hospital');
    await typeInto(within(dialog).getByRole('combobox', { name: 'Country' }), 'Emirates');
    await userEvent.click(await screen.findByRole('option', { name: 'United Arab Emirates' }));
    await typeInto(within(dialog).getByRole('textbox', { name: 'City' }), 'Dubai');
    await typeInto(within(dialog).getByRole('combobox', { name: /^Bills in/ }), 'AED');
    await userEvent.click(await screen.findByRole('option', { name: 'AED · United Arab Emirates Dirham' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add facility' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A facility named Al Safa Specialist Hospital already exists in Dubai.');
  });

  it('is not offered to a role without facilities.manage', async () => {
    api('support');
    renderApp('/facilities', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { level: 1 })).not.toHaveTextContent('Facilities');
    expect(screen.queryByRole('link', { name: 'Facilities' })).not.toBeInTheDocument();
  });
});

describe('a facility’s page', { timeout: 60_000 }, () => {
  function detailApi(extra: Parameters<typeof mockFetch>[0] = {}) {
    let current = detailOf();
    return api('content', {
      'GET /api/console/facilities/11': () => jsonResponse(200, current),
      'PUT /api/console/facilities/11': (request) => {
        current = { ...current, ...(request.body as object) };
        return jsonResponse(200, current);
      },
      'POST /api/console/facilities/11/locations': (request) => {
        const body = request.body as { name: string; address: string | null; city: string; country: string };
        current = { ...current, locations: [...current.locations, { id: 23, bookings_count: 0, ...body }] };
        return jsonResponse(201, current);
      },
      'DELETE /api/console/facilities/11/locations/22': () => {
        current = { ...current, locations: current.locations.filter((location) => location.id !== 22) };
        return jsonResponse(200, current);
      },
      ...extra,
    });
  }

  it('shows the details, the locations (one in use, which cannot be removed) and the services with prices', async () => {
    detailApi();
    renderApp('/facilities/11', { routes: consoleRoutes });
    expect(await screen.findByRole('heading', { name: 'Al Safa Specialist Hospital', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Dubai, United Arab Emirates')).toBeInTheDocument();
    expect(screen.getByText('al-safa-specialist-hospital')).toBeInTheDocument();
    const locations = screen.getByRole('table', { name: 'Locations' });
    const [main, lakes] = within(locations).getAllByRole('row').slice(1);
    expect(within(main!).getByText('In use by 3 bookings: it cannot be removed')).toBeInTheDocument();
    expect(within(main!).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(lakes!).getByRole('button', { name: 'Remove location Jumeirah Lakes clinic' })).toBeInTheDocument();
    expect(within(lakes!).getByText('None')).toBeInTheDocument();
    const services = screen.getByRole('table', { name: 'Services and prices' });
    expect(within(services).getByText('Cardiac Consultation')).toBeInTheDocument();
    expect(within(services).getByText(/AED\s1,250\.00/)).toBeInTheDocument();
  });

  it('edits the facility: the form starts from its values and sends the new ones', async () => {
    const calls = detailApi();
    renderApp('/facilities/11', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Al Safa Specialist Hospital' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Al Safa Specialist Hospital');
    expect(within(dialog).getByRole('combobox', { name: 'Country' })).toHaveValue('United Arab Emirates');
    expect(within(dialog).getByRole('combobox', { name: /^Bills in/ })).toHaveValue('AED · United Arab Emirates Dirham');
    await userEvent.clear(name);
    await typeInto(name, 'Al Safa Hospital');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Al Safa Hospital', level: 1 })).toBeInTheDocument();
    expect(calls.calls('PUT', '/api/console/facilities/11')[0]!.body).toEqual({ name: 'Al Safa Hospital', country: 'AE', city: 'Dubai', currency: 'AED' });
  });

  it('adds a location, starting from the facility’s city and country', async () => {
    const calls = detailApi();
    renderApp('/facilities/11', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Add location' }));
    const dialog = await screen.findByRole('dialog', { name: 'New location' });
    expect(within(dialog).getByRole('textbox', { name: 'City' })).toHaveValue('Dubai');
    await typeInto(within(dialog).getByRole('textbox', { name: 'Name' }), 'Deira polyclinic');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add location' }));
    expect(await within(screen.getByRole('table', { name: 'Locations' })).findByText('Deira polyclinic')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/console/facilities/11/locations')[0]!.body).toEqual({ name: 'Deira polyclinic', address: null, city: 'Dubai', country: 'AE' });
  });

  it('removes a location after a confirmation, with a toast', async () => {
    const calls = detailApi();
    renderApp('/facilities/11', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove location Jumeirah Lakes clinic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Jumeirah Lakes clinic?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Locations' })).queryByText('Jumeirah Lakes clinic')).not.toBeInTheDocument());
    expect(await screen.findByText('Location removed')).toBeInTheDocument();
    expect(calls.calls('DELETE', '/api/console/facilities/11/locations/22')).toHaveLength(1);
  });

  it('says so when a location turned out to be in use (409)', async () => {
    detailApi({
      'DELETE /api/console/facilities/11/locations/22': () => jsonResponse(409, { message: 'This location cannot be removed: bookings refer to it (1).' }),
    });
    renderApp('/facilities/11', { routes: consoleRoutes });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove location Jumeirah Lakes clinic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Jumeirah Lakes clinic?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This location cannot be removed: bookings refer to it (1).');
  });

  it('says when the facility does not exist', async () => {
    api('content', { 'GET /api/console/facilities/404': () => jsonResponse(404, { message: 'Not found.' }) });
    renderApp('/facilities/404', { routes: consoleRoutes });
    expect(await screen.findByText('This facility does not exist, or it was removed.')).toBeInTheDocument();
  });
});
