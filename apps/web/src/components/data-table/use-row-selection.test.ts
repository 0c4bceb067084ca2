import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useRowSelection, type UseRowSelectionOptions } from './use-row-selection';

interface Row {
  id: number;
  name: string;
}

const rows: Row[] = [
  { id: 1, name: 'Ada' },
  { id: 2, name: 'Alan' },
  { id: 3, name: 'Grace' },
];

function setup(initial: Partial<UseRowSelectionOptions<Row>> = {}) {
  const onCheckedChange = vi.fn();
  const onReload = vi.fn();
  const hook = renderHook((props: UseRowSelectionOptions<Row>) => useRowSelection(props), {
    initialProps: { rows, onCheckedChange, onReload, ...initial },
  });
  return { ...hook, onCheckedChange, onReload };
}

describe('useRowSelection', () => {
  it('reports the checked ids in row order, whatever the click order, and ([], false) when none is left', () => {
    const { result, onCheckedChange } = setup();

    act(() => result.current.toggleRow(3));
    act(() => result.current.toggleRow(1));
    expect(onCheckedChange).toHaveBeenLastCalledWith([1, 3], true);
    expect(result.current.isChecked(3)).toBe(true);
    expect(result.current.isChecked(2)).toBe(false);
    expect(result.current.someChecked).toBe(true);
    expect(result.current.allChecked).toBe(false);

    act(() => result.current.toggleRow(1));
    act(() => result.current.toggleRow(3));
    expect(onCheckedChange).toHaveBeenLastCalledWith([], false);
    expect(result.current.someChecked).toBe(false);
  });

  it('select-all checks every row, then none', () => {
    const { result, onCheckedChange } = setup();

    act(() => result.current.toggleAll());
    expect(onCheckedChange).toHaveBeenLastCalledWith([1, 2, 3], true);
    expect(result.current.allChecked).toBe(true);
    expect(result.current.someChecked).toBe(false);

    act(() => result.current.toggleAll());
    expect(onCheckedChange).toHaveBeenLastCalledWith([], false);
    expect(result.current.allChecked).toBe(false);
  });

  it('has nothing to select without rows', () => {
    const { result } = setup({ rows: [] });
    expect(result.current.canToggleAll).toBe(false);
    expect(result.current.allChecked).toBe(false);
  });

  it('drops ids that leave the rows, but not for new objects with the same ids (a refetch)', () => {
    const { result, rerender, onCheckedChange, onReload } = setup();
    act(() => result.current.toggleAll());
    onCheckedChange.mockClear();

    rerender({ rows: rows.map((row) => ({ ...row })), onCheckedChange, onReload });
    expect(onCheckedChange).not.toHaveBeenCalled();
    expect(result.current.allChecked).toBe(true);

    rerender({ rows: [rows[0]!, { id: 4, name: 'Edsger' }], onCheckedChange, onReload });
    expect(onCheckedChange).toHaveBeenCalledTimes(1);
    expect(onCheckedChange).toHaveBeenLastCalledWith([1], true);
    expect(result.current.isChecked(2)).toBe(false);
    expect(result.current.someChecked).toBe(true);
  });

  it("clears the selection and reloads when 'uncheck all' changes, not on mount", () => {
    const { result, rerender, onCheckedChange, onReload } = setup({ uncheckAll: 0 });
    expect(onReload).not.toHaveBeenCalled();
    act(() => result.current.toggleRow(2));

    rerender({ rows, onCheckedChange, onReload, uncheckAll: 1 });
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(onCheckedChange).toHaveBeenLastCalledWith([], false);
    expect(result.current.isChecked(2)).toBe(false);

    // Nothing checked: still a reload, but no second ([], false).
    onCheckedChange.mockClear();
    rerender({ rows, onCheckedChange, onReload, uncheckAll: 2 });
    expect(onReload).toHaveBeenCalledTimes(2);
    expect(onCheckedChange).not.toHaveBeenCalled();
  });

  it('calls the latest callback, not the one it was first given', () => {
    const { result, rerender, onReload } = setup();
    const later = vi.fn();
    rerender({ rows, onCheckedChange: later, onReload });
    act(() => result.current.toggleRow(1));
    expect(later).toHaveBeenCalledWith([1], true);
  });
});
