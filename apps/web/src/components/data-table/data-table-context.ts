import { createContext, useContext } from 'react';

/**
 * What the parts inside a DataTableGrid must agree on. `loading` lives here, set only by the grid, because the
 * table's aria-busy, its placeholder rows and its totals row must never disagree: a part that took its own
 * `loading` prop could show placeholders under aria-busy="false", which tells a screen reader (and a browser
 * test) that five blank rows are the answer.
 */
export interface DataTableState {
  loading: boolean;
}

export const DataTableContext = createContext<DataTableState | null>(null);

export function useDataTableState(): DataTableState {
  const state = useContext(DataTableContext);
  if (!state) throw new Error('DataTable parts (header, body, totals) must be rendered inside a DataTableGrid.');
  return state;
}
