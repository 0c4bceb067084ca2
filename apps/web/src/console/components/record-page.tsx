/**
 * The frame of a console page about one record (a partner, a booking, a facility, an agent): the way back to its
 * list, then the record — a progress note while it loads, its page's title and why when it cannot be shown (an
 * unknown or malformed id says "not found"), else what the area renders of it. Also the labelled facts those pages
 * list, as a description list.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { isRightToLeft, useLocale } from '../../i18n/i18n';
import { errorMessage, isHttpError } from '../../lib/http';

/** A link back to a list; its arrow points the way the page reads. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  const Back = isRightToLeft(useLocale()) ? IconArrowRight : IconArrowLeft;
  return (
    <Anchor component={Link} to={to} size="sm" w="fit-content">
      <Group gap={4} wrap="nowrap">
        <Back size={16} aria-hidden="true" />
        {children}
      </Group>
    </Anchor>
  );
}

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
          <Title order={1} size="h2">
            {title}
          </Title>
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
