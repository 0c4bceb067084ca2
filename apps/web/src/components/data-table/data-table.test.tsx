import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { formatBookingId } from '@portal/contracts/formatters';
import { renderWithProviders } from '../../../test/render';
import { DataTable, type DataTableProps, type TableHeader } from './data-table';

interface Booking {
  id: number;
  ticket_id: string | null;
  patient: string;
  provider: { name: string } | null;
  amount: string;
  visits: number;
}

const bookings: Booking[] = [
  { id: 1, ticket_id: '1001', patient: 'Ada Lovelace', provider: { name: 'City Clinic' }, amount: '0.10', visits: 1000 },
  { id: 2, ticket_id: null, patient: 'Alan Turing', provider: null, amount: '0.20', visits: 234 },
  {
    id: 3,
    ticket_id: '1003',
    patient: 'Grace Hopper',
    provider: { name: 'Mount Elizabeth' },
    amount: '1234.5',
    visits: 0,
  },
];

const headers: TableHeader<Booking>[] = [
  { text: 'Booking Id', value: 'ticket_id', render: (row) => formatBookingId(row.ticket_id) },
  { text: 'Patient name', value: 'patient', sort: true },
  {
    text: 'Facility',
    value: 'provider.name',
    tooltip: true,
    tooltip_message: 'Where the appointment takes place',
  },
  { text: 'Amount', value: 'amount', total: true, sort: true },
  { text: 'Visits', value: 'visits', total: true },
];

function renderTable(props: Partial<DataTableProps<Booking>> = {}) {
  return renderWithProviders(<DataTable<Booking> caption="Bookings" headers={headers} rows={bookings} {...props} />);
}

const table = () => screen.getByRole('table', { name: 'Bookings' });
const bodyRows = () => within(table()).getAllByRole('row').filter((row) => row.closest('tbody'));

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('DataTable cells', () => {
  it('renders headers and cells from render functions, fields and nested fields', () => {
    renderTable();
    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Booking Id',
      'Patient name',
      'Facility',
      'Amount',
      'Visits',
    ]);
    const [first, second] = bodyRows();
    expect(within(first!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'MT-1001',
      'Ada Lovelace',
      'City Clinic',
      '0.10',
      '1000',
    ]);
    // Missing values read '-', as the Booking Id column does.
    expect(within(second!).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 3)).toEqual([
      '-',
      'Alan Turing',
      '-',
    ]);
  });

  it('shows 5 placeholder rows while the first rows load, and no empty text', () => {
    const { container } = renderTable({ rows: [], loading: true, emptyText: 'No bookings to view yet.' });
    expect(container.querySelectorAll('tbody [data-placeholder-row]')).toHaveLength(5);
    expect(screen.queryByText('No bookings to view yet.')).not.toBeInTheDocument();
    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading');
  });

  it('keeps the rows it has on screen, marked stale, while a reload runs', () => {
    const { container } = renderTable({ loading: true, total: 30, page: 1, perPage: 3, onPageChange: () => undefined });
    expect(container.querySelectorAll('tbody [data-placeholder-row]')).toHaveLength(0);
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
    expect(table().querySelector('tbody')).toHaveAttribute('data-stale');
    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading');
    // The known total stays too: no '0' while the next page is on its way.
    expect(screen.getByText('Showing 3 of 30 entries')).toBeInTheDocument();
  });

  it('shows the empty text when not loading and there are no rows', () => {
    renderTable({ rows: [], emptyText: 'No bookings to view yet.' });
    expect(screen.getByText('No bookings to view yet.')).toBeInTheDocument();
    expect(table()).toHaveAttribute('aria-busy', 'false');
  });

  it('scrolls sideways on narrow screens instead of squeezing the columns', () => {
    renderTable({ minWidth: 900 });
    const container = table().closest('.mantine-TableScrollContainer-scrollContainer') as HTMLElement | null;
    expect(container).not.toBeNull();
    expect(container?.style.getPropertyValue('--table-min-width')).toContain('56.25rem');
    expect(container?.style.getPropertyValue('--table-overflow')).toBe('auto');
  });
});

describe('DataTable header search', () => {
  function setup(props: Partial<DataTableProps<Booking>> = {}) {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onSearch = vi.fn();
    renderTable({ showHeader: true, onSearch, ...props });
    return { user, onSearch, box: screen.getByRole('textbox', { name: 'Search' }) };
  }

  it("has the placeholder 'Type to search here ...'", () => {
    const { box } = setup();
    expect(box).toHaveAttribute('placeholder', 'Type to search here ...');
  });

  it('applies the text 800 ms after typing stops, once for a burst of keys', async () => {
    const { user, onSearch, box } = setup();

    await user.type(box, 'ad');
    act(() => vi.advanceTimersByTime(500));
    await user.type(box, 'a');
    act(() => vi.advanceTimersByTime(700));
    expect(onSearch).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(100));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('ada');

    act(() => vi.advanceTimersByTime(5000));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('never applies empty or blank text, and sends the trimmed text', async () => {
    const { user, onSearch, box } = setup();
    await user.type(box, '   ');
    act(() => vi.advanceTimersByTime(2000));
    expect(onSearch).not.toHaveBeenCalled();

    await user.type(box, 'grace  ');
    act(() => vi.advanceTimersByTime(800));
    expect(onSearch).toHaveBeenCalledWith('grace');
  });

  it('brings the whole list back at once when the box is cleared', async () => {
    const { user, onSearch, box } = setup();
    await user.type(box, 'ada');
    act(() => vi.advanceTimersByTime(800));
    expect(onSearch).toHaveBeenLastCalledWith('ada');

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(box).toHaveValue('');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('applies at once on Enter', async () => {
    const { user, onSearch, box } = setup();
    await user.type(box, 'turing{Enter}');
    expect(onSearch).toHaveBeenCalledWith('turing');
    act(() => vi.advanceTimersByTime(800));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('shows a search given from outside without applying it again', () => {
    const { box, onSearch } = setup({ searchValue: 'hopper' });
    expect(box).toHaveValue('hopper');
    act(() => vi.advanceTimersByTime(2000));
    expect(onSearch).not.toHaveBeenCalled();
  });
});

describe('DataTable Copy and Print', () => {
  it('copies the visible table, tab separated, and says so', async () => {
    const user = userEvent.setup();
    renderTable({ showHeader: true, selectable: true });

    await user.click(screen.getByRole('button', { name: 'Copy' }));

    expect(await navigator.clipboard.readText()).toBe(
      [
        'Booking Id\tPatient name\tFacility\tAmount\tVisits',
        'MT-1001\tAda Lovelace\tCity Clinic\t0.10\t1000',
        '-\tAlan Turing\t-\t0.20\t234',
        'MT-1003\tGrace Hopper\tMount Elizabeth\t1234.5\t0',
        'Totals\t\t\t1,234.80\t1,234',
      ].join('\n'),
    );
    expect(await screen.findByText('Data Copied to Clipboard!')).toBeInTheDocument();
  });

  it('tells the user when the clipboard is refused', async () => {
    const user = userEvent.setup();
    renderTable({ showHeader: true });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));

    await user.click(screen.getByRole('button', { name: 'Copy' }));

    expect(await screen.findByText(/Could not copy/)).toBeInTheDocument();
    expect(screen.queryByText('Data Copied to Clipboard!')).not.toBeInTheDocument();
  });

  it('prints only the table: marks it for the print stylesheet while printing', async () => {
    const user = userEvent.setup();
    let markedDuringPrint: { root: boolean; target: Element | null } | undefined;
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      markedDuringPrint = {
        root: document.documentElement.hasAttribute('data-printing-table'),
        target: document.querySelector('[data-print-target]'),
      };
    });
    renderTable({ showHeader: true });

    await user.click(screen.getByRole('button', { name: 'Print' }));

    expect(print).toHaveBeenCalledTimes(1);
    expect(markedDuringPrint?.root).toBe(true);
    expect(markedDuringPrint?.target).toContainElement(table());
    expect(markedDuringPrint?.target).not.toContainElement(screen.getByRole('button', { name: 'Print' }));

    fireEvent(window, new Event('afterprint'));
    expect(document.documentElement).not.toHaveAttribute('data-printing-table');
    expect(document.querySelector('[data-print-target]')).toBeNull();
  });
});

describe('DataTable export', () => {
  it('offers PDF and Excel under Export as', async () => {
    const user = userEvent.setup();
    const onExportPdf = vi.fn();
    const onExportExcel = vi.fn();
    renderTable({ showHeader: true, onExportPdf, onExportExcel });

    await user.click(screen.getByRole('button', { name: 'Export as' }));
    await user.click(await screen.findByRole('menuitem', { name: 'PDF' }));
    expect(onExportPdf).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Export as' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel' }));
    expect(onExportExcel).toHaveBeenCalledTimes(1);
  });

  it('is busy while the export promise is pending', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onExportExcel = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    renderTable({ showHeader: true, onExportExcel });

    await user.click(screen.getByRole('button', { name: 'Export as' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel' }));

    const button = screen.getByRole('button', { name: 'Export as' });
    // Busy but still focused: the menu hands focus back to it, and a disabled button would drop it to <body>.
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Preparing the Excel file…');
    // No second export meanwhile: the menu does not open.
    await user.click(button);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await act(async () => finish());
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    expect(button).toHaveAttribute('aria-busy', 'false');
    expect(button).toHaveFocus();
  });

  it('says so and stops being busy when an export fails', async () => {
    const user = userEvent.setup();
    renderTable({ showHeader: true, onExportPdf: () => Promise.reject(new Error('500')) });

    await user.click(screen.getByRole('button', { name: 'Export as' }));
    await user.click(await screen.findByRole('menuitem', { name: 'PDF' }));

    expect(await screen.findByText('Export failed. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export as' })).toBeEnabled());
  });

  it('shows a busy state the page controls', () => {
    renderTable({ showHeader: true, onExportPdf: vi.fn(), exporting: true });
    expect(screen.getByRole('button', { name: 'Export as' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Export as' })).toHaveAttribute('aria-busy', 'true');
  });

  it('has no Export as menu without export handlers, and no header unless asked', () => {
    const { unmount } = renderTable({ showHeader: true });
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export as' })).not.toBeInTheDocument();
    unmount();
    renderTable();
    expect(screen.queryByRole('textbox', { name: 'Search' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
  });
});

describe('DataTable header tooltips and sorting', () => {
  it('explains a column in a tooltip on hover and on focus', async () => {
    const user = userEvent.setup();
    renderTable();
    const info = screen.getByRole('button', { name: 'About Facility: Where the appointment takes place' });

    await user.hover(info);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Where the appointment takes place');
    await user.unhover(info);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());

    // Keyboard users reach it in the header's tab order: after the Patient name sort control.
    await user.tab();
    expect(within(screen.getByRole('columnheader', { name: 'Patient name' })).getByRole('button')).toHaveFocus();
    await user.tab();
    expect(info).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Where the appointment takes place');
  });

  it('cycles a sortable column ascending, descending, unsorted', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    renderTable({ onSortChange });
    const header = screen.getByRole('columnheader', { name: 'Patient name' });
    const control = within(header).getByRole('button', { name: 'Patient name' });
    expect(header).toHaveAttribute('aria-sort', 'none');

    await user.click(control);
    expect(onSortChange).toHaveBeenLastCalledWith('patient');
    expect(header).toHaveAttribute('aria-sort', 'ascending');

    await user.click(control);
    expect(onSortChange).toHaveBeenLastCalledWith('-patient');
    expect(header).toHaveAttribute('aria-sort', 'descending');

    await user.click(control);
    expect(onSortChange).toHaveBeenLastCalledWith('');
    expect(header).toHaveAttribute('aria-sort', 'none');
  });

  it('starts another column ascending, and sorts with the keyboard', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    renderTable({ onSortChange, sort: '-patient' });
    expect(screen.getByRole('columnheader', { name: 'Patient name' })).toHaveAttribute('aria-sort', 'descending');

    within(screen.getByRole('columnheader', { name: 'Amount' })).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith('amount');
  });

  it('gives columns without sort no control', () => {
    renderTable();
    const header = screen.getByRole('columnheader', { name: /Booking Id/ });
    expect(within(header).queryByRole('button')).not.toBeInTheDocument();
    expect(header).not.toHaveAttribute('aria-sort');
  });
});

describe('DataTable totals', () => {
  it("sums flagged columns exactly in a 'Totals' footer", () => {
    renderTable();
    const footer = table().querySelector('tfoot tr') as HTMLTableRowElement;
    expect(Array.from(footer.cells).map((cell) => cell.textContent)).toEqual(['Totals', '', '', '1,234.80', '1,234']);
  });

  it('takes a label and totals from the page', () => {
    renderTable({ totalsLabel: 'Grand total', totals: { amount: 'USD 9,999.00' } });
    const footer = table().querySelector('tfoot tr') as HTMLTableRowElement;
    expect(Array.from(footer.cells).map((cell) => cell.textContent)).toEqual([
      'Grand total',
      '',
      '',
      'USD 9,999.00',
      '1,234',
    ]);
  });

  it('has no footer without flagged columns, and none while the first rows load', () => {
    const { unmount } = renderTable({ headers: headers.map((header) => ({ ...header, total: false })) });
    expect(table().querySelector('tfoot')).toBeNull();
    unmount();
    const { unmount: unmountLoading } = renderTable({ rows: [], loading: true });
    expect(table().querySelector('tfoot')).toBeNull();
    unmountLoading();
    // Rows kept through a reload keep their totals, dimmed with them.
    renderTable({ loading: true });
    expect(table().querySelector('tfoot')).toHaveAttribute('data-stale');
    expect(within(table().querySelector('tfoot')!).getByText('1,234.80')).toBeInTheDocument();
  });
});

describe('DataTable check boxes', () => {
  it('emits the checked ids with true, and ([], false) when nothing is checked', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    renderTable({ selectable: true, onCheckedChange });

    await user.click(screen.getByRole('checkbox', { name: 'Select row MT-1001' }));
    expect(onCheckedChange).toHaveBeenLastCalledWith([1], true);

    await user.click(screen.getByRole('checkbox', { name: 'Select row MT-1003' }));
    expect(onCheckedChange).toHaveBeenLastCalledWith([1, 3], true);

    await user.click(screen.getByRole('checkbox', { name: 'Select row MT-1001' }));
    expect(onCheckedChange).toHaveBeenLastCalledWith([3], true);

    await user.click(screen.getByRole('checkbox', { name: 'Select row MT-1003' }));
    expect(onCheckedChange).toHaveBeenLastCalledWith([], false);
  });

  it('select-all checks every row, then none', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    renderTable({ selectable: true, onCheckedChange });
    const selectAll = screen.getByRole('checkbox', { name: 'Select all rows' });

    await user.click(selectAll);
    expect(onCheckedChange).toHaveBeenLastCalledWith([1, 2, 3], true);
    expect(selectAll).toBeChecked();
    for (const box of screen.getAllByRole('checkbox', { name: /^Select row/ })) expect(box).toBeChecked();

    await user.click(selectAll);
    expect(onCheckedChange).toHaveBeenLastCalledWith([], false);
    expect(selectAll).not.toBeChecked();
  });

  it('shows a partly checked select-all box, which then checks the rest', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    renderTable({ selectable: true, onCheckedChange });
    // Row 2 has no ticket id: its box is named after the row id.
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));

    const selectAll = screen.getByRole('checkbox', { name: 'Select all rows' });
    expect(selectAll).not.toBeChecked();
    expect(selectAll).toHaveAttribute('data-indeterminate', 'true');

    await user.click(selectAll);
    expect(onCheckedChange).toHaveBeenLastCalledWith([1, 2, 3], true);
  });

  it('toggles with the keyboard', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    renderTable({ selectable: true, onCheckedChange });
    screen.getByRole('checkbox', { name: 'Select all rows' }).focus();
    await user.keyboard(' ');
    expect(onCheckedChange).toHaveBeenLastCalledWith([1, 2, 3], true);
  });

  it("clears the selection and reloads when 'uncheck all' changes", async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    const onReload = vi.fn();

    function Page() {
      const [reset, setReset] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setReset((value) => value + 1)}>
            Done
          </button>
          <DataTable<Booking>
            caption="Bookings"
            headers={headers}
            rows={bookings}
            selectable
            onCheckedChange={onCheckedChange}
            uncheckAll={reset}
            onReload={onReload}
          />
        </>
      );
    }
    renderWithProviders(<Page />);
    expect(onReload).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));

    expect(onReload).toHaveBeenCalledTimes(1);
    expect(onCheckedChange).toHaveBeenLastCalledWith([], false);
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
  });

  it('drops ids of rows that are no longer shown', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();

    function Page() {
      const [rows, setRows] = useState(bookings);
      return (
        <>
          <button type="button" onClick={() => setRows([bookings[0]!, { ...bookings[2]!, id: 4 }])}>
            Next page
          </button>
          <DataTable<Booking>
            caption="Bookings"
            headers={headers}
            rows={rows}
            selectable
            onCheckedChange={onCheckedChange}
          />
        </>
      );
    }
    renderWithProviders(<Page />);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onCheckedChange).toHaveBeenLastCalledWith([1, 2, 3], true);

    await user.click(screen.getByRole('button', { name: 'Next page' }));

    expect(onCheckedChange).toHaveBeenLastCalledWith([1], true);
    expect(screen.getByRole('checkbox', { name: 'Select row MT-1001' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select row MT-1003' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).not.toBeChecked();
  });

});

describe('DataTable pagination', () => {
  const fiveRows = Array.from({ length: 5 }, (_, index) => ({
    ...bookings[0]!,
    id: index + 1,
    ticket_id: String(2000 + index),
  }));

  it('is hidden when the total does not exceed the rows loaded', () => {
    renderTable({ total: 3, page: 1, perPage: 5, onPageChange: vi.fn(), onPerPageChange: vi.fn() });
    // The spec's visible text (the spoken 'Showing 1–3 of 3' is DataTableAnnouncer's).
    expect(screen.queryByText(/^Showing \d+ of \d+ entries$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it("shows 'Showing N of M entries', page sizes and page links when there is more", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const onPerPageChange = vi.fn();
    renderTable({ rows: fiveRows, total: 12, page: 1, perPage: 5, onPageChange, onPerPageChange });

    expect(screen.getByText('Showing 5 of 12 entries')).toBeInTheDocument();

    const sizes = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(within(sizes).getAllByRole('option').map((option) => option.textContent)).toEqual([
      '5',
      '10',
      '20',
      '25',
      '50',
      '100',
      '200',
    ]);
    expect(sizes).toHaveValue('5');
    await user.selectOptions(sizes, '20');
    expect(onPerPageChange).toHaveBeenCalledWith(20);

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('counts the rows of the current page in N', () => {
    renderTable({ rows: bookings.slice(0, 2), total: 12, page: 3, perPage: 5, onPageChange: vi.fn() });
    expect(screen.getByText('Showing 2 of 12 entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });
});
