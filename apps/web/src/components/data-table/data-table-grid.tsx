import type { ReactNode, Ref } from 'react';
import { Table, VisuallyHidden } from '@mantine/core';
import { DataTableContext } from './data-table-context';
import './data-table-print.css';

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
  children,
}: DataTableGridProps) {
  return (
    <DataTableContext value={{ loading }}>
      <div ref={printRef}>
        <Table.ScrollContainer minWidth={minWidth} type="native">
          <Table ref={tableRef} striped highlightOnHover verticalSpacing="sm" aria-busy={loading}>
            <Table.Caption className={captionVisible ? undefined : 'portal-data-table-caption'}>{caption}</Table.Caption>
            {children}
          </Table>
        </Table.ScrollContainer>
      </div>
      {/* Always mounted: a live region announces changes of its text, not its own arrival. */}
      <VisuallyHidden role="status">{status || (loading ? 'Loading…' : '')}</VisuallyHidden>
    </DataTableContext>
  );
}
