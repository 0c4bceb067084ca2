/**
 * The frame of a console page about one record (a partner, a booking, a facility, an agent): the way back to its
 * list, then the record — a progress note while it loads, its page's title and why when it cannot be shown (an
 * unknown or malformed id says "not found"), else what the area renders of it. Also the labelled facts those pages
 * list, as a description list.
 */
import type { ReactNode } from 'react';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { BackLink, PageHeader } from '../../components/page-header/page-header';
import { errorMessage, isHttpError } from '../../lib/http';

/** Kept here for the pages that take it from the record frame; it lives in components/page-header. */
export { BackLink };

export interface RecordPageProps<Record> {
  back: { to: string; label: string };
  /** The page's title while the record cannot be shown, and the loading note's name. */
  title: string;
  /** What the page says of its record while it loads. Default: `title`. */
  loadingLabel?: string;
  record: UseQueryResult<Record>;
  notFound: string;
  /** The fallback of a failed load without a message of the server's. */
  loadFailed: string;
  maw: number;
  children: (record: Record) => ReactNode;
}

export function RecordPage<Record>({ back, title, loadingLabel, record, notFound, loadFailed, maw, children }: RecordPageProps<Record>) {
  return (
    <Stack gap="lg" maw={maw}>
      <BackLink to={back.to}>{back.label}</BackLink>
      {record.isPending ? (
        <Group role="status" aria-label={loadingLabel ?? title}>
          <Loader size="sm" aria-hidden="true" />
        </Group>
      ) : record.isError ? (
        <>
          <PageHeader title={title} />
          <Alert color="red" role="alert">
            {isHttpError(record.error, 404) || isHttpError(record.error, 422) ? notFound : errorMessage(record.error, loadFailed)}
          </Alert>
        </>
      ) : (
        children(record.data)
      )}
    </Stack>
  );
}

/** One labelled fact of a record (inside a `<dl>`), with an optional note below its value. */
export function RecordField({ label, children, help }: { label: string; children: ReactNode; help?: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
        {help ? (
          <Text component="span" display="block" size="xs" c="dimmed">
            {help}
          </Text>
        ) : null}
      </Text>
    </div>
  );
}
