import { Link, useNavigate } from 'react-router';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { ROUTES } from '../lib/paths';

/** /broken-page: where every unknown path ends up (spec §2), with two ways back. */
export function BrokenPage() {
  const navigate = useNavigate();
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;
  return (
    <Center component="main" id="main-content" tabIndex={-1} mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">The page you were looking for does not exist, or it has moved.</Text>
        <Group justify="center" gap="sm">
          <Button component={Link} to={ROUTES.Dashboard}>
            Go to dashboard
          </Button>
          {canGoBack ? (
            <Button variant="default" onClick={() => void navigate(-1)}>
              Go back
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Center>
  );
}
