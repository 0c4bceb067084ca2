import { Anchor, Badge, Card, Group, NativeSelect, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { formatDurationSeconds } from '@portal/contracts/formatters';
import { learningItemPath, VIDEO_FILTERS, type VideoCard as VideoCardData } from '@portal/contracts/learning';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { PageHeader } from '../../../components/page-header/page-header';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useLearningText } from '../learning-messages';
import { useVideoLibrary } from '../api/learning-api';
import { SearchBox } from '../components/search-box';

/** /videos: continue watching, then a row per category; filter by watched state; search titles and captions. */
export function VideosPage() {
  const t = useLearningText();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const filter = VIDEO_FILTERS.find((value) => value === params.get('filter')) ?? 'all';
  const library = useVideoLibrary({ search: search || undefined, filter });
  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <Stack gap="lg">
      <PageHeader title={t('videos.title')} description={t('videos.description')} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 240px' }}>
          <SearchBox value={search} label={t('common.search')} placeholder={t('resources.searchPlaceholder')} onSearch={(text) => set('search', text || undefined)} />
        </div>
        <NativeSelect
          label={t('videos.filter')}
          value={filter}
          onChange={(event) => set('filter', event.currentTarget.value === 'all' ? undefined : event.currentTarget.value)}
          data={VIDEO_FILTERS.map((value) => ({ value, label: t(`videos.filters.${value}`) }))}
        />
      </Group>
      {library.isPending ? (
        <LoadingPlaceholder label={t('common.loading')}>
          <Skeleton h={200} radius="md" />
        </LoadingPlaceholder>
      ) : library.isError ? (
        <LoadFailedAlert title={t('common.loadFailed')} message={t('common.checkConnection')} retryLabel={t('common.tryAgain')} onRetry={() => void library.refetch()} retrying={library.isFetching} />
      ) : (
        <>
          {library.data.continue_watching.length > 0 && filter === 'all' && !search ? (
            <VideoRow title={t('videos.continueWatching')} id="videos-continue" videos={library.data.continue_watching} />
          ) : null}
          {library.data.sections.length === 0 ? (
            <Text role="status">{search || filter !== 'all' ? t('videos.filteredEmpty') : t('videos.empty')}</Text>
          ) : (
            library.data.sections.map((section) => <VideoRow key={section.id} title={section.title} id={`videos-section-${section.id}`} videos={section.videos} />)
          )}
        </>
      )}
    </Stack>
  );
}

function VideoRow({ title, id, videos }: { title: string; id: string; videos: VideoCardData[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }}>
        {videos.map((video) => (
          <VideoCard key={video.id} video={video} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function VideoCard({ video, current = false }: { video: VideoCardData; current?: boolean }) {
  const t = useLearningText();
  const percent = video.progress ? Math.round(video.progress.coverage * 100) : 0;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-current={current ? 'true' : undefined}>
      <Stack gap={6}>
        <Anchor component={Link} to={learningItemPath(video)} fw={600} lang={video.language} style={{ overflowWrap: 'anywhere' }}>
          {video.title}
        </Anchor>
        <Group gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {formatDurationSeconds(video.duration_seconds)}
          </Text>
          {video.caption_languages.length > 0 ? (
            <Text size="xs" c="dimmed">
              {t('videos.captions', { languages: video.caption_languages.map((language) => t(`videos.languages.${language}`)).join(', ') })}
            </Text>
          ) : null}
          {video.progress?.completed ? (
            <Badge color="teal" variant="light" size="sm" leftSection={<IconCircleCheck size={12} aria-hidden="true" />}>
              {t('videos.watched')}
            </Badge>
          ) : null}
        </Group>
        {video.progress && !video.progress.completed ? <Progress value={percent} size="sm" aria-label={t('videos.progress', { percent })} /> : null}
      </Stack>
    </Card>
  );
}
