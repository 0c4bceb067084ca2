import { Link } from 'react-router';
import { Button, Stack, Text, Title } from '@mantine/core';
import { useText } from '../../i18n/i18n';
import { CONSOLE_PATHS } from '../console-paths';

/** A console page the operator's role cannot open (typed in, or an old link). */
export function ForbiddenPage() {
  const t = useText('console');
  return (
    <Stack gap="sm" maw={560}>
      <Title order={1} size="h2">
        {t('forbidden.title')}
      </Title>
      <Text>{t('forbidden.detail')}</Text>
      <Button component={Link} to={CONSOLE_PATHS.home} variant="light" w="fit-content">
        {t('forbidden.goHome')}
      </Button>
    </Stack>
  );
}
