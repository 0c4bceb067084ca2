import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useText } from '../../i18n/i18n';

/** A console page that threw, or whose code could not be loaded (a new release): a reload usually helps. */
export function ConsoleRouteError() {
  const shared = useText('shared');
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Center component="main" id="main-content" mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center" role="alert">
        <Title order={1} size="h2">
          {shared('errors.somethingWentWrong')}
        </Title>
        <Text c="dimmed">{shared('errors.pageNotShown')}</Text>
        <Button onClick={() => window.location.reload()}>{shared('errors.reload')}</Button>
      </Stack>
    </Center>
  );
}
