import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { DataTableBody } from './data-table-body';
import { DataTableGrid } from './data-table-grid';
import { DataTableHeader } from './data-table-header';
import { DataTablePagination } from './data-table-pagination';
import type { TableHeader } from './data-table-types';
import { useRowSelection } from './use-row-selection';

interface Item {
  id: string;
  name: string;
}

const items: Item[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
];
const headers: TableHeader<Item>[] = [{ text: 'Name', value: 'name' }];

/** A list that arranges the parts itself: selection and a body, no toolbar and no totals. */
function CustomList({ onCheckedChange }: { onCheckedChange: (ids: string[], checked: boolean) => void }) {
  const selection = useRowSelection({ rows: items, onCheckedChange });
  return (
    <>
      <DataTableGrid caption="Items">
        <DataTableHeader headers={headers} selection={selection} />
        <DataTableBody headers={headers} rows={items} selection={selection} />
      </DataTableGrid>
      <DataTablePagination shown={items.length} total={4} perPage={2} onPageChange={vi.fn()} />
    </>
  );
}

describe('DataTable parts', () => {
  it('compose into a table of their own', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    renderWithProviders(<CustomList onCheckedChange={onCheckedChange} />);
    const table = screen.getByRole('table', { name: 'Items' });

    expect(within(table).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['', 'Alpha', '', 'Beta']);
    await user.click(screen.getByRole('checkbox', { name: 'Select row Beta' }));
    expect(onCheckedChange).toHaveBeenLastCalledWith(['b'], true);
    expect(screen.getByText('Showing 2 of 4 entries')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Page 2' })).toBeInTheDocument();
  });

  it('refuse to render rows outside a grid, which owns the busy state', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      renderWithProviders(
        <table>
          <DataTableBody headers={headers} rows={items} />
        </table>,
      ),
    ).toThrow(/inside a DataTableGrid/);
  });
});
