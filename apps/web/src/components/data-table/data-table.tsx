/**
 * The reusable table widget of spec §2/§4, on Mantine's Table: header search (debounced), Copy, Print,
 * Export as PDF/Excel, header tooltips and sort controls, placeholder rows while loading, a totals row, row check
 * boxes with select-all, and pagination. It holds no data and makes no request: it shows `rows` and reports what
 * the user asked for through its `on…` props.
 *
 * Below the sm breakpoint the rows show as cards with labelled fields (DataTableCards), the header collapses into
 * one bar (search, Filters, one menu for Copy, Print and Export) and the pagination narrows, so a phone shows
 * every field without scrolling sideways. Without rows it says why (DataTableStateMessage): the load failed (with
 * Retry), nothing matches the filters (with Clear filters) or the list is empty; a failed reload keeps the last
 * rows under the error, and a reload keeps them on screen, dimmed, while aria-busy says they are being replaced.
 *
 * DataTable is the parts put together the way every current list wants them; a list that needs another
 * arrangement composes the parts itself rather than adding a prop here.
 */
import { useContext, useMemo, useRef, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import type { TableRow } from './data-table-utils';
import type { ExportHandler, TableHeader } from './data-table-types';
import { copyTable, printTable } from './data-table-commands';
import { DataTableAnnouncer } from './data-table-announcer';
import { DataTableActions } from './data-table-actions';
import { DataTableBody, defaultRowLabel } from './data-table-body';
import { DataTableCards } from './data-table-cards';
import { DataTableGrid, DataTableGridStatus } from './data-table-grid';
import { DataTableHeader } from './data-table-header';
import { DataTablePagination, type DataTablePaginationProps } from './data-table-pagination';
import { DataTablePrintHeader } from './data-table-print-header';
import { PrintedForContext } from './printed-for';
import { DataTableSearch } from './data-table-search';
import { DataTableErrorBanner, hasError, type DataTableStateProps } from './data-table-state';
import { DataTableToolbar } from './data-table-toolbar';
import { columnTotals, DataTableTotals } from './data-table-totals';
import { useNarrowLayout } from '../../lib/use-narrow-layout';
import { useDebouncedSearch } from './use-debounced-search';
import { useExportRunner } from './use-export-runner';
import { useRowSelection } from './use-row-selection';
import { useTableSort } from './use-table-sort';
import { useScrollRegion } from './use-scroll-region';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';

// Callers import these from here; the parts own them.
export type { TableRow } from './data-table-utils';
export type { ExportHandler, TableHeader } from './data-table-types';
export { COPIED_MESSAGE } from './data-table-commands';
export type { DataTableLoadState, DataTableStateTexts } from './data-table-state';
export { PrintedForContext } from './printed-for';

/**
 * The pagination's props (total: rows of the whole list; it shows only when that exceeds the rows loaded), and the
 * state props (DataTableStateProps: emptyText, filteredEmptyText, error, onRetry, filtered, onClearFilters), which
 * lib/use-list-endpoint's listTableProps fills from a list's query and URL state; the area gives the texts.
 */
export interface DataTableProps<Row extends TableRow = TableRow>
  extends Partial<Pick<DataTablePaginationProps, 'total' | 'page' | 'perPage' | 'onPageChange' | 'onPerPageChange' | 'pageSizes'>>,
    DataTableStateProps {
  /** Names the table for assistive technology and titles the printout. */
  caption: string;
  /** Show the caption on screen too. @default false */
  captionVisible?: boolean;
  headers: TableHeader<Row>[];
  rows: Row[];
  /**
   * A load is running: the table is aria-busy, the rows it has stay on screen dimmed (the last ones that loaded),
   * and TABLE_PLACEHOLDER_ROWS placeholder rows stand in only while it has none.
   */
  loading?: boolean;
  /** 'auto' shows cards below the sm breakpoint and the table above it. @default 'auto' */
  layout?: 'auto' | 'table' | 'cards';
  /** The page's title on the printout. @default the caption */
  printTitle?: string;
  /** The filters that narrow the list, in words ('Facility: City Clinic'): printed, and counted on the phone's Filters button. */
  activeFilters?: readonly string[];

  /** Shows the header with the search box (when `onSearch` is given), Copy, Print and Export as. */
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

  /** Width below which the table scrolls sideways (phones). @default 720 */
  minWidth?: number;
}

export function DataTable<Row extends TableRow>({
  caption,
  captionVisible,
  headers,
  rows,
  loading = false,
  layout = 'auto',
  printTitle,
  activeFilters = [],
  emptyText,
  filteredEmptyText,
  error,
  onRetry,
  filtered,
  onClearFilters,
  showHeader = false,
  toolbar,
  searchPlaceholder,
  searchValue,
  onSearch,
  onExportPdf,
  onExportExcel,
  exporting,
  sort,
  onSortChange,
  totalsLabel,
  totals,
  selectable = false,
  getRowLabel,
  onCheckedChange,
  uncheckAll,
  onReload,
  total,
  page,
  perPage,
  onPageChange,
  onPerPageChange,
  pageSizes,
  minWidth,
}: DataTableProps<Row>) {
  const tableRef = useRef<HTMLTableElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const printRef = useRef<HTMLDivElement>(null);
  const narrow = useNarrowLayout();
  const cards = layout === 'cards' || (layout === 'auto' && narrow);

  const search = useDebouncedSearch({ value: searchValue, onSearch });
  const t = useText('shared');
  const format = useFormat();
  const sorting = useTableSort({ sort, onSortChange });
  // Called even when not selectable: "uncheck all" still asks the page to reload (spec §4).
  const selection = useRowSelection({ rows, onCheckedChange, uncheckAll, onReload });
  const exports = useExportRunner({ exporting });
  const cardTotals = useMemo(() => (cards ? columnTotals(headers, rows, totals) : null), [cards, headers, rows, totals]);
  // Cards show every field; a table with lower-priority columns folds them into row details rather than overflow.
  const region = useScrollRegion(caption, { foldable: !cards && headers.some((header) => header.priority === 'low') });
  const tableHeaders = useMemo(() => (region.folded ? headers.filter((header) => header.priority !== 'low') : headers), [region.folded, headers]);
  const foldedHeaders = useMemo(() => (region.folded ? headers.filter((header) => header.priority === 'low') : []), [region.folded, headers]);
  const expandable = foldedHeaders.length > 0;

  const state = { emptyText, filteredEmptyText, error, onRetry, filtered, onClearFilters };
  const pageCount = total !== undefined && perPage ? Math.max(1, Math.ceil(total / perPage)) : 1;
  const rowsText =
    total !== undefined && total > rows.length
      ? t('table.printRows', { page: format.number(page ?? 1), pages: format.number(pageCount), shown: format.number(rows.length), total: format.number(total) })
      : undefined;
  // The search is the table's own control, so the table names it; the area names its filters.
  const appliedSearch = searchValue?.trim();
  const printedFilters = appliedSearch ? [t('table.printSearch', { search: appliedSearch }), ...activeFilters] : activeFilters;
  const printedFor = useContext(PrintedForContext);
  const printHeader = <DataTablePrintHeader title={printTitle ?? caption} filters={printedFilters} rowsText={rowsText} printedFor={printedFor} />;

  return (
    <Box>
      {showHeader ? (
        <DataTableToolbar
          compact={cards}
          activeFilterCount={activeFilters.length}
          // A list with nothing to search by shows no box that would do nothing.
          search={onSearch ? <DataTableSearch search={search} placeholder={searchPlaceholder} /> : null}
          filters={toolbar}
          actions={
            <DataTableActions
              compact={cards}
              onCopy={() => void copyTable(cards ? listRef.current : tableRef.current)}
              onPrint={() => printTable(printRef.current)}
              onExportPdf={onExportPdf ? () => exports.run('pdf', onExportPdf) : undefined}
              onExportExcel={onExportExcel ? () => exports.run('excel', onExportExcel) : undefined}
              exportBusy={exports.busy}
            />
          }
        />
      ) : null}

      {/* Rows that stay on screen after a failed reload: the error goes above them. Without rows, in their place. */}
      {rows.length > 0 && hasError(error) ? <DataTableErrorBanner error={error} onRetry={onRetry} /> : null}

      {cards ? (
        <div ref={printRef} className="portal-data-table-print-area">
          {printHeader}
          <DataTableCards<Row>
            caption={caption}
            headers={headers}
            rows={rows}
            loading={loading}
            selection={selectable ? selection : undefined}
            getRowLabel={getRowLabel}
            sort={sorting.sort}
            onSort={headers.some((header) => header.sort) ? sorting.set : undefined}
            totals={cardTotals}
            totalsLabel={totalsLabel}
            listRef={listRef}
            {...state}
          />
          {/* The same live region as the table's. */}
          <DataTableGridStatus loading={loading} status={exports.status} />
        </div>
      ) : (
        <DataTableGrid
          caption={caption}
          captionVisible={captionVisible}
          loading={loading}
          status={exports.status}
          minWidth={minWidth}
          tableRef={tableRef}
          printRef={printRef}
          printHeader={printHeader}
          region={region}
          pinnedEnd={tableHeaders.at(-1)?.pinned ?? false}
          striped={!expandable}
        >
          <DataTableHeader
            headers={tableHeaders}
            sort={sorting.sort}
            onSort={sorting.toggle}
            selection={selectable ? selection : undefined}
            expandable={expandable}
          />
          <DataTableBody
            headers={tableHeaders}
            rows={rows}
            selection={selectable ? selection : undefined}
            getRowLabel={getRowLabel ?? ((row) => defaultRowLabel(row, headers))}
            details={foldedHeaders}
            {...state}
          />
          <DataTableTotals headers={tableHeaders} rows={rows} totals={totals} label={totalsLabel} selectable={selectable} expandable={expandable} />
        </DataTableGrid>
      )}

      <DataTablePagination
        shown={rows.length}
        total={total}
        page={page}
        perPage={perPage}
        onPageChange={onPageChange}
        onPerPageChange={onPerPageChange}
        pageSizes={pageSizes}
        compact={cards}
      />
      <DataTableAnnouncer loading={loading} failed={hasError(error)} shown={rows.length} total={total} page={page} perPage={perPage} />
    </Box>
  );
}
