import { useMemo, type ReactNode } from 'react';
import { Table, VisuallyHidden } from '@mantine/core';
import { EMPTY_VALUE } from '@portal/contracts/constants';
import { formatterFor } from '../../i18n/format';
import { currentLocale } from '../../i18n/i18n';
import { useDataTableState } from './data-table-context';
import { getCellValue, logicalAlign, sumColumn, type TableRow } from './data-table-utils';
import type { TableHeader } from './data-table-types';
import { PINNED_CELL_CLASS } from './scroll-region-frame';
import { useText } from '../../i18n/i18n';

/**
 * One value per header (null where the column is not totalled), or null when no column is. Totals the page gives
 * win: a sum of the visible page would understate a list that has more pages.
 */
export function columnTotals<Row extends TableRow>(
  headers: TableHeader<Row>[],
  rows: readonly Row[],
  totals?: Partial<Record<string, ReactNode>>,
): ReactNode[] | null {
  if (!headers.some((header) => header.total)) return null;
  return headers.map((header) => {
    if (!header.total) return null;
    const given = totals?.[header.value];
    if (given !== undefined) return given;
    const sum = sumColumn(rows.map((row) => getCellValue(row, header.value)));
    if (sum === null) return EMPTY_VALUE;
    return header.renderTotal ? header.renderTotal(sum) : formatterFor(currentLocale()).number(sum);
  });
}

export interface DataTableTotalsProps<Row extends TableRow> {
  headers: TableHeader<Row>[];
  rows: readonly Row[];
  /** Totals computed elsewhere (e.g. over the whole list by the server), by header `value`. */
  totals?: Partial<Record<string, ReactNode>>;
  /** @default 'Totals' */
  label?: ReactNode;
  /** Leaves the check box column empty so the totals stay under their columns. */
  selectable?: boolean;
  /** Leaves the details toggle column empty, likewise. */
  expandable?: boolean;
}

/**
 * The <tfoot> totals row, of the rows shown (dimmed with them during a reload); absent without rows, where a sum
 * of nothing would read as a real zero.
 */
export function DataTableTotals<Row extends TableRow>({
  headers,
  rows,
  totals,
  label: givenLabel,
  selectable = false,
  expandable = false,
}: DataTableTotalsProps<Row>) {
  const t = useText('shared');
  const label = givenLabel ?? t('table.totals');
  const { loading } = useDataTableState();
  const values = useMemo(() => columnTotals(headers, rows, totals), [headers, rows, totals]);
  if (!values || rows.length === 0) return null;

  return (
    <Table.Tfoot data-stale={loading || undefined}>
      <Table.Tr fw={700}>
        {selectable ? <Table.Td data-copy-skip data-print-hide /> : null}
        {expandable ? <Table.Td data-copy-skip data-print-hide /> : null}
        {headers.map((header, index) => {
          const key = `${index}-${header.value}`;
          // The label takes the first cell; if that column is itself totalled, its sum stays visible and the
          // label is announced before it.
          if (index === 0) {
            return (
              <Table.Th key={key} scope="row" ta={logicalAlign(header.align)}>
                {header.total ? (
                  <>
                    <VisuallyHidden>{label} </VisuallyHidden>
                    {values[index]}
                  </>
                ) : (
                  label
                )}
              </Table.Th>
            );
          }
          return (
            <Table.Td key={key} ta={logicalAlign(header.align)} className={header.pinned ? PINNED_CELL_CLASS : undefined} data-pinned={header.pinned || undefined}>
              {header.total ? values[index] : null}
            </Table.Td>
          );
        })}
      </Table.Tr>
    </Table.Tfoot>
  );
}
