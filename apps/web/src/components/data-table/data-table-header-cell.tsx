import { ActionIcon, Group, Table, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconInfoCircle } from '@tabler/icons-react';
import type { SortDirection, TableRow } from './data-table-utils';
import { logicalAlign } from './data-table-utils';
import type { TableHeader } from './data-table-types';
import { PINNED_CELL_CLASS } from './scroll-region-frame';
import { useText } from '../../i18n/i18n';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function SortIcon({ direction }: { direction: SortDirection }) {
  if (direction === 'asc') return <IconArrowUp size={14} aria-hidden />;
  if (direction === 'desc') return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden opacity={0.5} />;
}

export interface DataTableHeaderCellProps<Row extends TableRow> {
  header: TableHeader<Row>;
  /** This column's sort direction; only read when the header is sortable. */
  direction?: SortDirection;
  onSort?: (column: string) => void;
}

/**
 * A column header. A sortable one is a button (keyboard users reach it with Tab) and carries aria-sort, which a
 * screen reader announces with the column; 'none' rather than no attribute says it can be sorted.
 */
export function DataTableHeaderCell<Row extends TableRow>({ header, direction = null, onSort }: DataTableHeaderCellProps<Row>) {
  const t = useText('shared');
  return (
    <Table.Th scope="col" ta={logicalAlign(header.align)} className={header.pinned ? PINNED_CELL_CLASS : undefined} data-pinned={header.pinned || undefined} aria-sort={header.sort ? (direction ? ARIA_SORT[direction] : 'none') : undefined}>
      <Group gap={4} wrap="nowrap" justify={header.align === 'right' ? 'flex-end' : undefined}>
        {header.sort ? (
          <UnstyledButton
            onClick={() => onSort?.(header.value)}
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
          // Hover alone would leave keyboard and touch users without the explanation.
          <Tooltip label={header.tooltip_message} multiline maw={260} withArrow events={{ hover: true, focus: true, touch: true }}>
            <ActionIcon variant="subtle" color="gray" size="xs" aria-label={t('table.aboutColumn', { column: header.text, message: header.tooltip_message })}>
              <IconInfoCircle size={14} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </Table.Th>
  );
}
