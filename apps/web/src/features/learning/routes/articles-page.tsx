import { Anchor, Button, Group, NativeSelect, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ARTICLE_SORTS } from '@portal/contracts/learning';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { PageHeader } from '../../../components/page-header/page-header';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useLearningText } from '../learning-messages';
import { useArticles, useLearningSections } from '../api/learning-api';
import { LearningCard } from '../components/learning-card';
import { SearchBox } from '../components/search-box';

/** /articles: by section, searched (full text), newest or most helpful first, ten a page; every choice in the URL. */
export function ArticlesPage() {
  const t = useLearningText();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const section = Number(params.get('section')) || undefined;
  const sort = ARTICLE_SORTS.find((value) => value === params.get('sort')) ?? 'newest';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sections = useLearningSections('article');
  const articles = useArticles({ search: search || undefined, section, sort, page });

  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="lg">
      <PageHeader title={t('articles.title')} description={t('articles.description')} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 240px' }}>
          <SearchBox value={search} label={t('common.search')} placeholder={t('resources.searchPlaceholder')} onSearch={(text) => set({ search: text || undefined })} />
        </div>
        <NativeSelect
          label={t('articles.sectionFilter')}
          value={section ? String(section) : ''}
          onChange={(event) => set({ section: event.currentTarget.value || undefined })}
          data={[{ value: '', label: t('articles.allSections') }, ...(sections.data?.sections ?? []).map((entry) => ({ value: String(entry.id), label: `${entry.title} (${entry.count})` }))]}
        />
        <NativeSelect
          label={t('articles.sort')}
          value={sort}
          onChange={(event) => set({ sort: event.currentTarget.value === 'newest' ? undefined : event.currentTarget.value })}
          data={ARTICLE_SORTS.map((value) => ({ value, label: t(`articles.${value}`) }))}
        />
      </Group>
      {articles.isPending ? (
        <LoadingPlaceholder label={t('common.loading')}>
          <Skeleton h={160} radius="md" />
        </LoadingPlaceholder>
      ) : articles.isError ? (
        <LoadFailedAlert title={t('common.loadFailed')} message={t('common.checkConnection')} retryLabel={t('common.tryAgain')} onRetry={() => void articles.refetch()} retrying={articles.isFetching} />
      ) : articles.data.data.length === 0 ? (
        <Stack gap="xs">
          <Text role="status">{search || section ? t('articles.filteredEmpty') : t('articles.empty')}</Text>
          {search ? (
            <Anchor component={Link} to={`/knowledge-base?q=${encodeURIComponent(search)}`} size="sm">
              {t('articles.searchKnowledge')}
            </Anchor>
          ) : null}
        </Stack>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy={articles.isFetching}>
            {articles.data.data.map((item) => (
              <LearningCard key={item.id} item={item}>
                {item.helpful_count > 0 ? (
                  <Text size="xs" c="dimmed">
                    {t('articles.helpfulCount', { count: item.helpful_count })}
                  </Text>
                ) : null}
              </LearningCard>
            ))}
          </SimpleGrid>
          {articles.data.last_page > 1 ? (
            // Previous and next only: Mantine's Pagination would be split into a chunk the bookings page loads too.
            <Group gap="sm" component="nav" aria-label={t('common.page', { page: articles.data.current_page })}>
              <Button variant="default" size="xs" disabled={articles.data.current_page <= 1} onClick={() => set({ page: String(articles.data.current_page - 1) })}>
                {t('common.previous')}
              </Button>
              <Text size="sm">{t('common.pageOf', { page: articles.data.current_page, pages: articles.data.last_page })}</Text>
              <Button variant="default" size="xs" disabled={articles.data.current_page >= articles.data.last_page} onClick={() => set({ page: String(articles.data.current_page + 1) })}>
                {t('common.next')}
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
