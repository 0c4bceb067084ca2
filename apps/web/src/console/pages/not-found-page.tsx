import { Link } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useText } from '../../i18n/i18n';
import { CONSOLE_PATHS } from '../console-paths';

/** Any address under /console that is not a page. */
export function NotFoundPage() {
  const t = useText('console');
  return (
    <Stack gap="sm" maw={560}>
      <Title order={1} size="h2">
        {t('notFound.title')}
      </Title>
      <Text>{t('notFound.detail')}</Text>
      <Button component={Link} to={CONSOLE_PATHS.home} variant="light" w="fit-content">
        {t('forbidden.goHome')}
      </Button>
    </Stack>
  );
}
