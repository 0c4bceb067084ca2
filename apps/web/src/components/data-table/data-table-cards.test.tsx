import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { formatBookingId } from '@portal/contracts/formatters';
import { onPhoneScreen } from '../../../test/phone-screen';
import { renderWithProviders } from '../../../test/render';
import { DataTable, type DataTableProps, type TableHeader } from './data-table';

/**
 * Below the sm breakpoint (a phone) the table shows each row as a card with labelled fields, the header collapses
 * into one bar and the pagination narrows. The screen width comes from matchMedia, as in the browser.
 */

interface Booking {
  id: number;
  ticket_id: string | null;
  patient: string;
  provider: { name: string } | null;
  amount: string;
}

const bookings: Booking[] = [
  { id: 1, ticket_id: '1001', patient: 'Ada Lovelace', provider: { name: 'City Clinic' }, amount: '0.10' },
  { id: 2, ticket_id: null, patient: 'Alan Turing', provider: null, amount: '0.20' },
  { id: 3, ticket_id: '1003', patient: 'Grace Hopper', provider: { name: 'Mount Elizabeth' }, amount: '1234.5' },
];

const headers: TableHeader<Booking>[] = [
  { text: 'Booking Id', value: 'ticket_id', render: (row) => formatBookingId(row.ticket_id) },
  { text: 'Patient name', value: 'patient', sort: true },
  { text: 'Facility', value: 'provider.name' },
  { text: 'Amount', value: 'amount', total: true },
];

function renderCards(props: Partial<DataTableProps<Booking>> = {}) {
  return renderWithProviders(<DataTable<Booking> caption="Bookings" headers={headers} rows={bookings} {...props} />);
}

const cardList = () => screen.getByRole('list', { name: 'Bookings' });
/** The cards of rows (not the totals card). */
const cards = () => within(cardList()).getAllByRole('listitem').filter((item) => !item.hasAttribute('data-totals'));
/** A card's fields as 'label: value'. */
const fields = (card: HTMLElement) => {
  const labels = within(card).getAllByRole('term').map((term) => term.textContent);
  const values = within(card).getAllByRole('definition').map((definition) => definition.textContent);
  return labels.map((label, index) => `${label}: ${values[index]}`);
};

onPhoneScreen();
afterEach(() => {
  act(() => notifications.clean());
  vi.restoreAllMocks();
});

describe('DataTable on a phone', () => {
  it('shows each row as a card of labelled fields, in column order, and no table', () => {
    renderCards();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(cards()).toHaveLength(3);
    expect(fields(cards()[0]!)).toEqual(['Booking Id: MT-1001', 'Patient name: Ada Lovelace', 'Facility: City Clinic', 'Amount: 0.10']);
    // Blanks read '-' as in the table.
    expect(fields(cards()[1]!)).toEqual(['Booking Id: -', 'Patient name: Alan Turing', 'Facility: -', 'Amount: 0.20']);
  });

  it('has the same row check boxes and select-all, by mouse and keyboard', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    renderCards({ selectable: true, onCheckedChange });

    await user.click(within(cards()[0]!).getByRole('checkbox', { name: 'Select row MT-1001' }));
    expect(onCheckedChange).toHaveBeenLastCalledWith([1], true);
    expect(cards()[0]).toHaveAttribute('data-checked');

    within(cards()[2]!).getByRole('checkbox', { name: 'Select row MT-1003' }).focus();
    await user.keyboard(' ');
    expect(onCheckedChange).toHaveBeenLastCalledWith([1, 3], true);

    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onCheckedChange).toHaveBeenLastCalledWith([1, 2, 3], true);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onCheckedChange).toHaveBeenLastCalledWith([], false);
  });

  it("puts a column without a name (the row's actions) at the foot of its card, working", async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    renderCards({
      headers: [
        ...headers,
        { text: '', value: 'id', render: (row) => <button type="button" onClick={() => open(row.id)}>{`Open ${row.patient}`}</button> },
      ],
    });
    await user.click(within(cards()[1]!).getByRole('button', { name: 'Open Alan Turing' }));
    expect(open).toHaveBeenCalledWith(2);
    // Not a labelled field.
    expect(within(cards()[1]!).getAllByRole('term')).toHaveLength(4);
  });

  it('shows the totals as a card of their own', () => {
    renderCards();
    const totals = within(cardList()).getAllByRole('listitem').find((item) => item.hasAttribute('data-totals'))!;
    expect(totals).toHaveTextContent('Totals');
    expect(fields(totals)).toEqual(['Amount: 1,234.80']);
  });

  it('copies the cards as the same tab-separated text as the table', async () => {
    const user = userEvent.setup();
    renderCards({ showHeader: true });
    // Nothing to search by: no search box that would do nothing.
    expect(screen.queryByRole('textbox', { name: 'Search' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy, print or export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy' }));

    expect(await navigator.clipboard.readText()).toBe(
      [
        'Booking Id\tPatient name\tFacility\tAmount',
        'MT-1001\tAda Lovelace\tCity Clinic\t0.10',
        '-\tAlan Turing\t-\t0.20',
        'MT-1003\tGrace Hopper\tMount Elizabeth\t1234.5',
        'Totals\t\t\t1,234.80',
      ].join('\n'),
    );
  });

  it('collapses the header into one bar: search, Filters (opening the filters) and one menu with export', async () => {
    const user = userEvent.setup();
    const onExportPdf = vi.fn();
    const onExportExcel = vi.fn();
    renderCards({
      showHeader: true,
      toolbar: <select aria-label="Invoice status" />,
      activeFilters: ['Invoice: Paid'],
      onExportPdf,
      onExportExcel,
      onSearch: vi.fn(),
    });

    expect(screen.getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export as' })).not.toBeInTheDocument();

    // The filters are behind the Filters button, which says how many apply.
    const filtersButton = screen.getByRole('button', { name: /^Filters/ });
    expect(filtersButton).toHaveAccessibleName('Filters (1 active)');
    expect(filtersButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(filtersButton);
    expect(filtersButton).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('combobox', { name: 'Invoice status' })).toBeVisible();
    expect(document.getElementById(filtersButton.getAttribute('aria-controls')!)).toContainElement(
      screen.getByRole('combobox', { name: 'Invoice status' }),
    );

    await user.click(screen.getByRole('button', { name: 'Copy, print or export' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Copy', 'Print', 'Export as PDF', 'Export as Excel']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Export as Excel' }));
    expect(onExportExcel).toHaveBeenCalledTimes(1);
    expect(onExportPdf).not.toHaveBeenCalled();
  });

  it('narrows the pagination to the first, current and last page with the arrows', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderCards({ total: 3000, page: 150, perPage: 3, onPageChange, onPerPageChange: vi.fn() });

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const labels = within(nav)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(labels).toEqual(['Previous page', 'Page 1', 'Page 150', 'Page 1000', 'Next page']);
    expect(screen.getByText('Showing 3 of 3,000 entries')).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(151);
  });

  it('sorts through a Sort by select, in place of the column headers', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    renderCards({ sort: '', onSortChange });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Patient name (descending)');
    expect(onSortChange).toHaveBeenCalledWith('-patient');
  });

  it('keeps the cards on screen, stale and busy, while a reload runs', () => {
    renderCards({ loading: true });
    expect(cardList()).toHaveAttribute('aria-busy', 'true');
    expect(cardList()).toHaveAttribute('data-stale');
    expect(cards()).toHaveLength(3);
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading');
  });

  it('says why the list is empty, with the same actions as the table', async () => {
    const user = userEvent.setup();
    const onClearFilters = vi.fn();
    renderCards({ rows: [], filtered: true, onClearFilters, filteredEmptyText: 'No bookings match these filters.' });
    expect(cardList()).toHaveAttribute('aria-busy', 'false');
    expect(within(cardList()).getByText('No bookings match these filters.')).toBeInTheDocument();
    await user.click(within(cardList()).getByRole('button', { name: 'Clear filters' }));
    expect(onClearFilters).toHaveBeenCalledTimes(1);
  });
});
