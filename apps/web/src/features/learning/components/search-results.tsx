import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Badge } from '@mantine/core';
import { Link } from 'react-router';
import { learningItemPath, type LearningKind } from '@portal/contracts/learning';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useLearningText } from '../learning-messages';
import { useLearningSearch } from '../api/learning-api';
import { Snippet } from './content-body';

/**
 * The hits of one search, best first, each with its highlighted passage. In the knowledge base (`kind`), finding
 * nothing offers to ask the team, with the search text already in the message.
 */
export function SearchResults({ query, kind }: { query: string; kind?: LearningKind }) {
  const t = useLearningText();
  const search = useLearningSearch(query, kind);
  if (search.isPending) {
    return (
      <LoadingPlaceholder label={t('common.loading')}>
        <Skeleton h={80} radius="md" />
      </LoadingPlaceholder>
    );
  }
  if (search.isError) {
    return <LoadFailedAlert title={t('common.loadFailed')} message={t('common.checkConnection')} retryLabel={t('common.tryAgain')} onRetry={() => void search.refetch()} retrying={search.isFetching} />;
  }
  const hits = search.data.hits;
  if (hits.length === 0) {
    if (kind !== 'knowledge') return <Text role="status">{t('resources.noResults', { query })}</Text>;
    const message = new URLSearchParams({ from: '/knowledge-base', message: query });
    return (
      <Alert variant="light" title={t('knowledge.nothingFound', { query })} role="status">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('knowledge.askUsHint')}</Text>
          <Button component={Link} to={`/feedback?${message.toString()}`} size="xs">
            {t('knowledge.askUs')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="sm" component="section" aria-label={t(kind === 'knowledge' ? 'knowledge.results' : 'resources.results', { count: hits.length, query })}>
      <Text size="sm" c="dimmed" role="status">
        {t(kind === 'knowledge' ? 'knowledge.results' : 'resources.results', { count: hits.length, query })}
      </Text>
      {hits.map((hit) => (
        <Card key={hit.id} withBorder radius="md" padding="md" component="article">
          <Stack gap={4}>
            <Group gap="xs">
              {kind ? null : (
                <Badge variant="light" size="sm">
                  {t(`kinds.${hit.kind}`)}
                </Badge>
              )}
              {hit.section ? (
                <Text size="xs" c="dimmed">
                  {hit.section.title}
                </Text>
              ) : null}
            </Group>
            <Anchor component={Link} to={learningItemPath(hit)} fw={600} lang={hit.language}>
              {hit.title}
            </Anchor>
            <Text size="sm" lang={hit.language}>
              <Snippet text={hit.snippet} />
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
