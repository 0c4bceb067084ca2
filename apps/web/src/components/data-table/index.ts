/**
 * The table kit: DataTable for the usual list, and its parts for a list that arranges them differently. A part
 * that shows rows (header, body, totals) must sit inside a DataTableGrid, which owns the busy state.
 */
export * from './data-table';
export * from './data-table-actions';
export { DataTableBody, DataTableEmptyRow, DataTablePlaceholderRows, cellText, defaultRowLabel } from './data-table-body';
export type { DataTableBodyProps } from './data-table-body';
export { copyTable, printTable } from './data-table-commands';
export { useDataTableState, type DataTableState } from './data-table-context';
export * from './data-table-grid';
export * from './data-table-header';
export * from './data-table-header-cell';
export * from './data-table-pagination';
export * from './data-table-search';
export * from './data-table-toolbar';
export * from './data-table-totals';
export { getCellValue, nextSort, sortDirection, sumColumn, tableToText, type SortDirection } from './data-table-utils';
export * from './use-debounced-search';
export * from './use-export-runner';
export * from './use-row-selection';
export * from './use-table-sort';
