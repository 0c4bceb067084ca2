/**
 * The reusable table widget of spec §2/§4, on Mantine's Table: header search (debounced), Copy, Print,
 * Export as PDF/Excel, header tooltips and sort controls, placeholder rows while loading, a totals row, row check
 * boxes with select-all, and pagination. Every list of the portal is built from it, so it holds no data and
 * makes no request: it shows `rows` and reports what the user asked for through its `on…` props.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Menu,
  NativeSelect,
  Pagination,
  Skeleton,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconChevronDown,
  IconCopy,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypePdf,
  IconInfoCircle,
  IconPrinter,
  IconSearch,
} from '@tabler/icons-react';
import {
  EMPTY_VALUE,
  PAGE_SIZES,
  TABLE_PLACEHOLDER_ROWS,
  TABLE_SEARCH_DEBOUNCE_MS,
  TOTALS_LABEL,
} from '@portal/contracts/constants';
import { formatNumber } from '@portal/contracts/formatters';
import {
  getCellValue,
  nextSort,
  sortDirection,
  sumColumn,
  tableToText,
  type TableRow,
} from './data-table-utils';
import './data-table-print.css';

export type { TableRow } from './data-table-utils';

export const COPIED_MESSAGE = 'Data Copied to Clipboard!';
export const COPY_FAILED_MESSAGE = 'Could not copy: the browser did not allow access to the clipboard.';
export const EXPORT_FAILED_MESSAGE = 'Export failed. Please try again.';
export const SEARCH_PLACEHOLDER = 'Type to search here ...';

/** A column (spec §3 "Table column header"). */
export interface TableHeader<Row extends TableRow = TableRow> {
  text: string;
  /** Row field shown in the column (a dotted path reaches nested fields), and the sort key sent to the server. */
  value: string;
  /** Shows an info icon whose tooltip is `tooltip_message`. */
  tooltip?: boolean;
  tooltip_message?: string;
  /** Makes the header a sort control. */
  sort?: boolean;
  /** Sums the column in the totals row. */
  total?: boolean;
  /** Custom cell content; the field's text (or '-') otherwise. */
  render?: (row: Row) => ReactNode;
  /** Formats the column total (the exact sum as a decimal string); comma-separated otherwise. */
  renderTotal?: (total: string) => ReactNode;
  align?: 'left' | 'center' | 'right';
}

/** What an export handler may return: a promise keeps the Export button busy until it settles. */
export type ExportHandler = () => unknown;

export interface DataTableProps<Row extends TableRow = TableRow> {
  /** Names the table for assistive technology and titles the printout. */
  caption: string;
  /** Show the caption on screen too. @default false */
  captionVisible?: boolean;
  headers: TableHeader<Row>[];
  rows: Row[];
  /** Shows TABLE_PLACEHOLDER_ROWS placeholder rows instead of the rows. */
  loading?: boolean;
  /** Shown when not loading and there are no rows. @default 'No records found.' */
  emptyText?: ReactNode;

  /** Shows the header with the search box, Copy, Print and Export as. */
  showHeader?: boolean;
  /** Extra controls (filters) placed in the header after the search box. */
  toolbar?: ReactNode;
  searchPlaceholder?: string;
  /** Text to show in the search box, e.g. from the URL; changing it replaces what the box shows. */
  searchValue?: string;
  /** Called with the trimmed text 800 ms after typing stops when it is not empty, and with '' at once when cleared. */
  onSearch?: (text: string) => void;
  onExportPdf?: ExportHandler;
  onExportExcel?: ExportHandler;
  /** Busy state of the Export button, for exports the page tracks itself. */
  exporting?: boolean;

  /** The current sort ('column', '-column' or ''); the table keeps its own when left out. */
  sort?: string;
  onSortChange?: (sort: string) => void;

  /** @default 'Totals' */
  totalsLabel?: ReactNode;
  /** Totals computed elsewhere (e.g. over the whole list by the server), by header `value`; they win over sums. */
  totals?: Partial<Record<string, ReactNode>>;

  /** Adds row check boxes and a select-all box. */
  selectable?: boolean;
  /** Names a row's check box: 'Select row {label}'. @default the first column's text */
  getRowLabel?: (row: Row) => string;
  /** Spec §4: the checked ids with true, or ([], false) when nothing is checked. */
  onCheckedChange?: (ids: Row['id'][], checked: boolean) => void;
  /** Any change of this value clears the selection and calls onReload (spec §4 "uncheck all"). */
  uncheckAll?: unknown;
  onReload?: () => void;

  /** Total rows of the list; pagination shows only when it exceeds the rows loaded. */
  total?: number;
  page?: number;
  perPage?: number;
  onPageChange?: (page: number) => void;
  onPerPageChange?: (perPage: number) => void;
  /** @default PAGE_SIZES (5, 10, 20, 25, 50, 100, 200) */
  pageSizes?: readonly number[];

  /** Width below which the table scrolls sideways (phones). @default 720 */
  minWidth?: number;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}

function cellText(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  if (direction === 'asc') return <IconArrowUp size={14} aria-hidden />;
  if (direction === 'desc') return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden opacity={0.5} />;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

export function DataTable<Row extends TableRow>({
  caption,
  captionVisible = false,
  headers,
  rows,
  loading = false,
  emptyText = 'No records found.',
  showHeader = false,
  toolbar,
  searchPlaceholder = SEARCH_PLACEHOLDER,
  searchValue,
  onSearch,
  onExportPdf,
  onExportExcel,
  exporting = false,
  sort: controlledSort,
  onSortChange,
  totalsLabel = TOTALS_LABEL,
  totals,
  selectable = false,
  getRowLabel,
  onCheckedChange,
  uncheckAll,
  onReload,
  total,
  page = 1,
  perPage,
  onPageChange,
  onPerPageChange,
  pageSizes = PAGE_SIZES,
  minWidth = 720,
}: DataTableProps<Row>) {
  const tableRef = useRef<HTMLTableElement>(null);
  const printRef = useRef<HTMLDivElement>(null);

  // Latest callbacks, so timers and effects never call a stale one and never restart because a parent
  // passed a new arrow function.
  const callbacks = useRef({ onSearch, onCheckedChange, onReload });
  useEffect(() => {
    callbacks.current = { onSearch, onCheckedChange, onReload };
  });

  // Search: applied only when non-empty, after TABLE_SEARCH_DEBOUNCE_MS without typing (spec §5).
  const [searchText, setSearchText] = useState(searchValue ?? '');
  const appliedSearch = useRef((searchValue ?? '').trim());
  const [seenSearchValue, setSeenSearchValue] = useState(searchValue);
  if (searchValue !== seenSearchValue) {
    setSeenSearchValue(searchValue);
    if (searchValue !== undefined && searchValue.trim() !== searchText.trim()) setSearchText(searchValue);
  }
  useEffect(() => {
    if (searchValue !== undefined) appliedSearch.current = searchValue.trim();
  }, [searchValue]);

  const emitSearch = (text: string) => {
    appliedSearch.current = text;
    callbacks.current.onSearch?.(text);
  };

  useEffect(() => {
    const trimmed = searchText.trim();
    if (trimmed === appliedSearch.current) return undefined;
    if (trimmed === '') {
      // Emptying the box brings the whole list back at once: there is nothing left to wait for.
      emitSearch('');
      return undefined;
    }
    const timer = window.setTimeout(() => {
      // Enter may have applied it already.
      if (trimmed !== appliedSearch.current) emitSearch(trimmed);
    }, TABLE_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // Only typing restarts the wait; emitSearch reads the latest callback through a ref.
  }, [searchText]);

  // Sort: controlled when `sort` is given.
  const [ownSort, setOwnSort] = useState('');
  const sort = controlledSort ?? ownSort;
  const changeSort = (column: string) => {
    const next = nextSort(sort, column);
    setOwnSort(next);
    onSortChange?.(next);
  };

  // Selection.
  const [checked, setChecked] = useState<ReadonlySet<Row['id']>>(() => new Set());
  const emitChecked = (next: ReadonlySet<Row['id']>) => {
    const ids = rows.map((row) => row.id).filter((id) => next.has(id));
    if (ids.length > 0) callbacks.current.onCheckedChange?.(ids, true);
    else callbacks.current.onCheckedChange?.([], false);
  };
  const updateChecked = (next: ReadonlySet<Row['id']>) => {
    setChecked(next);
    emitChecked(next);
  };
  const toggleRow = (id: Row['id']) => {
    const next = new Set(checked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    updateChecked(next);
  };
  const allChecked = rows.length > 0 && rows.every((row) => checked.has(row.id));
  const someChecked = !allChecked && rows.some((row) => checked.has(row.id));
  const toggleAll = () => updateChecked(allChecked ? new Set() : new Set(rows.map((row) => row.id)));

  // Ids that left the table (another page, a reload without them) leave the selection, so what is reported as
  // checked is always something the user can see. Keyed on the ids: new row objects with the same ids (a
  // refetch) change nothing.
  const rowIds = rows.map((row) => String(row.id)).join('\u0000');
  useEffect(() => {
    const visible = new Set(rows.map((row) => row.id));
    const kept = new Set([...checked].filter((id) => visible.has(id)));
    if (kept.size === checked.size) return;
    setChecked(kept);
    emitChecked(kept);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rowIds]);

  // "Uncheck all" (spec §4): a change of the prop, whatever its value, clears the selection and reloads.
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

  // Copy.
  const copy = async () => {
    const table = tableRef.current;
    if (!table) return;
    try {
      await navigator.clipboard.writeText(tableToText(table));
      notifications.show({ color: 'teal', message: COPIED_MESSAGE });
    } catch {
      notifications.show({ color: 'red', message: COPY_FAILED_MESSAGE });
    }
  };

  // Print: the print stylesheet shows only the marked table while the root carries data-printing-table.
  const print = () => {
    const target = printRef.current;
    if (!target) return;
    const root = document.documentElement;
    const cleanUp = () => {
      root.removeAttribute('data-printing-table');
      target.removeAttribute('data-print-target');
      window.removeEventListener('afterprint', cleanUp);
    };
    root.setAttribute('data-printing-table', '');
    target.setAttribute('data-print-target', '');
    // Chrome and Firefox return from print() once the dialog closes, Safari at once: afterprint covers both.
    window.addEventListener('afterprint', cleanUp);
    try {
      window.print();
    } catch {
      cleanUp();
    }
  };

  // Export.
  const [busyExport, setBusyExport] = useState<'pdf' | 'excel' | null>(null);
  const runExport = (kind: 'pdf' | 'excel', handler: ExportHandler | undefined) => {
    if (!handler) return;
    const result = handler();
    if (!isPromiseLike(result)) return;
    setBusyExport(kind);
    Promise.resolve(result)
      .catch(() => notifications.show({ color: 'red', message: EXPORT_FAILED_MESSAGE }))
      .finally(() => setBusyExport(null));
  };
  const exportBusy = exporting || busyExport !== null;
  const exportStatus =
    busyExport === 'pdf'
      ? 'Preparing the PDF file…'
      : busyExport === 'excel'
        ? 'Preparing the Excel file…'
        : exporting
          ? 'Preparing the file…'
          : '';
  const canExport = Boolean(onExportPdf || onExportExcel);

  // Totals.
  const totalsRow = useMemo(() => {
    if (!headers.some((header) => header.total)) return null;
    return headers.map((header) => {
      if (!header.total) return null;
      const given = totals?.[header.value];
      if (given !== undefined) return given;
      const sum = sumColumn(rows.map((row) => getCellValue(row, header.value)));
      if (sum === null) return EMPTY_VALUE;
      return header.renderTotal ? header.renderTotal(sum) : formatNumber(sum);
    });
  }, [headers, rows, totals]);

  const columnCount = headers.length + (selectable ? 1 : 0);
  const showEmpty = !loading && rows.length === 0;
  const pageSize = perPage ?? rows.length;
  const showPagination = total !== undefined && total > rows.length && Boolean(onPageChange || onPerPageChange);
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / Math.max(1, pageSize)));
  // A row's check box is named after what its first cell shows ('Select row MT-1001'), or its id when that cell
  // is blank or not plain text.
  const rowLabel = (row: Row) => {
    if (getRowLabel) return getRowLabel(row);
    const first = headers[0];
    const shown = first ? (first.render ? first.render(row) : getCellValue(row, first.value)) : undefined;
    const text = typeof shown === 'string' || typeof shown === 'number' ? String(shown).trim() : '';
    return text && text !== EMPTY_VALUE ? text : String(row.id);
  };

  return (
    <Box>
      {showHeader ? (
        <Group justify="space-between" align="flex-end" gap="sm" mb="sm" wrap="wrap">
          <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 18rem' }}>
            <TextInput
              aria-label="Search"
              placeholder={searchPlaceholder}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={searchText}
              onChange={(event) => setSearchText(event.currentTarget.value)}
              onKeyDown={(event) => {
                // Enter applies at once, for people who type and press Enter rather than wait.
                const trimmed = searchText.trim();
                if (event.key === 'Enter' && trimmed !== '' && trimmed !== appliedSearch.current) emitSearch(trimmed);
              }}
              rightSection={
                searchText ? (
                  <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearchText('')} />
                ) : null
              }
              style={{ flex: '1 1 14rem', maxWidth: '24rem' }}
            />
            {toolbar}
          </Group>
          <Group gap="xs" wrap="wrap">
            <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
              Copy
            </Button>
            <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={print}>
              Print
            </Button>
            {canExport ? (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    leftSection={<IconDownload size={16} aria-hidden />}
                    rightSection={<IconChevronDown size={14} aria-hidden />}
                    loading={exportBusy}
                    aria-busy={exportBusy}
                  >
                    Export as
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {onExportPdf ? (
                    <Menu.Item
                      leftSection={<IconFileTypePdf size={16} aria-hidden />}
                      onClick={() => runExport('pdf', onExportPdf)}
                    >
                      PDF
                    </Menu.Item>
                  ) : null}
                  {onExportExcel ? (
                    <Menu.Item
                      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                      onClick={() => runExport('excel', onExportExcel)}
                    >
                      Excel
                    </Menu.Item>
                  ) : null}
                </Menu.Dropdown>
              </Menu>
            ) : null}
          </Group>
        </Group>
      ) : null}

      <div ref={printRef}>
        <Table.ScrollContainer minWidth={minWidth} type="native">
          <Table ref={tableRef} striped highlightOnHover verticalSpacing="sm" aria-busy={loading}>
            <Table.Caption className={captionVisible ? undefined : 'portal-data-table-caption'}>
              {caption}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {selectable ? (
                  <Table.Th w={40} data-copy-skip data-print-hide>
                    <Checkbox
                      aria-label="Select all rows"
                      checked={allChecked}
                      indeterminate={someChecked}
                      disabled={loading || rows.length === 0}
                      onChange={toggleAll}
                    />
                  </Table.Th>
                ) : null}
                {headers.map((header, index) => {
                  const direction = header.sort ? sortDirection(sort, header.value) : null;
                  return (
                    <Table.Th
                      key={`${index}-${header.value}`}
                      scope="col"
                      ta={header.align}
                      aria-sort={header.sort ? (direction ? ARIA_SORT[direction] : 'none') : undefined}
                    >
                      <Group gap={4} wrap="nowrap" justify={header.align === 'right' ? 'flex-end' : undefined}>
                        {header.sort ? (
                          <UnstyledButton
                            onClick={() => changeSort(header.value)}
                            fw={700}
                            fz="sm"
                            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                          >
                            {header.text}
                            <SortIcon direction={direction} />
                          </UnstyledButton>
                        ) : (
                          <span>{header.text}</span>
                        )}
                        {header.tooltip && header.tooltip_message ? (
                          <Tooltip
                            label={header.tooltip_message}
                            multiline
                            maw={260}
                            withArrow
                            events={{ hover: true, focus: true, touch: true }}
                          >
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              size="xs"
                              aria-label={`About ${header.text}: ${header.tooltip_message}`}
                            >
                              <IconInfoCircle size={14} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                        ) : null}
                      </Group>
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>

            <Table.Tbody>
              {loading
                ? Array.from({ length: TABLE_PLACEHOLDER_ROWS }, (_, index) => (
                    <Table.Tr key={`placeholder-${index}`} data-copy-skip data-placeholder-row aria-hidden>
                      {Array.from({ length: columnCount }, (_, cell) => (
                        <Table.Td key={cell}>
                          <Skeleton height={12} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : rows.map((row) => {
                    const isChecked = checked.has(row.id);
                    return (
                      <Table.Tr key={row.id} data-checked={isChecked || undefined}>
                        {selectable ? (
                          <Table.Td data-copy-skip data-print-hide>
                            <Checkbox
                              aria-label={`Select row ${rowLabel(row)}`}
                              checked={isChecked}
                              onChange={() => toggleRow(row.id)}
                            />
                          </Table.Td>
                        ) : null}
                        {headers.map((header, index) => (
                          <Table.Td key={`${index}-${header.value}`} ta={header.align}>
                            {header.render ? header.render(row) : cellText(getCellValue(row, header.value))}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    );
                  })}
              {showEmpty ? (
                <Table.Tr data-copy-skip>
                  <Table.Td colSpan={columnCount} ta="center" py="xl">
                    <Text c="dimmed" size="sm">
                      {emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>

            {totalsRow && !loading && rows.length > 0 ? (
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  {selectable ? <Table.Td data-copy-skip data-print-hide /> : null}
                  {headers.map((header, index) => {
                    const value = totalsRow[index];
                    // The label takes the first cell; if that column is itself totalled, its sum stays visible
                    // and the label is announced before it.
                    if (index === 0) {
                      return (
                        <Table.Th key={`${index}-${header.value}`} scope="row" ta={header.align}>
                          {header.total ? (
                            <>
                              <VisuallyHidden>{totalsLabel} </VisuallyHidden>
                              {value}
                            </>
                          ) : (
                            totalsLabel
                          )}
                        </Table.Th>
                      );
                    }
                    return (
                      <Table.Td key={`${index}-${header.value}`} ta={header.align}>
                        {header.total ? value : null}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              </Table.Tfoot>
            ) : null}
          </Table>
        </Table.ScrollContainer>
      </div>

      {/* Always mounted: a live region announces changes of its text, not its own arrival. */}
      <VisuallyHidden role="status">{exportStatus || (loading ? 'Loading…' : '')}</VisuallyHidden>

      {showPagination ? (
        <Group justify="space-between" align="center" mt="sm" gap="sm" wrap="wrap" data-print-hide>
          <Group gap="sm" wrap="wrap">
            <Text size="sm" aria-live="polite">
              Showing {rows.length} of {total} entries
            </Text>
            {onPerPageChange ? (
              <NativeSelect
                aria-label="Rows per page"
                size="xs"
                data={pageSizes.map((size) => String(size))}
                value={String(pageSize)}
                onChange={(event) => onPerPageChange(Number(event.currentTarget.value))}
              />
            ) : null}
          </Group>
          {onPageChange ? (
            <Box component="nav" aria-label="Pagination">
              <Pagination
                total={pageCount}
                value={Math.min(Math.max(1, page), pageCount)}
                onChange={onPageChange}
                withEdges
                size="sm"
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
                getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
              />
            </Box>
          ) : null}
        </Group>
      ) : null}
    </Box>
  );
}
