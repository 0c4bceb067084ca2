import { VisuallyHidden } from '@mantine/core';
import { useText } from '../../i18n/i18n';
import { useFormat } from '../../i18n/format';

export interface ListRange {
  /** Rows on the current page. */
  shown: number;
  /** Rows in the whole list. */
  total?: number;
  page?: number;
  perPage?: number;
}

/** Rows `from`–`to` of `total` on the current page (1-based); null when the list shows nothing. */
export function listRange({ shown, total, page = 1, perPage }: ListRange): { from: number; to: number; total: number } | null {
  if (shown <= 0) return null;
  const from = (Math.max(1, page) - 1) * (perPage ?? shown) + 1;
  return { from, to: from + shown - 1, total: total ?? shown };
}

/**
 * What a screen reader hears once a list has loaded after a change of page, page size, search or filter (issue
 * #13): "Showing 11–20 of 3,000". The visible 'Showing N of M entries' (spec §2) says the same on every page, so
 * it announced nothing. Emptied while loading, so every load that ends is announced, even with the same text.
 */
export function DataTableAnnouncer({ loading, failed = false, ...range }: ListRange & { loading: boolean; failed?: boolean }) {
  const t = useText('shared');
  const format = useFormat();
  const shown = listRange(range);
  // A failed load says so itself (DataTableState's alert): "no entries" would be untrue.
  const text = loading || failed
    ? ''
    : shown
      ? t('table.showingRange', { from: format.number(shown.from), to: format.number(shown.to), total: format.number(shown.total) })
      : t('table.noEntries');
  return (
    <VisuallyHidden role="status" aria-atomic="true" data-list-announcement>
      {text}
    </VisuallyHidden>
  );
}
