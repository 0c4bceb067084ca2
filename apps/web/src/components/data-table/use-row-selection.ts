import { useEffect, useRef, useState } from 'react';
import type { TableRow } from './data-table-utils';
import { useLatest } from './use-latest';

export interface UseRowSelectionOptions<Row extends TableRow> {
  /** The rows on screen; only these can be checked. */
  rows: readonly Row[];
  /** Spec §4: the checked ids (in row order) with true, or ([], false) when nothing is checked. */
  onCheckedChange?: (ids: Row['id'][], checked: boolean) => void;
  /** Any change of this value clears the selection and calls onReload (spec §4 "uncheck all"). */
  uncheckAll?: unknown;
  onReload?: () => void;
}

export interface RowSelection<Row extends TableRow = TableRow> {
  isChecked: (id: Row['id']) => boolean;
  toggleRow: (id: Row['id']) => void;
  /** Checks every row, or none when all are checked already. */
  toggleAll: () => void;
  allChecked: boolean;
  /** Some but not all: the select-all box shows a dash. */
  someChecked: boolean;
  /** Select-all has nothing to act on without rows. */
  canToggleAll: boolean;
}

/** The row check boxes of spec §4, kept apart from the table so any list can offer the same selection. */
export function useRowSelection<Row extends TableRow>({
  rows,
  onCheckedChange,
  uncheckAll,
  onReload,
}: UseRowSelectionOptions<Row>): RowSelection<Row> {
  const callbacks = useLatest({ onCheckedChange, onReload });
  const [checked, setChecked] = useState<ReadonlySet<Row['id']>>(() => new Set());

  // Reported in row order, not click order, so the page gets the same list however the user got there.
  const emit = (next: ReadonlySet<Row['id']>) => {
    const ids = rows.map((row) => row.id).filter((id) => next.has(id));
    if (ids.length > 0) callbacks.current.onCheckedChange?.(ids, true);
    else callbacks.current.onCheckedChange?.([], false);
  };
  const update = (next: ReadonlySet<Row['id']>) => {
    setChecked(next);
    emit(next);
  };

  const allChecked = rows.length > 0 && rows.every((row) => checked.has(row.id));
  const someChecked = !allChecked && rows.some((row) => checked.has(row.id));

  // Ids that left the table (another page, a reload without them) leave the selection, so what is reported as
  // checked is always something the user can see. Keyed on the ids: new row objects with the same ids (a
  // refetch) change nothing.
  const rowIds = rows.map((row) => String(row.id)).join('\u0000');
  useEffect(() => {
    const visible = new Set(rows.map((row) => row.id));
    const kept = new Set([...checked].filter((id) => visible.has(id)));
    if (kept.size === checked.size) return;
    setChecked(kept);
    emit(kept);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rowIds]);

  // "Uncheck all" (spec §4): a change of the value, whatever it is, clears the selection and reloads. The first
  // value is only remembered: mounting is not a change.
  const seenUncheckAll = useRef(uncheckAll);
  useEffect(() => {
    if (Object.is(seenUncheckAll.current, uncheckAll)) return;
    seenUncheckAll.current = uncheckAll;
    if (checked.size > 0) {
      setChecked(new Set());
      callbacks.current.onCheckedChange?.([], false);
    }
    callbacks.current.onReload?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uncheckAll]);

  return {
    isChecked: (id) => checked.has(id),
    toggleRow: (id) => {
      const next = new Set(checked);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      update(next);
    },
    toggleAll: () => update(allChecked ? new Set() : new Set(rows.map((row) => row.id))),
    allChecked,
    someChecked,
    canToggleAll: rows.length > 0,
  };
}
