import { useId, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Collapse, Group, Stack, VisuallyHidden } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useText } from '../../i18n/i18n';

/** English, for tests; shown from the shared catalogue. */

export interface DataTableToolbarProps {
  /** Usually a DataTableSearch. */
  search?: ReactNode;
  /** The list's own filters, placed after the search box. */
  filters?: ReactNode;
  /** Usually DataTableActions. */
  actions?: ReactNode;
  /**
   * The phone bar: the search box, a Filters button that shows the filters below it, and the actions (compact
   * themselves). One line instead of a stack of every control above the first row.
   */
  compact?: boolean;
  /** How many filters narrow the list, shown on the Filters button of the compact bar. */
  activeFilterCount?: number;
}

/**
 * The row above the table: search and filters on the left, actions on the right (mirrored right to left). Slots
 * rather than props for each control, so a list can put in what it needs and keep the same layout on phones.
 * Not printed: a printout states the filters in words instead (DataTablePrintHeader).
 */
export function DataTableToolbar({ search, filters, actions, compact = false, activeFilterCount = 0 }: DataTableToolbarProps) {
  const t = useText('shared');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();

  if (!compact) {
    return (
      <Group justify="space-between" align="flex-end" gap="sm" mb="sm" wrap="wrap" data-print-hide>
        <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 18rem' }}>
          {search}
          {filters}
        </Group>
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      </Group>
    );
  }

  return (
    <Box mb="sm" data-print-hide>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Box style={{ flex: 1, minWidth: 0 }}>{search}</Box>
        {filters ? (
          <Button
            variant={activeFilterCount > 0 ? 'light' : 'default'}
            px="xs"
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            rightSection={
              activeFilterCount > 0 ? (
                <Badge size="sm" circle aria-hidden>
                  {activeFilterCount}
                </Badge>
              ) : null
            }
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {t('table.filters')}
            {activeFilterCount > 0 ? <VisuallyHidden>{t('table.filtersActive', { count: activeFilterCount })}</VisuallyHidden> : null}
          </Button>
        ) : null}
        {actions}
      </Group>
      {filters ? (
        <Collapse expanded={filtersOpen} id={filtersId}>
          <Stack gap="xs" pt="xs" align="flex-start">
            {filters}
          </Stack>
        </Collapse>
      ) : null}
    </Box>
  );
}
