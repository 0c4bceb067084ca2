/**
 * A query's three states, the same on every page: while it loads, what the caller shows (a spinner with its name, a
 * skeleton of the content); when it failed, an alert that says what could not be loaded with a button to try again;
 * then the data.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';

export function LoadFailedAlert({
  title,
  message,
  retryLabel,
  onRetry,
  retrying,
}: {
  title: string;
  /** What the reader can do about it (check the connection…), above the button. */
  message?: ReactNode;
  retryLabel: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        {message ? <Text size="sm">{message}</Text> : null}
        <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
          {retryLabel}
        </Button>
      </Stack>
    </Alert>
  );
}

export function QueryView<Data>({ query, loading, failedTitle, retryLabel, children }: { query: UseQueryResult<Data>; loading: ReactNode; failedTitle: string; retryLabel: string; children: (data: Data) => ReactNode }) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError) return <LoadFailedAlert title={failedTitle} retryLabel={retryLabel} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <>{children(query.data)}</>;
}
