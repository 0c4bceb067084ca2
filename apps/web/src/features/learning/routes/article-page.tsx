import { Badge, Box, Grid, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { Article } from '@portal/contracts/learning';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { PageHeader } from '../../../components/page-header/page-header';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useFormat } from '../../../i18n/format';
import { useLearningText } from '../learning-messages';
import { isHttpError } from '../../../lib/http';
import { useArticle } from '../api/learning-api';
import { ContentBody } from '../components/content-body';
import { HelpfulVote } from '../components/helpful-vote';
import { LearningCard, useReadingTime } from '../components/learning-card';
import { NotAvailable } from '../components/not-available';
import { TableOfContents } from '../components/table-of-contents';

/** /article/view/{id}: the article with its table of contents, last review, related articles and the helpful vote. */
export function ArticlePage() {
  const t = useLearningText();
  const id = Number(useParams().id);
  const article = useArticle(Number.isInteger(id) && id > 0 ? id : 0);
  const back = { to: '/articles', label: t('article.back') };
  if (article.isPending) {
    return (
      <LoadingPlaceholder label={t('common.loading')}>
        <Skeleton h={320} radius="md" />
      </LoadingPlaceholder>
    );
  }
  if (article.isError) {
    if (isHttpError(article.error, 404) || isHttpError(article.error, 422)) return <NotAvailable back={back} />;
    return <LoadFailedAlert title={t('common.loadFailed')} message={t('common.checkConnection')} retryLabel={t('common.tryAgain')} onRetry={() => void article.refetch()} retrying={article.isFetching} />;
  }
  return <ArticleView article={article.data} back={back} />;
}

function ArticleView({ article, back }: { article: Article; back: { to: string; label: string } }) {
  const t = useLearningText();
  const format = useFormat();
  const readingTime = useReadingTime();
  return (
    <Stack gap="lg">
      <PageHeader back={back} title={<span lang={article.language}>{article.title}</span>} description={article.summary || undefined}>
        <Group gap="sm" wrap="wrap">
          {article.section ? <Badge variant="light">{article.section.title}</Badge> : null}
          <Text size="sm" c="dimmed">
            {readingTime(article.reading_minutes)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('common.lastReviewed', { date: format.date(article.last_reviewed_at) })}
          </Text>
          {article.fallback ? (
            <Text size="sm" c="dimmed">
              {t('common.fallback')}
            </Text>
          ) : null}
        </Group>
      </PageHeader>
      <Grid gap="xl">
        {article.toc.length > 1 ? (
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <TableOfContents title={t('article.contents')} entries={article.toc} lang={article.language} />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, md: article.toc.length > 1 ? 8 : 12 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            <ContentBody html={article.body_html} lang={article.language} />
            <HelpfulVote itemId={article.id} myVote={article.my_vote} />
          </Stack>
        </Grid.Col>
      </Grid>
      {article.related.length > 0 ? (
        <Box component="section" aria-labelledby="article-related">
          <Title order={2} size="h4" id="article-related" mb="sm">
            {t('article.related')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {article.related.map((item) => (
              <LearningCard key={item.id} item={item} />
            ))}
          </SimpleGrid>
        </Box>
      ) : null}
    </Stack>
  );
}
