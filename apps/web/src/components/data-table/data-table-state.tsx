/**
 * What a list says when it has no rows to show, and when its latest load failed (issue #13 "honest states"):
 * - the load failed and there is nothing to show: the error, with Retry, where the rows would be;
 * - the load failed but earlier rows are known: they stay, and the error with Retry shows above them;
 * - search or filters narrow the list and nothing matches: the area's filtered-empty text, with Clear filters;
 * - the list itself is empty: the area's empty text (the spec's 'No bookings to view yet.' for bookings).
 * The table and the cards show the same message through DataTableStateMessage.
 */
import type { ReactNode } from 'react';
import { Alert, Button, EmptyState, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconFilterOff, IconInbox, IconRefresh } from '@tabler/icons-react';
import { useText } from '../../i18n/i18n';

/** The texts an area gives its list (the kit's defaults are generic). */
export interface DataTableStateTexts {
  /** Shown when the list has no rows at all. @default 'No records found.' */
  emptyText?: ReactNode;
  /** Shown when search or filters narrow the list and nothing matches. @default 'No records match these filters.' */
  filteredEmptyText?: ReactNode;
}

/** Where the list's data stands, as the page knows it (usePagedQuery and useUrlListParams, see listTableProps). */
export interface DataTableLoadState {
  /**
   * The latest load failed: what to say. Without rows it takes their place; with rows (the last ones that loaded)
   * they stay and it shows above them. Leave out (or null) when nothing failed.
   */
  error?: ReactNode;
  /** Asks again; offered as Retry beside the error. Leave out when retrying cannot help (a 422). */
  onRetry?: () => void;
  /** Search or filters narrow the list, so an empty answer means "nothing matches", not "nothing yet". */
  filtered?: boolean;
  /** Clears search and filters; offered as Clear filters beside the filtered-empty text. */
  onClearFilters?: () => void;
}

export type DataTableStateProps = DataTableStateTexts & DataTableLoadState;

export type DataTableStateKind = 'error' | 'filtered' | 'empty';

/** Which message a list without rows shows: a failure wins, since "no rows" is then not known to be true. */
export function dataTableStateKind({ error, filtered }: Pick<DataTableLoadState, 'error' | 'filtered'>): DataTableStateKind {
  if (hasError(error)) return 'error';
  return filtered ? 'filtered' : 'empty';
}

export function hasError(error: ReactNode): boolean {
  return error !== undefined && error !== null && error !== false && error !== '';
}

function RetryButton({ onRetry }: { onRetry: () => void }) {
  const t = useText('shared');
  return (
    <Button variant="light" size="compact-sm" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
      {t('errors.retry')}
    </Button>
  );
}

/** The message in place of the rows: the error, the filtered-empty text or the empty text, with its action. */
export function DataTableStateMessage({
  emptyText,
  filteredEmptyText,
  error,
  onRetry,
  filtered = false,
  onClearFilters,
}: DataTableStateProps) {
  const t = useText('shared');
  const kind = dataTableStateKind({ error, filtered });
  if (kind === 'error') {
    return (
      // role="alert": the failure replaces what the user was waiting for, so it is announced when it appears.
      <EmptyState size="sm" icon={<IconAlertCircle aria-hidden />} color="red" variant="light" title={error} role="alert" data-list-state="error">
        {onRetry ? (
          <EmptyState.Actions data-print-hide>
            <RetryButton onRetry={onRetry} />
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    );
  }
  if (kind === 'filtered') {
    return (
      <EmptyState size="sm" icon={<IconFilterOff aria-hidden />} title={filteredEmptyText ?? t('table.filteredEmpty')} data-list-state="filtered">
        {onClearFilters ? (
          <EmptyState.Actions data-print-hide>
            <Button variant="light" size="compact-sm" onClick={onClearFilters}>
              {t('table.clearFilters')}
            </Button>
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    );
  }
  return <EmptyState size="sm" icon={<IconInbox aria-hidden />} title={emptyText ?? t('table.noRecords')} data-list-state="empty" />;
}

/**
 * The error above rows that stay on screen: the rows are the last ones that loaded, so the user is told they may
 * be out of date and can ask again. Not printed.
 */
export function DataTableErrorBanner({ error, onRetry }: Pick<DataTableLoadState, 'error' | 'onRetry'>) {
  if (!hasError(error)) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} mb="sm" role="alert" data-print-hide p="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">{error}</Text>
        {onRetry ? <RetryButton onRetry={onRetry} /> : null}
      </Group>
    </Alert>
  );
}
