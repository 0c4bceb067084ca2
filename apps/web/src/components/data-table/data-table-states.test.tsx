import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { DataTable, type DataTableProps, type TableHeader } from './data-table';

/**
 * Issue #13 "honest states": without rows the table says why (failed, nothing matches, nothing yet), and a failed
 * reload keeps the rows it had under the error. The area gives the texts; the kit decides which one shows.
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

const EMPTY = 'No bookings to view yet.';
const FILTERED_EMPTY = 'No bookings match these filters.';
const FAILED = "Couldn't load your bookings.";

function renderTable(props: Partial<DataTableProps<Row>>) {
  return renderWithProviders(
    <DataTable<Row> caption="Bookings" headers={headers} rows={[]} emptyText={EMPTY} filteredEmptyText={FILTERED_EMPTY} {...props} />,
  );
}

const table = () => screen.getByRole('table', { name: 'Bookings' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DataTable states', () => {
  it('says the list is empty in the area’s words, with nothing to clear, when nothing narrows it', () => {
    renderTable({ filtered: false, onClearFilters: vi.fn() });
    expect(within(table()).getByText(EMPTY)).toBeInTheDocument();
    expect(screen.queryByText(FILTERED_EMPTY)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('says nothing matches when filters narrow the list, and clears them on request', async () => {
    const user = userEvent.setup();
    const onClearFilters = vi.fn();
    renderTable({ filtered: true, onClearFilters });

    expect(within(table()).getByText(FILTERED_EMPTY)).toBeInTheDocument();
    // The "yet" text would tell the partner they have no bookings at all.
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
    await user.click(within(table()).getByRole('button', { name: 'Clear filters' }));
    expect(onClearFilters).toHaveBeenCalledTimes(1);
  });

  it('shows a failed first load in the body, with Retry, instead of any empty text', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderTable({ error: FAILED, onRetry, filtered: true });

    const alert = within(table()).getByRole('alert');
    expect(alert).toHaveTextContent(FAILED);
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
    expect(screen.queryByText(FILTERED_EMPTY)).not.toBeInTheDocument();
    expect(table()).toHaveAttribute('aria-busy', 'false');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no Retry for an error retrying cannot fix', () => {
    renderTable({ error: 'The search may not be longer than 100 characters.' });
    expect(within(table()).getByRole('alert')).toHaveTextContent('The search may not be longer than 100 characters.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('keeps the rows it had after a failed reload, with the error and Retry above them', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderTable({ rows, error: "Couldn't refresh the list.", onRetry });

    const names = within(table())
      .getAllByRole('row')
      .filter((row) => row.closest('tbody'))
      .map((row) => row.textContent);
    expect(names).toEqual(['Ada', 'Alan']);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("Couldn't refresh the list.");
    // Above the table, not in it: the rows are still the answer on screen.
    expect(table()).not.toContainElement(alert);
    expect(alert.compareDocumentPosition(table()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows placeholders, not a state, while the first rows load, even after a failure', () => {
    const { container } = renderTable({ loading: true, error: null });
    expect(container.querySelectorAll('tbody [data-placeholder-row]')).toHaveLength(5);
    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
