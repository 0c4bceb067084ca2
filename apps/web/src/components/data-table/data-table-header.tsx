import { Checkbox, Table, VisuallyHidden } from '@mantine/core';
import { useDataTableState } from './data-table-context';
import { DataTableHeaderCell } from './data-table-header-cell';
import { sortDirection, type TableRow } from './data-table-utils';
import type { TableHeader } from './data-table-types';
import type { RowSelection } from './use-row-selection';
import { useText } from '../../i18n/i18n';

export interface DataTableHeaderProps<Row extends TableRow> {
  headers: TableHeader<Row>[];
  /** The current sort ('column', '-column' or ''). */
  sort?: string;
  onSort?: (column: string) => void;
  /** Adds the select-all box; leave out for a table without check boxes. */
  selection?: RowSelection<Row>;
  /** Rows have a details toggle at their start (folded columns): its column gets a header. */
  expandable?: boolean;
}

/** The <thead>: the select-all box, then one header cell per column. */
export function DataTableHeader<Row extends TableRow>({ headers, sort = '', onSort, selection, expandable = false }: DataTableHeaderProps<Row>) {
  const t = useText('shared');
  const { loading } = useDataTableState();
  return (
    <Table.Thead>
      <Table.Tr>
        {selection ? (
          // Not copied or printed: a check box column means nothing on paper or in a spreadsheet.
          <Table.Th w={40} data-copy-skip data-print-hide>
            <Checkbox
              aria-label={t('table.selectAll')}
              checked={selection.allChecked}
              indeterminate={selection.someChecked}
              // While loading the rows on screen are placeholders: "all" would check rows nobody has seen.
              disabled={loading || !selection.canToggleAll}
              onChange={selection.toggleAll}
            />
          </Table.Th>
        ) : null}
        {expandable ? (
          <Table.Th w={40} data-copy-skip data-print-hide>
            <VisuallyHidden>{t('table.details')}</VisuallyHidden>
          </Table.Th>
        ) : null}
        {headers.map((header, index) => (
          <DataTableHeaderCell
            // Two columns may show the same field (text and a badge), so the index keeps keys unique.
            key={`${index}-${header.value}`}
            header={header}
            direction={header.sort ? sortDirection(sort, header.value) : null}
            onSort={onSort}
          />
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
