import { useState } from 'react';
import { nextSort } from './data-table-utils';

export interface UseTableSortOptions {
  /** The current sort ('column', '-column' or ''); the hook keeps its own when left out. */
  sort?: string;
  onSortChange?: (sort: string) => void;
}

/**
 * Controlled when `sort` is given (a page that keeps it in the URL), uncontrolled otherwise, so a client-side
 * table still shows which way it is sorted.
 */
export function useTableSort({ sort, onSortChange }: UseTableSortOptions) {
  const [ownSort, setOwnSort] = useState('');
  const current = sort ?? ownSort;
  /** A sort chosen outright (the cards' Sort by select). */
  const set = (next: string) => {
    setOwnSort(next);
    onSortChange?.(next);
  };
  /** A column header's click: ascending, descending, unsorted. */
  const toggle = (column: string) => set(nextSort(current, column));
  return { sort: current, toggle, set };
}
