import { Fragment, useId, useState, type ReactNode } from 'react';
import { ActionIcon, Checkbox, Skeleton, Table } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { EMPTY_VALUE, TABLE_PLACEHOLDER_ROWS } from '@portal/contracts/constants';
import { useDataTableState } from './data-table-context';
import { getCellValue, logicalAlign, type TableRow } from './data-table-utils';
import type { TableHeader } from './data-table-types';
import type { RowSelection } from './use-row-selection';
import { DataTableStateMessage, type DataTableStateProps } from './data-table-state';
import { PINNED_CELL_CLASS } from './scroll-region-frame';
import classes from './data-table.module.css';
import { sharedText, useText } from '../../i18n/i18n';

/** A field as text: blanks read EMPTY_VALUE so an empty cell is not mistaken for a rendering fault. */
export function cellText(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? sharedText('table.yes') : sharedText('table.no');
  return String(value);
}

/**
 * A row's check box is named after what its first cell shows ('Select row MT-1001'), which is what a sighted
 * user reads; the id when that cell is blank or not plain text.
 */
export function defaultRowLabel<Row extends TableRow>(row: Row, headers: TableHeader<Row>[]): string {
  const first = headers[0];
  const shown = first ? (first.render ? first.render(row) : getCellValue(row, first.value)) : undefined;
  const text = typeof shown === 'string' || typeof shown === 'number' ? String(shown).trim() : '';
  return text && text !== EMPTY_VALUE ? text : String(row.id);
}

/**
 * Stand-ins of TABLE_PLACEHOLDER_ROWS rows while loading, so the layout does not jump when the rows arrive.
 * Hidden from assistive technology and left out of Copy: the table's aria-busy says what they mean.
 */
export function DataTablePlaceholderRows({ columnCount }: { columnCount: number }) {
  return Array.from({ length: TABLE_PLACEHOLDER_ROWS }, (_, index) => (
    <Table.Tr key={`placeholder-${index}`} data-copy-skip data-placeholder-row aria-hidden>
      {Array.from({ length: columnCount }, (_, cell) => (
        <Table.Td key={cell}>
          <Skeleton height={12} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/** One full-width row with the list's state (empty, nothing matches, failed); left out of Copy, which should yield the headers alone. */
export function DataTableEmptyRow({ columnCount, children }: { columnCount: number; children: ReactNode }) {
  return (
    <Table.Tr data-copy-skip>
      <Table.Td colSpan={columnCount} py="lg">
        {children}
      </Table.Td>
    </Table.Tr>
  );
}

/** The state props (emptyText, filteredEmptyText, error, onRetry, filtered, onClearFilters) say what shows without rows. */
export interface DataTableBodyProps<Row extends TableRow> extends DataTableStateProps {
  headers: TableHeader<Row>[];
  rows: readonly Row[];
  /** Adds a check box to each row; leave out for a table without check boxes. */
  selection?: RowSelection<Row>;
  /** Names a row's check box: 'Select row {label}'. @default the first column's text */
  getRowLabel?: (row: Row) => string;
  /**
   * The columns folded out of the table (TableHeader.priority 'low' when it would not fit): each row gets a toggle
   * at its start that shows them, labelled, in a row beneath it.
   */
  details?: TableHeader<Row>[];
}

/** A cell's content: the column's renderer, or the field's text. */
function cellContent<Row extends TableRow>(header: TableHeader<Row>, row: Row): ReactNode {
  return header.render ? header.render(row) : cellText(getCellValue(row, header.value));
}

/**
 * The <tbody>. While the grid is loading it shows the rows it has (the last ones that loaded, dimmed: a reload
 * must not blank a list whose rows are known) or, before any arrived, placeholders. Not loading and without rows,
 * it says why: the load failed, nothing matches the filters, or the list is empty.
 */
export function DataTableBody<Row extends TableRow>({
  headers,
  rows,
  selection,
  getRowLabel,
  details = [],
  ...state
}: DataTableBodyProps<Row>) {
  // From the grid, never a prop: placeholders must appear only while the table says aria-busy="true".
  const t = useText('shared');
  const { loading } = useDataTableState();
  const idPrefix = useId();
  const [open, setOpen] = useState<ReadonlySet<Row['id']>>(() => new Set());
  const expandable = details.length > 0;
  const columnCount = headers.length + (selection ? 1 : 0) + (expandable ? 1 : 0);
  const toggle = (id: Row['id']) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (loading && rows.length === 0) {
    return (
      <Table.Tbody>
        <DataTablePlaceholderRows columnCount={columnCount} />
      </Table.Tbody>
    );
  }
  return (
    <Table.Tbody data-stale={loading || undefined}>
      {rows.map((row, rowIndex) => {
        const isChecked = selection?.isChecked(row.id) ?? false;
        const isOpen = expandable && open.has(row.id);
        const detailsId = [idPrefix, rowIndex].join('-');
        const label = getRowLabel ? getRowLabel(row) : defaultRowLabel(row, headers);
        return (
          <Fragment key={row.id}>
            <Table.Tr data-checked={isChecked || undefined} data-open={isOpen || undefined}>
              {selection ? (
                <Table.Td data-copy-skip data-print-hide>
                  <Checkbox aria-label={t('table.selectRow', { label })} checked={isChecked} onChange={() => selection.toggleRow(row.id)} />
                </Table.Td>
              ) : null}
              {expandable ? (
                <Table.Td data-copy-skip data-print-hide w={40}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-expanded={isOpen}
                    aria-controls={isOpen ? detailsId : undefined}
                    aria-label={t('table.rowDetails', { label })}
                    onClick={() => toggle(row.id)}
                  >
                    {isOpen ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden className={classes.mirrored} />}
                  </ActionIcon>
                </Table.Td>
              ) : null}
              {headers.map((header, index) => (
                <Table.Td key={`${index}-${header.value}`} ta={logicalAlign(header.align)} className={header.pinned ? PINNED_CELL_CLASS : undefined} data-pinned={header.pinned || undefined}>
                  {cellContent(header, row)}
                </Table.Td>
              ))}
            </Table.Tr>
            {isOpen ? (
              <Table.Tr id={detailsId} data-details-row data-copy-skip>
                <Table.Td colSpan={columnCount}>
                  <dl className={classes.details}>
                    {details.map((header, index) => (
                      <div key={`${index}-${header.value}`} className={classes.detailsItem}>
                        <dt>{header.text}</dt>
                        <dd>{cellContent(header, row)}</dd>
                      </div>
                    ))}
                  </dl>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Fragment>
        );
      })}
      {rows.length === 0 ? (
        <DataTableEmptyRow columnCount={columnCount}>
          <DataTableStateMessage {...state} />
        </DataTableEmptyRow>
      ) : null}
    </Table.Tbody>
  );
}
