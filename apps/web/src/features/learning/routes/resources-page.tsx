import { Anchor, Badge, Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArticle, IconBook2, IconHelpCircle, IconPlayerPlay } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { formatDurationSeconds } from '@portal/contracts/formatters';
import { learningItemPath, type LearningHome } from '@portal/contracts/learning';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { PageHeader } from '../../../components/page-header/page-header';
import { QueryView } from '../../../components/query-view/query-view';
import { useLearningText } from '../learning-messages';
import { useLearningHome } from '../api/learning-api';
import { LearningCard } from '../components/learning-card';
import { SearchBox } from '../components/search-box';
import { SearchResults } from '../components/search-results';

/**
 * /resources: the learning home. One search over everything the partner may see; otherwise the continue strip (the
 * video in progress, the article read last), what is new since the previous visit, and the sections with counts.
 */
export function ResourcesPage() {
  const t = useLearningText();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const home = useLearningHome();

  return (
    <Stack gap="lg">
      <PageHeader title={t('resources.title')} description={t('resources.description')} />
      <SearchBox
        value={query}
        label={t('resources.searchLabel')}
        placeholder={t('resources.searchPlaceholder')}
        onSearch={(text) => setParams(text ? { q: text } : {}, { replace: true })}
      />
      {query ? (
        <SearchResults query={query} />
      ) : (
        <QueryView
          query={home}
          failedTitle={t('common.loadFailed')}
          retryLabel={t('common.tryAgain')}
          loading={
            <LoadingPlaceholder label={t('common.loading')}>
              <Skeleton h={120} radius="md" />
            </LoadingPlaceholder>
          }
        >
          {(data) => <Home data={data} />}
        </QueryView>
      )}
    </Stack>
  );
}

function Home({ data }: { data: LearningHome }) {
  const t = useLearningText();
  const { video, article } = data.continue;
  const sections = [
    { key: 'articles', label: t('resources.articles'), to: '/articles', count: data.counts.articles, icon: IconArticle },
    { key: 'videos', label: t('resources.videos'), to: '/videos', count: data.counts.videos, icon: IconPlayerPlay },
    { key: 'knowledge', label: t('resources.knowledge'), to: '/knowledge-base', count: data.counts.knowledge, icon: IconHelpCircle },
  ];
  return (
    <>
      {video || article ? (
        <Stack gap="sm" component="section" aria-labelledby="learning-continue">
          <Title order={2} size="h4" id="learning-continue">
            {t('resources.continueTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {video ? (
              <Card withBorder radius="md" padding="md">
                <Stack gap={6}>
                  <Text size="xs" c="dimmed">
                    {t('resources.continueVideo')}
                  </Text>
                  <Anchor component={Link} to={learningItemPath(video)} fw={600} lang={video.language}>
                    {video.title}
                  </Anchor>
                  <Progress value={Math.round(video.progress.coverage * 100)} aria-label={t('videos.progress', { percent: Math.round(video.progress.coverage * 100) })} />
                  <Text size="xs" c="dimmed">
                    {formatDurationSeconds(video.progress.position_seconds)} / {formatDurationSeconds(video.duration_seconds)}
                  </Text>
                </Stack>
              </Card>
            ) : null}
            {article ? (
              <Card withBorder radius="md" padding="md">
                <Stack gap={6}>
                  <Text size="xs" c="dimmed">
                    {t('resources.continueArticle')}
                  </Text>
                  <Anchor component={Link} to={learningItemPath(article)} fw={600} lang={article.language}>
                    {article.title}
                  </Anchor>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {article.summary}
                  </Text>
                </Stack>
              </Card>
            ) : null}
          </SimpleGrid>
        </Stack>
      ) : null}

      <Stack gap="sm" component="section" aria-labelledby="learning-new">
        <Title order={2} size="h4" id="learning-new">
          {t('resources.newTitle')}
        </Title>
        {data.new_items.length === 0 ? (
          <Text c="dimmed">{t('resources.newEmpty')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {data.new_items.map((item) => (
              <LearningCard key={item.id} item={item} showKind />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="learning-sections">
        <Title order={2} size="h4" id="learning-sections">
          {t('resources.sectionsTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {sections.map((section) => (
            <Card key={section.key} withBorder radius="md" padding="md" component={Link} to={section.to} aria-label={t('resources.open', { section: section.label })}>
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <section.icon size={20} aria-hidden="true" />
                  <Text fw={600}>{section.label}</Text>
                </Group>
                <Badge variant="light">{t('resources.count', { count: section.count })}</Badge>
              </Group>
            </Card>
          ))}
          <Card withBorder radius="md" padding="md" component={Link} to="/handbook">
            <Group gap="xs" wrap="nowrap">
              <IconBook2 size={20} aria-hidden="true" />
              <Text fw={600}>{t('handbook.title')}</Text>
            </Group>
          </Card>
        </SimpleGrid>
      </Stack>
    </>
  );
}
