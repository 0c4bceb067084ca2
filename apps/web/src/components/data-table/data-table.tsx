/**
 * The reusable table widget of spec §2/§4, on Mantine's Table: header search (debounced), Copy, Print,
 * Export as PDF/Excel, header tooltips and sort controls, placeholder rows while loading, a totals row, row check
 * boxes with select-all, and pagination. It holds no data and makes no request: it shows `rows` and reports what
 * the user asked for through its `on…` props.
 *
 * DataTable is the parts (see index.ts) put together the way every current list wants them; a list that needs
 * another arrangement composes the parts itself rather than adding a prop here.
 */
import { useRef, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import type { TableRow } from './data-table-utils';
import type { ExportHandler, TableHeader } from './data-table-types';
import { copyTable, printTable } from './data-table-commands';
import { DataTableActions } from './data-table-actions';
import { DataTableBody } from './data-table-body';
import { DataTableGrid } from './data-table-grid';
import { DataTableHeader } from './data-table-header';
import { DataTablePagination, type DataTablePaginationProps } from './data-table-pagination';
import { DataTableSearch } from './data-table-search';
import { DataTableToolbar } from './data-table-toolbar';
import { DataTableTotals } from './data-table-totals';
import { useDebouncedSearch } from './use-debounced-search';
import { useExportRunner } from './use-export-runner';
import { useRowSelection } from './use-row-selection';
import { useTableSort } from './use-table-sort';

// Callers import these from here; the parts own them.
export type { TableRow } from './data-table-utils';
export type { ExportHandler, TableHeader } from './data-table-types';
export { COPIED_MESSAGE, COPY_FAILED_MESSAGE } from './data-table-commands';
export { EXPORT_FAILED_MESSAGE } from './use-export-runner';
export { SEARCH_PLACEHOLDER } from './data-table-search';

/** The pagination's props (total: rows of the whole list; it shows only when that exceeds the rows loaded). */
export interface DataTableProps<Row extends TableRow = TableRow>
  extends Partial<Pick<DataTablePaginationProps, 'total' | 'page' | 'perPage' | 'onPageChange' | 'onPerPageChange' | 'pageSizes'>> {
  /** Names the table for assistive technology and titles the printout. */
  caption: string;
  /** Show the caption on screen too. @default false */
  captionVisible?: boolean;
  headers: TableHeader<Row>[];
  rows: Row[];
  /** Shows TABLE_PLACEHOLDER_ROWS placeholder rows instead of the rows, and marks the table aria-busy. */
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


  /** Width below which the table scrolls sideways (phones). @default 720 */
  minWidth?: number;
}

export function DataTable<Row extends TableRow>({
  caption,
  captionVisible,
  headers,
  rows,
  loading = false,
  emptyText,
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
  const printRef = useRef<HTMLDivElement>(null);

  const search = useDebouncedSearch({ value: searchValue, onSearch });
  const sorting = useTableSort({ sort, onSortChange });
  // Called even when not selectable: "uncheck all" still asks the page to reload (spec §4).
  const selection = useRowSelection({ rows, onCheckedChange, uncheckAll, onReload });
  const exports = useExportRunner({ exporting });

  return (
    <Box>
      {showHeader ? (
        <DataTableToolbar
          search={<DataTableSearch search={search} placeholder={searchPlaceholder} />}
          filters={toolbar}
          actions={
            <DataTableActions
              onCopy={() => void copyTable(tableRef.current)}
              onPrint={() => printTable(printRef.current)}
              onExportPdf={onExportPdf ? () => exports.run('pdf', onExportPdf) : undefined}
              onExportExcel={onExportExcel ? () => exports.run('excel', onExportExcel) : undefined}
              exportBusy={exports.busy}
            />
          }
        />
      ) : null}

      <DataTableGrid
        caption={caption}
        captionVisible={captionVisible}
        loading={loading}
        status={exports.status}
        minWidth={minWidth}
        tableRef={tableRef}
        printRef={printRef}
      >
        <DataTableHeader
          headers={headers}
          sort={sorting.sort}
          onSort={sorting.toggle}
          selection={selectable ? selection : undefined}
        />
        <DataTableBody
          headers={headers}
          rows={rows}
          emptyText={emptyText}
          selection={selectable ? selection : undefined}
          getRowLabel={getRowLabel}
        />
        <DataTableTotals headers={headers} rows={rows} totals={totals} label={totalsLabel} selectable={selectable} />
      </DataTableGrid>

      <DataTablePagination
        shown={rows.length}
        total={total}
        page={page}
        perPage={perPage}
        onPageChange={onPageChange}
        onPerPageChange={onPerPageChange}
        pageSizes={pageSizes}
      />
    </Box>
  );
}
