import type { ReactNode, Ref } from 'react';
import { Table, VisuallyHidden } from '@mantine/core';
import { DataTableContext } from './data-table-context';
import classes from './data-table.module.css';
import { ScrollRegionFrame } from './scroll-region-frame';
import { useScrollRegion, type ScrollRegion } from './use-scroll-region';
import './data-table-print.css';
import { useText } from '../../i18n/i18n';

export interface DataTableGridProps {
  /** Names the table for assistive technology and titles the printout. */
  caption: string;
  /** Show the caption on screen too. @default false */
  captionVisible?: boolean;
  /** The one switch for the busy state: aria-busy, the "Loading…" announcement and the parts' placeholders. */
  loading?: boolean;
  /** Announced instead of "Loading…", e.g. an export being prepared. */
  status?: string;
  /** Width below which the table scrolls sideways (phones). @default 720 */
  minWidth?: number;
  /** The table element, for Copy. */
  tableRef?: Ref<HTMLTableElement>;
  /** The printable area (caption and table, no controls), for Print. */
  printRef?: Ref<HTMLDivElement>;
  /** Printed above the table (DataTablePrintHeader: title, filters, date, partner); hidden on screen. */
  printHeader?: ReactNode;
  /** The scroller's state, when the caller needs it (folding columns); the grid keeps its own otherwise. */
  region?: ScrollRegion;
  /** The last column is pinned at the row's end (TableHeader.pinned). */
  pinnedEnd?: boolean;
  /** Alternate row shading. Off while rows carry details rows, which would break the alternation. @default true */
  striped?: boolean;
  /** DataTableHeader, DataTableBody, DataTableTotals. */
  children: ReactNode;
}

/** The <table> itself, and the single source of its busy state for the parts inside it. */
export function DataTableGrid({
  caption,
  captionVisible = false,
  loading = false,
  status = '',
  minWidth = 720,
  tableRef,
  printRef,
  printHeader,
  region: givenRegion,
  pinnedEnd = false,
  striped = true,
  children,
}: DataTableGridProps) {
  const ownRegion = useScrollRegion(caption);
  const region = givenRegion ?? ownRegion;
  return (
    <DataTableContext value={{ loading }}>
      <div ref={printRef} className={`${classes.busyFrame} portal-data-table-print-area`}>
        {printHeader}
        {/* Seen while loading: the rows that stay on screen are dimmed under it (the body marks them data-stale). */}
        {loading ? <div className={classes.busyBar} aria-hidden data-print-hide /> : null}
        <ScrollRegionFrame region={region} minWidth={minWidth} pinnedEnd={pinnedEnd}>
          <Table ref={tableRef} striped={striped} highlightOnHover verticalSpacing="sm" aria-busy={loading} className={classes.stale}>
            <Table.Caption className={captionVisible ? undefined : 'portal-data-table-caption'}>{caption}</Table.Caption>
            {children}
          </Table>
        </ScrollRegionFrame>
      </div>
      <DataTableGridStatus loading={loading} status={status} />
    </DataTableContext>
  );
}

/** The table's spoken state: "Loading…" while busy, or the status given (an export being prepared). */
export function DataTableGridStatus({ loading, status = '' }: { loading: boolean; status?: string }) {
  const t = useText('shared');
  // Always mounted: a live region announces changes of its text, not its own arrival.
  return <VisuallyHidden role="status">{status || (loading ? t('table.loading') : '')}</VisuallyHidden>;
}
