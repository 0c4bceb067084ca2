import type { ReactNode } from 'react';
import { Paper, Text } from '@mantine/core';

/**
 * One figure of a KPI card: its name, the figure (a count, or one line per currency: amounts in different currencies
 * are never added) and what it counts. A group of a description list (`<dl><div><dt/><dd/>…</div></dl>`): the name is
 * the term, the figure, its change and the hint its details; nothing may come between the group and them (axe).
 */
export function KpiTile({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
  return (
    <Paper component="div" withBorder radius="md" p="sm" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <Text component="dt" size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      {children}
      <Text component="dd" size="xs" c="dimmed" m={0}>
        {hint}
      </Text>
    </Paper>
  );
}
