import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { RouteObject } from 'react-router';
import { LIST_DEBOUNCE_MS, TABLE_PLACEHOLDER_ROWS, TABLE_SEARCH_DEBOUNCE_MS } from '@portal/contracts/constants';
import { jsonResponse, mockFetch, type MockHandler, type RecordedRequest } from '../../../../test/fetch-mock';
import { onPhoneScreen } from '../../../../test/phone-screen';
import { renderApp } from '../../../../test/render-app';
import { shownNotifications, startEachTestSignedOut } from '../../../../test/session';
import { COPIED_MESSAGE } from '../../../components/data-table/data-table';
import { FACILITIES, bookingPage, makeBooking } from '../bookings-test-helpers';
import { bookingsEn } from '../bookings-messages';
import { BookingsPage } from './bookings-page';

const { empty: EMPTY_TEXT, filteredEmpty: FILTERED_EMPTY_TEXT, loadFailed: LOAD_FAILED_TEXT, refreshFailed: REFRESH_FAILED_TEXT } = bookingsEn;

startEachTestSignedOut();

const routes: RouteObject[] = [{ path: '/bookings', element: <BookingsPage /> }];

function mockApi({ list, facilities }: { list?: MockHandler; facilities?: MockHandler } = {}) {
  return mockFetch({
    'GET /api/general/get-facilities': facilities ?? (() => jsonResponse(200, FACILITIES)),
    'GET /api/clients/bookings': list ?? (() => jsonResponse(200, bookingPage([makeBooking()]))),
  });
}

type Api = ReturnType<typeof mockApi>;
const listCalls = (api: Api) => api.calls('GET', '/api/clients/bookings').filter((request) => !request.query.has('format'));
const lastQuery = (api: Api) => Object.fromEntries(listCalls(api).at(-1)!.query);
const table = () => screen.getByRole('table', { name: 'Bookings' });
const bodyRows = () => within(table()).getAllByRole('row').filter((row) => row.closest('tbody'));
const dataRows = () => bodyRows().filter((row) => !row.hasAttribute('data-placeholder-row'));
const searchParams = (view: ReturnType<typeof renderApp>) => Object.fromEntries(new URLSearchParams(view.location().search));

/** Waits until the page shows loaded rows (not the placeholders). */
async function loaded() {
  await waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'false'));
}

/** user-event on the test's clock. */
const setupUser = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

/** The list request follows a URL change LIST_DEBOUNCE_MS later (spec §7): run the clock instead of waiting. */
const afterListDebounce = () => act(() => vi.advanceTimersByTime(LIST_DEBOUNCE_MS));

describe('BookingsPage', () => {
  // A controlled clock for every test, so the 500 ms list debounce costs nothing. It still follows real time too
  // (shouldAdvanceTime), for what the test does not drive itself: Mantine's transitions, TanStack's notifications.
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens with the title, fetches the facilities and the first page with only non-empty values', async () => {
    const api = mockApi();
    renderApp('/bookings', { routes });

    expect(await screen.findByRole('heading', { level: 1, name: 'My Referrals' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Bookings' })).toBeInTheDocument();
    await loaded();
    expect(api.calls('GET', '/api/general/get-facilities')).toHaveLength(1);
    expect(listCalls(api)).toHaveLength(1);
    expect(lastQuery(api)).toEqual({ team: 'referral', filter_by: 'appointment_date', page: '1', per_page: '10' });
  });

  it('shows the seven columns first, none sortable, then status, amount and commission, and says what a dash means', async () => {
    const full = makeBooking({
      ticket_id: '100234',
      booking_patient_detail: { name: 'Ada Lovelace' },
      provider: { id: 21, name: 'Mount Elizabeth' },
      date_time: '2024-03-05T10:30:00.000Z',
      status: 'completed',
      amount: '1250.50',
      currency: 'AED',
      commission: { amount_minor: 12505, currency: 'AED', status: 'approved' },
    });
    const sparse = makeBooking({ ticket_id: null, ticket: { assignee: null }, specialty: null, commission: null });
    mockApi({ list: () => jsonResponse(200, bookingPage([full, sparse])) });
    renderApp('/bookings', { routes });
    await screen.findByText('Ada Lovelace');

    const headers = within(table()).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Booking Id',
      'Patient name',
      'Facility',
      'App. date',
      'Service',
      'Specialty',
      'Agent assigned',
      'Status',
      'Amount',
      'Your commission',
    ]);
    for (const header of headers) expect(header).not.toHaveAttribute('aria-sort');
    // The only buttons are the two column explanations (what a dash means there): nothing sorts.
    expect(within(table()).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'About Booking Id: A dash: our team has not issued the ticket for this booking yet.',
      "About Your commission: What this booking earns you, with the commission's status. A dash: none yet, it is earned when the treatment is completed.",
    ]);
    expect(screen.getByText('"-" means not yet: no Booking Id until our team issues the ticket, no commission until the treatment is completed.')).toBeInTheDocument();

    const local = dayjs(full.date_time);
    const [first, second] = dataRows();
    expect(within(first!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'MT-100234',
      'Ada Lovelace',
      'Mount Elizabeth',
      `${local.format('D MMM YYYY')} ${local.format('HH:mm')}`,
      'MRI scan',
      'Radiology',
      'Grace Hopper',
      'Completed',
      // Intl writes a no-break space between the code and the amount.
      'AED\u00a01,250.50',
      'AED\u00a0125.05Approved',
    ]);
    const cells = within(second!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells[0]).toBe('-');
    expect(cells[5]).toBe('-');
    expect(cells[6]).toBe('-');
    expect(cells[7]).toBe('Confirmed');
    expect(cells[9]).toBe('-');
  });

  it('shows the empty text', async () => {
    mockApi({ list: () => jsonResponse(200, bookingPage([])) });
    renderApp('/bookings', { routes });
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(EMPTY_TEXT).toBe('No bookings to view yet.');
    // Nothing to clear without filters.
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('shows 5 placeholder rows while loading', async () => {
    let release: () => void = () => undefined;
    mockApi({
      list: () => new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(200, bookingPage([makeBooking()]))))),
    });
    renderApp('/bookings', { routes });
    await screen.findByRole('table', { name: 'Bookings' });
    expect(table()).toHaveAttribute('aria-busy', 'true');
    // Placeholder rows are hidden from assistive technology, so they are not found by role.
    expect(table().querySelectorAll('tbody tr[data-placeholder-row]')).toHaveLength(TABLE_PLACEHOLDER_ROWS);
    act(() => release());
    await loaded();
    expect(dataRows()).toHaveLength(1);
  });

  it('ignores a failed facility fetch', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = mockApi({ facilities: () => jsonResponse(500, { message: 'Server Error' }) });
    const user = setupUser();
    renderApp('/bookings', { routes });
    await loaded();
    await waitFor(() => expect(api.calls('GET', '/api/general/get-facilities').length).toBeGreaterThan(0));

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Filter' })).getByRole('combobox', { name: 'Facility' }));
    expect(await screen.findByText('No options found')).toBeInTheDocument();
    expect(shownNotifications()).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(dataRows()).toHaveLength(1);
  });

  describe('with a controlled clock', () => {
    it('puts the search in the URL after 800 ms and requests it 500 ms later', async () => {
      const api = mockApi();
      const user = setupUser();
      const view = renderApp('/bookings', { routes });
      await loaded();
      const before = listCalls(api).length;

      await user.type(screen.getByRole('textbox', { name: 'Search' }), 'ada');
      expect(screen.getByPlaceholderText('Type to search here ...')).toHaveValue('ada');
      act(() => vi.advanceTimersByTime(TABLE_SEARCH_DEBOUNCE_MS - 100));
      expect(searchParams(view).search).toBeUndefined();

      act(() => vi.advanceTimersByTime(100));
      expect(searchParams(view)).toEqual({ search: 'ada' });
      expect(listCalls(api)).toHaveLength(before);

      act(() => vi.advanceTimersByTime(LIST_DEBOUNCE_MS));
      await waitFor(() => expect(listCalls(api)).toHaveLength(before + 1));
      expect(lastQuery(api)).toMatchObject({ search: 'ada', page: '1' });
    });

    it('turns quick successive filter changes into one request', async () => {
      const api = mockApi();
      const user = setupUser();
      const view = renderApp('/bookings', { routes });
      await loaded();
      const before = listCalls(api).length;

      const invoice = screen.getByRole('combobox', { name: 'Invoice status' });
      await user.selectOptions(invoice, 'Paid');
      act(() => vi.advanceTimersByTime(200));
      await user.selectOptions(invoice, 'Unpaid');
      expect(searchParams(view)).toEqual({ invoice_status: 'unpaid' });
      expect(listCalls(api)).toHaveLength(before);

      act(() => vi.advanceTimersByTime(LIST_DEBOUNCE_MS));
      await waitFor(() => expect(listCalls(api)).toHaveLength(before + 1));
      expect(lastQuery(api).invoice_status).toBe('unpaid');
      // Every timer the changes left (a second debounce, say) has run: still that one request.
      act(() => vi.runOnlyPendingTimers());
      expect(listCalls(api)).toHaveLength(before + 1);
    });
  });

  it('filters by a facility chosen in the Filter menu, shows it as a chip, and the chip removes it', async () => {
    const api = mockApi();
    const user = setupUser();
    const view = renderApp('/bookings', { routes });
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = screen.getByRole('dialog', { name: 'Filter' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Facility' }), 'harb');
    await user.click(await screen.findByRole('option', { name: 'Harbour Hospital' }));

    expect(await screen.findByText('Facility: Harbour Hospital')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filter' })).not.toBeInTheDocument());
    expect(searchParams(view)).toEqual({ facility: '15' });
    afterListDebounce();
    await waitFor(() => expect(lastQuery(api).medical_service_provider).toBe('15'));

    await user.click(screen.getByRole('button', { name: 'Remove facility filter' }));
    expect(screen.queryByText('Facility: Harbour Hospital')).not.toBeInTheDocument();
    expect(searchParams(view)).toEqual({});
    afterListDebounce();
    await waitFor(() => expect(lastQuery(api).medical_service_provider).toBeUndefined());
  });

  it('filters by invoice status', async () => {
    const api = mockApi();
    const user = setupUser();
    const view = renderApp('/bookings', { routes });
    await loaded();

    const invoice = screen.getByRole('combobox', { name: 'Invoice status' });
    expect(within(invoice).getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Paid', 'Unpaid']);
    await user.selectOptions(invoice, 'Paid');
    expect(searchParams(view)).toEqual({ invoice_status: 'paid' });
    afterListDebounce();
    await waitFor(() => expect(lastQuery(api).invoice_status).toBe('paid'));

    await user.selectOptions(invoice, 'All');
    expect(searchParams(view)).toEqual({});
    afterListDebounce();
    await waitFor(() => expect(lastQuery(api).invoice_status).toBeUndefined());
  });

  it('sends an applied date range as from/to, in the browser time zone', async () => {
    const api = mockApi();
    const user = setupUser();
    const view = renderApp('/bookings', { routes });
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Appointment date: All dates' }));
    const dialog = screen.getByRole('dialog', { name: /^Appointment date: / });
    await user.click(within(dialog).getByRole('button', { name: 'Custom Monthly' }));
    await user.type(within(dialog).getByLabelText('Start date'), '3 Mar 2024');
    await user.type(within(dialog).getByLabelText('End date'), '20 Mar 2024');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(searchParams(view)).toEqual({ from: '2024-03-03', to: '2024-03-20' });
    afterListDebounce();
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ from: '2024-03-03', to: '2024-03-20', filter_by: 'appointment_date' }));
    expect(lastQuery(api).timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(screen.getByRole('button', { name: 'Appointment date: 3 Mar 2024 – 20 Mar 2024' })).toBeInTheDocument();
  });

  it('applies the dates to the booking date when the Filter menu says so', async () => {
    const api = mockApi();
    const user = setupUser();
    const view = renderApp('/bookings?from=2024-03-01&to=2024-03-31', { routes });
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.selectOptions(within(screen.getByRole('dialog', { name: 'Filter' })).getByRole('combobox', { name: 'Dates refer to' }), 'Booking date');
    expect(searchParams(view)).toMatchObject({ filter_by: 'created_at' });
    afterListDebounce();
    await waitFor(() => expect(lastQuery(api).filter_by).toBe('created_at'));
    await user.keyboard('{Escape}');

    await user.click(await screen.findByRole('button', { name: 'Remove date type filter' }));
    expect(searchParams(view).filter_by).toBeUndefined();
    afterListDebounce();
    await waitFor(() => expect(lastQuery(api).filter_by).toBe('appointment_date'));
  });

  it('changes page and page size through the URL', async () => {
    const api = mockApi({
      list: (request: RecordedRequest) => {
        const current = Number(request.query.get('page'));
        const perPage = Number(request.query.get('per_page'));
        return jsonResponse(200, bookingPage([makeBooking({ booking_patient_detail: { name: `First of page ${current}` } })], { total: 45, current, perPage }));
      },
    });
    const user = setupUser();
    const view = renderApp('/bookings', { routes });
    expect(await screen.findByText('First of page 1')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 45 entries')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(searchParams(view)).toEqual({ page: '3' });
    afterListDebounce();
    expect(await screen.findByText('First of page 3')).toBeInTheDocument();
    expect(lastQuery(api)).toMatchObject({ page: '3', per_page: '10' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '20');
    expect(searchParams(view)).toEqual({ per_page: '20' });
    afterListDebounce();
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ page: '1', per_page: '20' }));
  });

  it('goes back to page 1 when a filter changes', async () => {
    const api = mockApi({
      list: (request: RecordedRequest) =>
        jsonResponse(200, bookingPage([makeBooking()], { total: 45, current: Number(request.query.get('page')) })),
    });
    const user = setupUser();
    const view = renderApp('/bookings?page=3&search=ada', { routes });
    await loaded();
    expect(lastQuery(api)).toMatchObject({ page: '3', search: 'ada' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Invoice status' }), 'Unpaid');
    expect(searchParams(view)).toEqual({ search: 'ada', invoice_status: 'unpaid' });
    afterListDebounce();
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ page: '1', search: 'ada', invoice_status: 'unpaid' }));
  });

  it('opens a shared link with every filter applied', async () => {
    const api = mockApi();
    renderApp('/bookings?search=ada&from=2024-03-01&to=2024-03-31&facility=12&invoice_status=paid&page=2&per_page=20', { routes });
    await loaded();

    expect(listCalls(api)).toHaveLength(1);
    expect(lastQuery(api)).toEqual({
      team: 'referral',
      filter_by: 'appointment_date',
      search: 'ada',
      from: '2024-03-01',
      to: '2024-03-31',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      medical_service_provider: '12',
      invoice_status: 'paid',
      page: '2',
      per_page: '20',
    });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('ada');
    expect(await screen.findByText('Facility: City Clinic')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Invoice status' })).toHaveValue('paid');
    // A whole month reads as the month.
    expect(screen.getByRole('button', { name: 'Appointment date: March-2024' })).toBeInTheDocument();
  });

  it('ignores URL values the server would refuse', async () => {
    const api = mockApi();
    renderApp('/bookings?from=2024-03-31&to=2024-03-01&facility=abc&invoice_status=maybe&page=-2&per_page=7', { routes });
    await loaded();
    expect(lastQuery(api)).toEqual({ team: 'referral', filter_by: 'appointment_date', page: '1', per_page: '10' });
  });

  it('says no bookings match when a filtered list is empty, and clears the filters', async () => {
    const api = mockApi({
      list: (request: RecordedRequest) =>
        jsonResponse(200, bookingPage(request.query.has('search') ? [] : [makeBooking({ booking_patient_detail: { name: 'Ada Lovelace' } })])),
    });
    const user = setupUser();
    const view = renderApp('/bookings?search=nobody&invoice_status=paid', { routes });
    expect(await within(table()).findByText(FILTERED_EMPTY_TEXT)).toBeInTheDocument();
    // Not the spec's "yet" text: the partner does have bookings, just none that match.
    expect(screen.queryByText(EMPTY_TEXT)).not.toBeInTheDocument();

    await user.click(within(table()).getByRole('button', { name: 'Clear filters' }));
    expect(searchParams(view)).toEqual({});
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    afterListDebounce();
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(lastQuery(api)).toEqual({ team: 'referral', filter_by: 'appointment_date', page: '1', per_page: '10' });
  });

  it('shows a failed first load in the table with Retry, never the empty text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const api = mockApi({
      list: () => (fail ? jsonResponse(500, { message: 'Server Error' }) : jsonResponse(200, bookingPage([makeBooking({ booking_patient_detail: { name: 'Ada Lovelace' } })]))),
    });
    const user = setupUser();
    renderApp('/bookings', { routes });

    const alert = await within(table()).findByRole('alert');
    expect(alert).toHaveTextContent(LOAD_FAILED_TEXT);
    expect(screen.queryByText(EMPTY_TEXT)).not.toBeInTheDocument();
    expect(table()).toHaveAttribute('aria-busy', 'false');
    expect(shownNotifications()).toEqual([]);

    fail = false;
    const before = listCalls(api).length;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(listCalls(api)).toHaveLength(before + 1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows what the server refused without a Retry that could not help', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      list: () => jsonResponse(422, { message: 'The given data was invalid.', errors: { search: ['The search may not be greater than 100 characters.'] } }),
    });
    renderApp('/bookings', { routes });
    expect(await within(table()).findByRole('alert')).toHaveTextContent('The search may not be greater than 100 characters.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('keeps the rows and the count on screen while the next answer loads: busy, never 0', async () => {
    let release: () => void = () => undefined;
    mockApi({
      list: (request: RecordedRequest) => {
        const answer = () =>
          jsonResponse(200, bookingPage([makeBooking({ booking_patient_detail: { name: `Result for ${request.query.get('invoice_status') ?? 'all'}` } })], { total: 45 }));
        if (!request.query.has('invoice_status')) return answer();
        return new Promise<Response>((resolve) => (release = () => resolve(answer())));
      },
    });
    const user = setupUser();
    renderApp('/bookings', { routes });
    expect(await screen.findByText('Result for all')).toBeInTheDocument();
    expect(screen.getByText('45 bookings')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Invoice status' }), 'Paid');
    // At once (the debounce) and while the request runs: busy, the last rows and count stay, nothing reads 0.
    for (const step of ['debounce', 'request'] as const) {
      if (step === 'request') afterListDebounce();
      expect(table()).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByText('Result for all')).toBeInTheDocument();
      expect(table().querySelectorAll('tbody tr[data-placeholder-row]')).toHaveLength(0);
      expect(screen.getByText('45 bookings')).toBeInTheDocument();
      expect(screen.getByText('Showing 1 of 45 entries')).toBeInTheDocument();
      expect(screen.queryByText(/^0 bookings$/)).not.toBeInTheDocument();
    }

    act(() => release());
    expect(await screen.findByText('Result for paid')).toBeInTheDocument();
    await loaded();
  });

  it('keeps the last rows after a failed fetch, with the error and Retry above them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = false;
    const api = mockApi({
      list: (request: RecordedRequest) =>
        fail
          ? jsonResponse(500, { message: 'Server Error' })
          : jsonResponse(200, bookingPage([makeBooking({ booking_patient_detail: { name: `Result for ${request.query.get('invoice_status') ?? 'all'}` } })])),
    });
    const user = setupUser();
    renderApp('/bookings', { routes });
    expect(await screen.findByText('Result for all')).toBeInTheDocument();

    fail = true;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Invoice status' }), 'Paid');
    afterListDebounce();
    expect(await screen.findByRole('alert')).toHaveTextContent(REFRESH_FAILED_TEXT);
    expect(table()).not.toContainElement(screen.getByRole('alert'));
    expect(table()).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByText('Result for all')).toBeInTheDocument();
    expect(shownNotifications()).toEqual([]);

    fail = false;
    const before = listCalls(api).length;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Result for paid')).toBeInTheDocument();
    expect(listCalls(api)).toHaveLength(before + 1);
    expect(screen.queryByText(REFRESH_FAILED_TEXT)).not.toBeInTheDocument();
  });

  it('steps back to the last page when the page in the URL is past the end', async () => {
    const api = mockApi({
      list: (request: RecordedRequest) => {
        const current = Number(request.query.get('page'));
        return jsonResponse(200, bookingPage(current > 2 ? [] : [makeBooking({ booking_patient_detail: { name: `Page ${current}` } })], { total: 15, current }));
      },
    });
    const view = renderApp('/bookings?page=9', { routes });
    await waitFor(() => expect(searchParams(view)).toEqual({ page: '2' }));
    afterListDebounce();
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    expect(lastQuery(api).page).toBe('2');
  });

  it('copies the table', async () => {
    mockApi({ list: () => jsonResponse(200, bookingPage([makeBooking({ ticket_id: '555', booking_patient_detail: { name: 'Ada Lovelace' } })])) });
    // user-event puts its own clipboard on navigator.
    const user = setupUser();
    renderApp('/bookings', { routes });
    await screen.findByText('Ada Lovelace');

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(shownNotifications().map((shown) => shown.message)).toContain(COPIED_MESSAGE));
    const text = await navigator.clipboard.readText();
    expect(text.split('\n')[0]).toBe('Booking Id\tPatient name\tFacility\tApp. date\tService\tSpecialty\tAgent assigned\tStatus\tAmount\tYour commission');
    expect(text.split('\n')[1]).toMatch(/^MT-555\tAda Lovelace\tCity Clinic\t/);
  });

  describe('exports', () => {
    let clicked: HTMLAnchorElement[];

    beforeEach(() => {
      clicked = [];
      // jsdom has no object URLs and does not download.
      Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:test/export'), configurable: true, writable: true });
      Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true, writable: true });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
        clicked.push(this);
      });
    });

    function exportingApi(respond: (request: RecordedRequest) => Response | Promise<Response>) {
      return mockApi({
        list: (request: RecordedRequest) => (request.query.has('format') ? respond(request) : jsonResponse(200, bookingPage([makeBooking()]))),
      });
    }

    it.each([
      ['Excel', 'xlsx'],
      ['PDF', 'pdf'],
    ])('Export as %s downloads the whole filtered list with the same filters', async (label, format) => {
      const api = exportingApi(
        (request) =>
          new Response(`file ${request.query.get('format')}`, {
            status: 200,
            headers: { 'content-disposition': `attachment; filename="bookings-2026-11-21.${format}"` },
          }),
      );
      const user = setupUser();
      renderApp('/bookings?search=ada&facility=12&invoice_status=unpaid&page=2&per_page=20', { routes });
      await loaded();

      await user.click(screen.getByRole('button', { name: 'Export as' }));
      await user.click(await screen.findByRole('menuitem', { name: label }));

      await waitFor(() => expect(clicked).toHaveLength(1));
      const exports = api.calls('GET', '/api/clients/bookings').filter((request) => request.query.has('format'));
      expect(exports).toHaveLength(1);
      expect(Object.fromEntries(exports[0]!.query)).toEqual({
        team: 'referral',
        filter_by: 'appointment_date',
        search: 'ada',
        medical_service_provider: '12',
        invoice_status: 'unpaid',
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        format,
      });
      // Through the app's HTTP client: the XMLHttpRequest marker is on it.
      expect(exports[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
      expect(clicked[0]!.download).toBe(`bookings-2026-11-21.${format}`);
    });

    it('shows progress while the file is prepared and says so when it fails', async () => {
      let finish: (response: Response) => void = () => undefined;
      exportingApi(() => new Promise<Response>((resolve) => (finish = resolve)));
      const user = setupUser();
      renderApp('/bookings', { routes });
      await loaded();

      await user.click(screen.getByRole('button', { name: 'Export as' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Excel' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Export as' })).toHaveAttribute('aria-busy', 'true'));
      expect(screen.getByText('Preparing the Excel file…')).toBeInTheDocument();

      act(() => finish(jsonResponse(429, { message: 'Too many exports.' })));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Export as' })).toHaveAttribute('aria-busy', 'false'));
      await waitFor(() => expect(shownNotifications().map((shown) => shown.message)).toContain('Export failed. Please try again.'));
      expect(clicked).toHaveLength(0);
    });
  });

  describe('on a phone', () => {
    onPhoneScreen();

    it('shows each booking as a card of the seven labelled fields, with the filters behind one button', async () => {
      const booking = makeBooking({ ticket_id: '100234', booking_patient_detail: { name: 'Ada Lovelace' }, provider: { id: 21, name: 'Mount Elizabeth' } });
      const api = mockApi({ list: () => jsonResponse(200, bookingPage([booking], { total: 45 })) });
      const user = setupUser();
      const view = renderApp('/bookings', { routes });

      const list = await screen.findByRole('list', { name: 'Bookings' });
      await waitFor(() => expect(list).toHaveAttribute('aria-busy', 'false'));
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const [card] = within(list).getAllByRole('listitem');
      const local = dayjs(booking.date_time);
      const labels = within(card!).getAllByRole('term').map((term) => term.textContent);
      const values = within(card!).getAllByRole('definition').map((definition) => definition.textContent);
      expect(labels.map((label, index) => `${label}: ${values[index]}`)).toEqual([
        'Booking Id: MT-100234',
        'Patient name: Ada Lovelace',
        'Facility: Mount Elizabeth',
        `App. date: ${local.format('D MMM YYYY')} ${local.format('HH:mm')}`,
        'Service: MRI scan',
        'Specialty: Radiology',
        'Agent assigned: Grace Hopper',
        'Status: Confirmed',
        'Amount: USD\u00a0120.00',
        'Your commission: -',
      ]);

      // The invoice filter is behind Filters; choosing one counts it on the button.
      expect(screen.queryByRole('combobox', { name: 'Invoice status' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Filters' }));
      await user.selectOptions(await screen.findByRole('combobox', { name: 'Invoice status' }), 'Paid');
      expect(searchParams(view)).toEqual({ invoice_status: 'paid' });
      expect(screen.getByRole('button', { name: 'Filters (1 active)' })).toBeInTheDocument();
      afterListDebounce();
      await waitFor(() => expect(lastQuery(api).invoice_status).toBe('paid'));
    });
  });
});
