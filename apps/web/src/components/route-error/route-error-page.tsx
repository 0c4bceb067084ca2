import type { ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useText } from '../../i18n/i18n';

/**
 * What both apps show when a page throws or its code cannot be loaded (typically after a new release replaced the
 * files the open tab still refers to, which a reload fixes): the page's only heading, why, Reload, and the app's own
 * way home when it has one.
 */
export function RouteErrorPage({ home }: { home?: ReactNode }) {
  const t = useText('shared');
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Center component="main" id="main-content" mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center" role="alert">
        <Title order={1} size="h2">
          {t('errors.somethingWentWrong')}
        </Title>
        <Text c="dimmed">{t('errors.pageNotShown')}</Text>
        <Group justify="center" gap="sm">
          <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
          {home}
        </Group>
      </Stack>
    </Center>
  );
}
