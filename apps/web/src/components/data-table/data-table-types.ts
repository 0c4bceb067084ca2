/** The shapes a page hands to the table and its parts; kept apart so a part can import them without the whole table. */
import type { ReactNode } from 'react';
import type { TableRow } from './data-table-utils';

export type { TableRow } from './data-table-utils';

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
  /**
   * 'low': when the table would not fit its width, the column leaves the table and shows in the row's details
   * (a toggle at the row's start opens them), before the table has to scroll sideways. Never a totalled column.
   */
  priority?: 'low';
  /** On the last column (the row's actions): it stays in view at the row's end while the table scrolls sideways. */
  pinned?: boolean;
}

/** What an export handler may return: a promise keeps the Export button busy until it settles. */
export type ExportHandler = () => unknown;
