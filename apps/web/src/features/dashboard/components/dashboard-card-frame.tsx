import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Group, Paper, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useText } from '../../../i18n/i18n';
import classes from '../dashboard.module.css';

/** Where a card's figures stand, over the one or more queries it reads. */
export interface CardState {
  /** Nothing to show yet: the skeleton. */
  pending: boolean;
  /** A query failed: the card says so, with Retry, and the other cards go on. */
  failed: boolean;
  /** The figures shown are the previous range's while the new ones load: dimmed and aria-busy. */
  busy: boolean;
  retrying: boolean;
  retry: () => void;
}

export function cardState(...queries: ReadonlyArray<UseQueryResult<unknown>>): CardState {
  return {
    pending: queries.some((query) => query.isPending),
    failed: queries.some((query) => query.isError),
    busy: queries.some((query) => query.isFetching && query.isPlaceholderData),
    retrying: queries.some((query) => query.isFetching),
    retry: () => {
      for (const query of queries) if (query.isError) void query.refetch();
    },
  };
}

export function DefaultCardSkeleton() {
  return (
    <Stack gap="xs" aria-hidden="true">
      <Skeleton h={28} w="40%" />
      <Skeleton h={14} w="70%" />
      <Skeleton h={14} w="55%" />
    </Stack>
  );
}

/**
 * The frame every dashboard card of this area is drawn in: a `<section>` named by its heading, a link to the page
 * where its subject lives, and its own three states (a skeleton while it loads, an alert with Retry when it failed,
 * its content dimmed while a new range loads), so that each card loads, fails and retries on its own.
 */
export function DashboardCardFrame({
  title,
  state,
  link,
  skeleton,
  toolbar,
  children,
}: {
  title: string;
  state: CardState;
  link?: CardLink;
  skeleton?: ReactNode;
  toolbar?: ReactNode;
  /** Drawn only once the card's queries have answered. */
  children: () => ReactNode;
}) {
  return (
    <CardSection title={title} link={link} toolbar={toolbar}>
      <CardContent title={title} state={state} skeleton={skeleton}>
        {children}
      </CardContent>
    </CardSection>
  );
}

/** The page the card's subject lives on, and the link's words ('View bookings'). */
export interface CardLink {
  to: string;
  label: string;
}

/**
 * A card's `<section>`, its heading and link, and controls that stay whatever its content does (the chart's view
 * and table switches keep their focus while the figures they chose load).
 */
export function CardSection({ title, link, toolbar, children }: { title: string; link?: CardLink; toolbar?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'sm', sm: 'md' }} h="100%">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {link ? (
            <Anchor component={Link} to={link.to} size="sm">
              {link.label}
            </Anchor>
          ) : null}
        </Group>
        {toolbar}
        {children}
      </Stack>
    </Paper>
  );
}

/** A card's content in its three states; aria-busy while it loads, dimmed too while a new range replaces it. */
export function CardContent({ title, state, skeleton, children }: { title: string; state: CardState; skeleton?: ReactNode; children: () => ReactNode }) {
  const t = useText('dashboard');
  const shared = useText('shared');
  let body: ReactNode;
  if (state.failed && !state.pending) {
    body = <LoadFailedAlert title={t('card.loadFailed', { title })} retryLabel={shared('errors.retry')} onRetry={state.retry} retrying={state.retrying} />;
  } else if (state.pending) {
    body = (
      <>
        <VisuallyHidden>{t('card.loading', { title })}</VisuallyHidden>
        {skeleton ?? <DefaultCardSkeleton />}
      </>
    );
  } else {
    body = children();
  }
  return (
    <div aria-busy={state.pending || state.busy} className={state.busy ? classes.busy : undefined}>
      {body}
    </div>
  );
}
