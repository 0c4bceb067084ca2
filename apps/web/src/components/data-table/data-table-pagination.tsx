import { useEffect, useRef } from 'react';
import { Box, Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { PAGE_SIZES } from '@portal/contracts/constants';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';

// Mantine's controls are bare arrows; these names are what a screen reader says for them (shared catalogue).
const CONTROL_LABELS = {
  first: 'table.firstPage',
  previous: 'table.previousPage',
  next: 'table.nextPage',
  last: 'table.lastPage',
} as const;

export interface DataTablePaginationProps {
  /** Rows on the current page. */
  shown: number;
  /** Rows in the whole list. */
  total?: number;
  page?: number;
  /** @default `shown` */
  perPage?: number;
  onPageChange?: (page: number) => void;
  onPerPageChange?: (perPage: number) => void;
  /** @default PAGE_SIZES (5, 10, 20, 25, 50, 100, 200) */
  pageSizes?: readonly number[];
  /**
   * The phone layout: the text and page size on one line, the page links on the next with only the first, the
   * current and the last page (and the arrows), so it fits 360 px whatever the page count.
   */
  compact?: boolean;
}

/**
 * 'Showing N of M entries', the page size and the page links. Hidden when everything fits on the page, where
 * a single "page 1" link would only be noise, and when the page handles neither change.
 */
export function DataTablePagination({
  shown,
  total,
  page = 1,
  perPage,
  onPageChange,
  onPerPageChange,
  pageSizes = PAGE_SIZES,
  compact = false,
}: DataTablePaginationProps) {
  const t = useText('shared');
  const format = useFormat();
  const root = useRef<HTMLDivElement | null>(null);
  // The page link keeps focus while the next page loads; rows of another height above it (a banner above the page,
  // longer names) can push it off screen. Keep the focused control in view (WCAG 2.4.11): a no-op when it is.
  useEffect(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && root.current?.contains(active)) active.scrollIntoView?.({ block: 'nearest' });
  });
  if (total === undefined || total <= shown || !(onPageChange || onPerPageChange)) return null;
  const pageSize = perPage ?? shown;
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));

  return (
    <Group ref={root} justify={compact ? 'center' : 'space-between'} align="center" mt="sm" gap="sm" wrap="wrap" data-print-hide>
      <Group gap="sm" wrap="nowrap" justify={compact ? 'space-between' : undefined} w={compact ? '100%' : undefined}>
        {/* Not live: it reads the same on every page; DataTableAnnouncer says which rows are shown. */}
        <Text size="sm">
          {t('table.showing', { shown: format.number(shown), total: format.number(total) })}
        </Text>
        {onPerPageChange ? (
          <NativeSelect
            aria-label={t('table.rowsPerPage')}
            size="xs"
            data={pageSizes.map((size) => String(size))}
            value={String(pageSize)}
            onChange={(event) => onPerPageChange(Number(event.currentTarget.value))}
          />
        ) : null}
      </Group>
      {onPageChange ? (
        <Box component="nav" aria-label={t('table.pagination')}>
          <Pagination
            total={pageCount}
            // A page past the end (a stale link) still shows a valid current page while the page corrects it.
            value={Math.min(Math.max(1, page), pageCount)}
            onChange={onPageChange}
            withEdges={!compact}
            siblings={compact ? 0 : 1}
            boundaries={1}
            size="sm"
            getItemProps={(item) => ({ 'aria-label': t('table.page', { page: item }) })}
            getControlProps={(control) => ({ 'aria-label': t(CONTROL_LABELS[control]) })}
          />
        </Box>
      ) : null}
    </Group>
  );
}
