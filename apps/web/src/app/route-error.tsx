import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useText } from '../i18n/i18n';
import { ROUTES } from '../lib/paths';

/**
 * Shown when a page throws or its code cannot be loaded (typically after a new release replaced the files the
 * open tab still refers to): a reload fixes the latter.
 */
export function RouteError() {
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
          <Button component={Link} to={ROUTES.Dashboard} variant="default" reloadDocument>
            {t('errors.goToDashboard')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
