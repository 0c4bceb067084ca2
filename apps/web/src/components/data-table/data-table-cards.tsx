import type { ReactNode, Ref } from 'react';
import { Checkbox, DataList, NativeSelect, Skeleton } from '@mantine/core';
import { TABLE_PLACEHOLDER_ROWS } from '@portal/contracts/constants';
import { cellText, defaultRowLabel } from './data-table-body';
import { DataTableStateMessage, type DataTableStateProps } from './data-table-state';
import { getCellValue, nextSortOptions, type TableRow } from './data-table-utils';
import type { TableHeader } from './data-table-types';
import type { RowSelection } from './use-row-selection';
import classes from './data-table.module.css';
import { useText } from '../../i18n/i18n';

export interface DataTableCardsProps<Row extends TableRow> extends DataTableStateProps {
  /** Names the list for assistive technology, as the table's caption does. */
  caption: string;
  headers: TableHeader<Row>[];
  rows: readonly Row[];
  /** Keeps the rows (dimmed) while a reload runs; placeholders only before any row arrived. */
  loading?: boolean;
  /** Adds a check box to each card and a select-all box above them. */
  selection?: RowSelection<Row>;
  getRowLabel?: (row: Row) => string;
  /** The current sort; a select above the cards stands in for the sortable column headers. */
  sort?: string;
  onSort?: (sort: string) => void;
  /** From columnTotals: one value per header (null where not totalled), or null when no column is totalled. */
  totals?: ReactNode[] | null;
  totalsLabel?: ReactNode;
  /** The list element, for Copy (cardsToText). */
  listRef?: Ref<HTMLUListElement>;
}

/** A column with no header text (row actions, say) shows at the foot of the card, unlabelled, as in the table. */
const isLabelled = <Row extends TableRow>(header: TableHeader<Row>) => header.text.trim() !== '';

/**
 * The rows as cards, for screens below the sm breakpoint where seven columns cannot fit: each card lists the row's
 * fields under the column names (a <dl>), with the row's check box and actions, in the same order as the table,
 * so a keyboard or screen-reader user meets the same controls. The list is named like the table and carries the
 * same aria-busy. Copy reads the cards back as the table's tab-separated text (data-copy-cell holds each cell's
 * column index).
 */
export function DataTableCards<Row extends TableRow>({
  caption,
  headers,
  rows,
  loading = false,
  selection,
  getRowLabel,
  sort = '',
  onSort,
  totals,
  totalsLabel,
  listRef,
  ...state
}: DataTableCardsProps<Row>) {
  const t = useText('shared');
  const sortOptions = onSort ? nextSortOptions(headers) : [];
  const showBar = rows.length > 0 && (selection !== undefined || sortOptions.length > 0);
  const placeholders = loading && rows.length === 0;

  return (
    <>
      {showBar ? (
        <div className={classes.cardsBar} data-print-hide>
          {selection ? (
            <Checkbox
              label={t('table.selectAll')}
              size="md"
              checked={selection.allChecked}
              indeterminate={selection.someChecked}
              disabled={loading || !selection.canToggleAll}
              onChange={selection.toggleAll}
            />
          ) : (
            <span />
          )}
          {sortOptions.length > 0 ? (
            <NativeSelect
              aria-label={t('table.sortBy')}
              size="xs"
              data={[{ value: '', label: t('table.notSorted') }, ...sortOptions]}
              value={sort}
              onChange={(event) => onSort?.(event.currentTarget.value)}
            />
          ) : null}
        </div>
      ) : null}
      <ul
        ref={listRef}
        className={`${classes.cards} ${classes.stale}`}
        aria-label={caption}
        aria-busy={loading}
        data-stale={(loading && rows.length > 0) || undefined}
        data-copy-header={headers.map((header) => header.text).join('\t')}
      >
        {placeholders
          ? Array.from({ length: TABLE_PLACEHOLDER_ROWS }, (_, index) => (
              <li key={`placeholder-${index}`} className={classes.card} data-placeholder-row aria-hidden>
                <Skeleton height={12} width="60%" radius="sm" />
                <Skeleton height={12} radius="sm" />
                <Skeleton height={12} width="80%" radius="sm" />
              </li>
            ))
          : rows.map((row) => {
              const isChecked = selection?.isChecked(row.id) ?? false;
              return (
                <li key={row.id} className={classes.card} data-checked={isChecked || undefined} data-copy-row>
                  <div style={{ display: 'flex', gap: 'var(--mantine-spacing-sm)', alignItems: 'flex-start' }}>
                    {selection ? (
                      <div data-print-hide>
                        <Checkbox
                          size="md"
                          mt={2}
                          aria-label={t('table.selectRow', { label: getRowLabel ? getRowLabel(row) : defaultRowLabel(row, headers) })}
                          checked={isChecked}
                          onChange={() => selection.toggleRow(row.id)}
                        />
                      </div>
                    ) : null}
                    <DataList size="sm" gap={4} labelWidth="7.5rem" style={{ flex: 1, minWidth: 0 }}>
                      {headers.map((header, index) =>
                        isLabelled(header) ? (
                          <DataList.Item key={`${index}-${header.value}`}>
                            <DataList.ItemLabel>{header.text}</DataList.ItemLabel>
                            <DataList.ItemValue className={classes.cardValue} data-copy-cell={index}>
                              {header.render ? header.render(row) : cellText(getCellValue(row, header.value))}
                            </DataList.ItemValue>
                          </DataList.Item>
                        ) : null,
                      )}
                    </DataList>
                  </div>
                  {headers.some((header) => !isLabelled(header)) ? (
                    <div className={classes.cardActions}>
                      {headers.map((header, index) =>
                        isLabelled(header) ? null : (
                          <div key={`${index}-${header.value}`} data-copy-cell={index}>
                            {header.render ? header.render(row) : cellText(getCellValue(row, header.value))}
                          </div>
                        ),
                      )}
                    </div>
                  ) : null}
                </li>
              );
            })}
        {!loading && rows.length === 0 ? (
          <li className={classes.cardState} data-list-state-item>
            <DataTableStateMessage {...state} />
          </li>
        ) : null}
        {totals && rows.length > 0 ? (
          <li className={classes.card} data-copy-row data-totals>
            {/* The label stands where the table puts it: in the first column's place. */}
            <div style={{ fontWeight: 700 }} data-copy-cell={headers[0]?.total ? undefined : 0}>
              {totalsLabel ?? t('table.totals')}
            </div>
            <DataList size="sm" gap={4} labelWidth="7.5rem">
              {headers.map((header, index) =>
                header.total ? (
                  <DataList.Item key={`${index}-${header.value}`}>
                    <DataList.ItemLabel>{header.text}</DataList.ItemLabel>
                    <DataList.ItemValue fw={700} data-copy-cell={index}>
                      {totals[index]}
                    </DataList.ItemValue>
                  </DataList.Item>
                ) : null,
              )}
            </DataList>
          </li>
        ) : null}
      </ul>
    </>
  );
}
