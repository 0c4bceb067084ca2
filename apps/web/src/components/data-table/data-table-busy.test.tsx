import { describe, expect, it } from 'vitest';
import { useState, type ReactElement } from 'react';
import { act, screen } from '@testing-library/react';
import { TABLE_PLACEHOLDER_ROWS } from '@portal/contracts/constants';
import { renderWithProviders } from '../../../test/render';
import { DataTable, type DataTableProps, type TableHeader } from './data-table';
import { DataTableBody } from './data-table-body';
import { DataTableGrid } from './data-table-grid';
import { DataTableTotals } from './data-table-totals';

/**
 * The table's aria-busy is what a screen reader (and a browser test) trusts to tell a settled answer from one on
 * its way. These tests walk a table through a list's life and check, after every change, that the table is busy
 * exactly while loading; that placeholders appear only while busy and only when no rows are known (the rows a
 * reload replaces stay on screen, marked stale); and that nothing is stale or a placeholder once it settles.
 */

interface Row {
  id: number;
  name: string;
  amount: string;
}

const headers: TableHeader<Row>[] = [
  { text: 'Name', value: 'name' },
  { text: 'Amount', value: 'amount', total: true },
];
const firstPage: Row[] = [
  { id: 1, name: 'Ada', amount: '1.50' },
  { id: 2, name: 'Alan', amount: '2.25' },
];
const searched: Row[] = [{ id: 7, name: 'Grace', amount: '4.00' }];

const table = () => screen.getByRole('table', { name: 'Bookings' });

/** Renders `view(initial)` once, inside the providers, and returns a way to show it with other props. */
function renderSteps<P>(initial: P, view: (props: P) => ReactElement) {
  let setProps: (props: P) => void = () => {};
  function Steps() {
    const [props, set] = useState(initial);
    setProps = set;
    return view(props);
  }
  const { container } = renderWithProviders(<Steps />);
  return { container, show: (next: P) => act(() => setProps(next)) };
}

/**
 * Every state the table can be seen in must be one of three: busy with placeholders only (nothing known yet), busy
 * with the known rows marked stale, or idle with neither. Plain DOM queries after the first lookup: role queries
 * recompute accessible names and are slow in jsdom.
 */
function expectBusyToMatchRows(container: HTMLElement) {
  const tableElement = container.querySelector('table')!;
  const busy = tableElement.getAttribute('aria-busy');
  const placeholders = tableElement.querySelectorAll('tbody tr[data-placeholder-row]').length;
  const otherBodyRows = tableElement.querySelectorAll('tbody tr:not([data-placeholder-row])').length;
  const stale = tableElement.querySelector('tbody')!.hasAttribute('data-stale');
  const selectAll = tableElement.querySelector<HTMLInputElement>('thead input[type="checkbox"]')!;
  const status = container.querySelector('[role="status"]')!.textContent;
  if (busy === 'true') {
    if (placeholders > 0) {
      expect({ placeholders, otherBodyRows, stale }).toEqual({ placeholders: TABLE_PLACEHOLDER_ROWS, otherBodyRows: 0, stale: false });
      // No totals of rows nobody can see.
      expect(tableElement.querySelector('tfoot')).toBeNull();
    } else {
      expect({ stale, otherBodyRows: otherBodyRows > 0 }).toEqual({ stale: true, otherBodyRows: true });
    }
    // No select-all over rows that are about to be replaced.
    expect(selectAll.disabled).toBe(true);
    expect(status).toBe('Loading…');
  } else {
    expect({ busy, placeholders, stale }).toEqual({ busy: 'false', placeholders: 0, stale: false });
    expect(otherBodyRows).toBeGreaterThan(0);
    expect(status).toBe('');
  }
}

describe('DataTable busy state', () => {
  it('says busy exactly while loading, keeping known rows, through a search, a clear and an empty answer', () => {
    const props: DataTableProps<Row> = { caption: 'Bookings', headers, rows: [], loading: true, selectable: true };
    const steps = renderSteps<Partial<DataTableProps<Row>>>({}, (next) => <DataTable<Row> {...props} {...next} />);
    const show = (next: Partial<DataTableProps<Row>>) => {
      steps.show(next);
      expectBusyToMatchRows(steps.container);
    };

    expect(table()).toHaveAttribute('aria-busy', 'true');
    expectBusyToMatchRows(steps.container);
    // First answer, then a search (the last rows are kept while it loads, as keepPreviousData does: shown stale),
    // its answer, the search cleared (the cached first page comes back after the debounce), an empty answer, a
    // load with nothing known (placeholders), and a failure after which the page keeps the last rows.
    show({ rows: firstPage, loading: false });
    show({ rows: firstPage, loading: true });
    show({ rows: searched, loading: false });
    show({ rows: searched, loading: true });
    show({ rows: firstPage, loading: false });
    show({ rows: [], loading: true });
    show({ rows: [], loading: false, emptyText: 'No bookings to view yet.' });
    show({ rows: firstPage, loading: true });
    show({ rows: firstPage, loading: false, error: "Couldn't refresh the list." });
  });

  it('holds for a table composed from the parts: the body takes the busy state from its grid, not a prop', () => {
    const { show } = renderSteps({ loading: true, rows: firstPage }, ({ loading, rows }) => (
      <DataTableGrid caption="Bookings" loading={loading}>
        <DataTableBody headers={headers} rows={rows} />
        <DataTableTotals headers={headers} rows={rows} />
      </DataTableGrid>
    ));
    const check = () => {
      const busy = table().getAttribute('aria-busy') === 'true';
      const rows = table().querySelectorAll('tbody tr:not([data-placeholder-row])').length;
      const placeholders = table().querySelectorAll('tbody tr[data-placeholder-row]').length;
      expect(placeholders > 0).toBe(busy && rows === 0);
      expect(table().querySelector('tbody')!.hasAttribute('data-stale')).toBe(busy && rows > 0);
      expect(table().querySelector('tfoot') !== null).toBe(rows > 0);
    };

    check();
    show({ loading: false, rows: firstPage });
    check();
    show({ loading: true, rows: searched });
    check();
    show({ loading: false, rows: searched });
    check();
    show({ loading: true, rows: [] });
    check();
  });
});
