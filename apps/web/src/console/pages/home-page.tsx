import { Link } from 'react-router';
import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useAnyText, useText } from '../../i18n/i18n';
import { CONSOLE_PATHS } from '../console-paths';
import { navigationFor } from '../layout/console-navigation';
import { useOperator } from '../session/require-operator';

/** /console: who is signed in, and the pages their role may open. */
export function HomePage() {
  const t = useText('console');
  const text = useAnyText();
  const operator = useOperator();
  const pages = navigationFor(operator.role).filter((entry) => entry.to !== CONSOLE_PATHS.home);
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        {t('home.welcome', { name: operator.name })}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('home.yourPages')}
          </Title>
          {pages.length === 0 ? (
            <Text c="dimmed">{t('home.nothingYet')}</Text>
          ) : (
            <List>
              {pages.map((entry) => (
                <List.Item key={entry.to}>
                  <Anchor component={Link} to={entry.to}>
                    {text(entry.namespace, entry.label)}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
