import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { DataTable, PrintedForContext, type TableHeader } from './data-table';

/**
 * The table's Print prints the current view with what a sheet of paper needs to be understood later: the page
 * title, the filters in words, which rows, when it was printed and for whom.
 */

interface Row {
  id: number;
  name: string;
}

const headers: TableHeader<Row>[] = [{ text: 'Name', value: 'name' }];
const rows: Row[] = [
  { id: 1, name: 'Ada' },
  { id: 2, name: 'Alan' },
];

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('DataTable Print', () => {
  it('prints the title, the search and filters in words, the rows shown, the date and whom it was printed for', async () => {
    const user = userEvent.setup();
    let printed: string | null = null;
    vi.spyOn(window, 'print').mockImplementation(() => {
      // The browser fires beforeprint as printing starts; the header is what is on the page at that moment.
      window.dispatchEvent(new Event('beforeprint'));
      printed = document.querySelector('[data-print-target] [data-print-header]')?.textContent ?? null;
    });
    const before = Date.now();
    // The app's frame says whom (app/layout/app-layout.tsx: the partner; the console's: the operator).
    renderWithProviders(
      <PrintedForContext.Provider value="Amelia Hart, Harbor Health Partners">
        <DataTable<Row>
          caption="Bookings"
          printTitle="My Referrals: Bookings"
          headers={headers}
          rows={rows}
          showHeader
          searchValue="walker"
          activeFilters={['Facility: City Clinic', 'Invoice: Paid']}
          total={45}
          page={2}
          perPage={2}
          onPageChange={vi.fn()}
        />
      </PrintedForContext.Provider>,
    );

    await user.click(screen.getByRole('button', { name: 'Print' }));

    expect(printed).toContain('My Referrals: Bookings');
    expect(printed).toContain('Filters: Search: “walker”; Facility: City Clinic; Invoice: Paid');
    expect(printed).toContain('Page 2 of 23: 2 of 45 entries');
    expect(printed).toContain('for Amelia Hart, Harbor Health Partners');
    const year = String(new Date(before).getFullYear());
    expect(printed).toMatch(new RegExp(`Printed .*${year}`));
  });

  it('says there are no filters rather than leaving the reader to guess', async () => {
    const user = userEvent.setup();
    let printed: string | null = null;
    vi.spyOn(window, 'print').mockImplementation(() => {
      window.dispatchEvent(new Event('beforeprint'));
      printed = document.querySelector('[data-print-target] [data-print-header]')?.textContent ?? null;
    });
    renderWithProviders(<DataTable<Row> caption="Bookings" headers={headers} rows={rows} showHeader />);

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(printed).toContain('Bookings');
    expect(printed).toContain('Filters: none');
    // Every row is shown: no page line.
    expect(printed).not.toContain('entries');
  });

  it('exists only while printing, dated when printing starts', () => {
    vi.useFakeTimers({ now: new Date('2026-03-05T10:00:00Z'), shouldAdvanceTime: true });
    renderWithProviders(<DataTable<Row> caption="Bookings" headers={headers} rows={rows} />);
    const header = () => document.querySelector('[data-print-header]');
    // On screen the page shows all of it already: no second copy for text searches or screen readers.
    expect(header()).toBeNull();

    vi.setSystemTime(new Date('2027-07-09T10:00:00Z'));
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(header()).toHaveTextContent('2027');
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(header()).toBeNull();
  });
});
