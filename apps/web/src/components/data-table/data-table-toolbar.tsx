import type { ReactNode } from 'react';
import { Group } from '@mantine/core';

export interface DataTableToolbarProps {
  /** Usually a DataTableSearch. */
  search?: ReactNode;
  /** The list's own filters, placed after the search box. */
  filters?: ReactNode;
  /** Usually DataTableActions. */
  actions?: ReactNode;
}

/**
 * The row above the table: search and filters on the left, actions on the right. Slots rather than props for
 * each control, so a list can put in what it needs and keep the same layout and wrapping on phones.
 */
export function DataTableToolbar({ search, filters, actions }: DataTableToolbarProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="sm" wrap="wrap">
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
