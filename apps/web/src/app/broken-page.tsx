import { Link, useNavigate } from 'react-router';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useText } from '../i18n/i18n';
import { ROUTES } from '../lib/paths';

/** /broken-page: where every unknown path ends up (spec §2), with two ways back. */
export function BrokenPage() {
  const t = useText('shared');
  const navigate = useNavigate();
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;
  return (
    <Center component="main" id="main-content" tabIndex={-1} mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} size="h2">
          {t('errors.pageNotFound')}
        </Title>
        <Text c="dimmed">{t('errors.pageNotFoundDetail')}</Text>
        <Group justify="center" gap="sm">
          <Button component={Link} to={ROUTES.Dashboard}>
            {t('errors.goToDashboard')}
          </Button>
          {canGoBack ? (
            <Button variant="default" onClick={() => void navigate(-1)}>
              {t('errors.goBack')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Center>
  );
}
