/**
 * The pieces of a console drawer about one record opened from a list (a payout, an agent's payment details): the
 * drawer, its load (a placeholder, then the record, or why not with a retry), its facts as a description list in a
 * grid, its titled sections, and a refusal of the record's state (a 409) shown above them instead of inside the
 * dialog that asked.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Box, Drawer, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryView } from '../../components/query-view/query-view';
import { isHttpError } from '../../lib/http';
import { useNarrowLayout } from '../../lib/use-narrow-layout';
import { LoadingPlaceholder } from '../../components/loading-placeholder/loading-placeholder';

/** The drawer itself: from the right, the whole width of a phone. */
export function DetailDrawer({ title, closeLabel, onClose, children }: { title: string; closeLabel: string; onClose: () => void; children: ReactNode }) {
  const narrow = useNarrowLayout();
  return (
    <Drawer opened onClose={onClose} position="right" size={narrow ? '100%' : 'xl'} title={title} closeButtonProps={{ 'aria-label': closeLabel }}>
      {children}
    </Drawer>
  );
}

/** A titled part of the drawer (its actions, its lines, its log), a section named by its title. */
export function DrawerSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function DrawerLoad<Data>({ query, loadingLabel, failedTitle, retryLabel, children }: { query: UseQueryResult<Data>; loadingLabel: string; failedTitle: string; retryLabel: string; children: (data: Data) => ReactNode }) {
  return (
    <QueryView query={query} loading={<LoadingPlaceholder label={loadingLabel}><Skeleton h={240} /></LoadingPlaceholder>} failedTitle={failedTitle} retryLabel={retryLabel}>
      {children}
    </QueryView>
  );
}

/** The record's facts: a `<dl>` whose groups flow into as many columns as fit. */
export function DrawerFacts({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="dl" aria-label={label} m={0} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))', gap: 'var(--mantine-spacing-sm)' }}>
      {children}
    </Box>
  );
}

/** One fact; `wide` takes the whole row (a reason, a warning). */
export function DrawerFact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm">
        {children}
      </Text>
    </Box>
  );
}

/**
 * A step that the server may refuse because the record changed meanwhile (409): `run` sends it and keeps the refusal's
 * message for `alert`, shown above the facts; any other failure is the caller's (it rethrows).
 */
export function useConflict(texts: { title: string; close: string }) {
  const [conflict, setConflict] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setConflict(null);
    try {
      await action();
    } catch (error) {
      if (!isHttpError(error, 409)) throw error;
      setConflict(error.message);
    }
  };
  const alert = conflict ? (
    <Alert color="orange" variant="light" role="alert" title={texts.title} withCloseButton closeButtonLabel={texts.close} onClose={() => setConflict(null)}>
      {conflict}
    </Alert>
  ) : null;
  return { alert, run };
}
