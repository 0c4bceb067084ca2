import { Link } from 'react-router';
import { Anchor, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CONSOLE_OVERVIEW_URL, consoleOverviewSchema, OVERVIEW_ITEMS, OVERVIEW_PERMISSIONS, type OverviewItem } from '@portal/contracts/console-overview';
import { operatorCan } from '@portal/contracts/operator-permissions';
import { LoadingPlaceholder } from '../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../components/query-view/query-view';
import { useFormat } from '../../i18n/format';
import { useAnyText, useText } from '../../i18n/i18n';
import { http } from '../../lib/http';
import { CONSOLE_PATHS } from '../console-paths';
import { navigationFor } from '../layout/console-navigation';
import { useOperator } from '../session/require-operator';

/** Where each count leads: its list, filtered to the same rows the server counted (docs/console-exceptions.md). */
const WAITING_LISTS: Record<OverviewItem, string> = {
  applications: CONSOLE_PATHS.applications,
  feedback: '/feedback?status=new',
  failed_jobs: '/jobs',
  payouts_due: '/payouts?status=draft',
  exceptions: '/exceptions',
};

/** /console: the work waiting that the operator's role may take on, each count a link to its list; then their pages. */
export function HomePage() {
  const t = useText('console');
  const text = useAnyText();
  const operator = useOperator();
  const pages = navigationFor(operator.role).filter((entry) => entry.to !== CONSOLE_PATHS.home);
  const mayCount = OVERVIEW_ITEMS.some((item) => operatorCan(operator.role, OVERVIEW_PERMISSIONS[item]));
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h2">
        {t('home.welcome', { name: operator.name })}
      </Title>
      {mayCount ? <WaitingWork /> : null}
      <Paper withBorder radius="md" p="md" maw={720}>
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

/** The counts of waiting work (one request; the server leaves out what the role may not see). */
function WaitingWork() {
  const t = useText('console');
  const format = useFormat();
  const overview = useQuery({ queryKey: [CONSOLE_OVERVIEW_URL], queryFn: ({ signal }) => http.get(CONSOLE_OVERVIEW_URL, { schema: consoleOverviewSchema, signal }) });
  return (
    <Stack gap="xs" component="section" aria-labelledby="console-waiting-work">
      <Title order={2} size="h4" id="console-waiting-work">
        {t('home.waiting.title')}
      </Title>
      {overview.isPending ? (
        <LoadingPlaceholder label={t('home.waiting.loading')}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} h={88} radius="md" />
            ))}
          </SimpleGrid>
        </LoadingPlaceholder>
      ) : overview.isError ? (
        <LoadFailedAlert title={t('home.waiting.loadFailed')} retryLabel={t('home.waiting.retry')} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {overview.data.waiting.map(({ item, count }) => (
            <Paper key={item} withBorder radius="md" p="md">
              <Anchor component={Link} to={WAITING_LISTS[item]} underline="never" c="inherit">
                <Text size="xl" fw={700} c={count > 0 ? undefined : 'dimmed'}>
                  {format.number(count)}
                </Text>
                <Text size="sm">{t(`home.waiting.items.${item}`)}</Text>
              </Anchor>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
