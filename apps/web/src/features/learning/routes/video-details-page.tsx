import { useEffect, useRef, useState } from 'react';
import { Box, Grid, Group, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useLocation, useNavigate, useParams } from 'react-router';
import { formatDurationSeconds } from '@portal/contracts/formatters';
import { learningItemPath, slugOf, type ContentLanguage, type Video } from '@portal/contracts/learning';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { PageHeader } from '../../../components/page-header/page-header';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useLocale } from '../../../i18n/i18n';
import { useLearningText } from '../learning-messages';
import { isHttpError } from '../../../lib/http';
import { useVideo, useVideoLibrary, useVideoStart } from '../api/learning-api';
import { ContentBody } from '../components/content-body';
import { NotAvailable } from '../components/not-available';
import { useWatchTracker } from '../components/use-watch-tracker';
import { VideoCard } from './videos-page';

/**
 * /videos-details/{section}/{title}/{cid}/{vid?}: the player. Without `vid`, the category's video in progress or
 * its first not watched; a stale section or title in the URL is replaced by the video's own (ids decide).
 */
export function VideoDetailsPage() {
  const t = useLearningText();
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const categoryId = Number(params.cid);
  const videoId = params.vid ? Number(params.vid) : null;
  const validCategory = Number.isInteger(categoryId) && categoryId > 0;
  const start = useVideoStart(validCategory ? categoryId : 0, validCategory && videoId === null);
  const video = useVideo(videoId !== null && Number.isInteger(videoId) && videoId > 0 ? videoId : null);
  const back = { to: '/videos', label: t('video.back') };

  useEffect(() => {
    if (!start.data) return;
    const { id, title, section } = start.data;
    navigate(`/videos-details/${section.slug}/${slugOf(title)}/${section.id}/${id}`, { replace: true });
  }, [start.data, navigate]);

  useEffect(() => {
    if (!video.data) return;
    const canonical = learningItemPath(video.data);
    if (decodeURIComponent(location.pathname) !== canonical) navigate(canonical, { replace: true });
  }, [video.data, location.pathname, navigate]);

  const failed = videoId === null ? start.error : video.error;
  if (!validCategory || (failed && (isHttpError(failed, 404) || isHttpError(failed, 422)))) return <NotAvailable back={back} />;
  if (failed) {
    const retry = () => void (videoId === null ? start.refetch() : video.refetch());
    return <LoadFailedAlert title={t('common.loadFailed')} message={t('common.checkConnection')} retryLabel={t('common.tryAgain')} onRetry={retry} retrying={start.isFetching || video.isFetching} />;
  }
  if (!video.data) {
    return (
      <LoadingPlaceholder label={t('common.loading')}>
        <Skeleton h={360} radius="md" />
      </LoadingPlaceholder>
    );
  }
  return <Player key={video.data.id} video={video.data} back={back} />;
}

function Player({ video, back }: { video: Video; back: { to: string; label: string } }) {
  const t = useLearningText();
  const locale = useLocale();
  const [element, setElement] = useState<HTMLVideoElement | null>(null);
  const [time, setTime] = useState(0);
  const [resumed, setResumed] = useState(false);
  useWatchTracker(element, video.id);
  const languages = video.transcripts.map((transcript) => transcript.language);
  const [transcriptLanguage, setTranscriptLanguage] = useState<ContentLanguage | undefined>(languages.includes(locale) ? locale : languages[0]);

  return (
    <Stack gap="lg">
      <PageHeader back={back} title={<span lang={video.language}>{video.title}</span>} description={video.summary || undefined}>
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {formatDurationSeconds(video.duration_seconds)}
          </Text>
          {video.section ? (
            <Text size="sm" c="dimmed">
              {video.section.title}
            </Text>
          ) : null}
          {video.progress?.completed ? (
            <Text size="sm" c="teal">
              {t('video.complete')}
            </Text>
          ) : null}
          {video.fallback ? (
            <Text size="sm" c="dimmed">
              {t('common.fallback')}
            </Text>
          ) : null}
        </Group>
      </PageHeader>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            <Box bg="black" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
              <video
                ref={setElement}
                controls
                preload="metadata"
                playsInline
                src={video.file_url}
                aria-label={video.title}
                style={{ display: 'block', width: '100%', maxHeight: '70vh' }}
                onLoadedMetadata={(event) => {
                  if (video.resume_at_seconds > 0 && !resumed) {
                    event.currentTarget.currentTime = video.resume_at_seconds;
                    setResumed(true);
                  }
                }}
                onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
              >
                {video.captions.map((caption) => (
                  <track key={caption.language} kind="captions" src={caption.url} srcLang={caption.language} label={t(`videos.languages.${caption.language}`)} default={caption.language === transcriptLanguage} />
                ))}
              </video>
            </Box>
            {resumed ? (
              <Text size="sm" c="dimmed" role="status">
                {t('video.resumed')}
              </Text>
            ) : null}
            {video.body_html ? <ContentBody html={video.body_html} lang={video.language} /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Transcript video={video} language={transcriptLanguage} onLanguage={setTranscriptLanguage} time={time} onSeek={(seconds) => {
            if (!element) return;
            element.currentTime = seconds;
            void element.play().catch(() => undefined);
          }} />
        </Grid.Col>
      </Grid>
      <MoreInCategory video={video} />
    </Stack>
  );
}

function Transcript({ video, language, onLanguage, time, onSeek }: { video: Video; language: ContentLanguage | undefined; onLanguage: (language: ContentLanguage) => void; time: number; onSeek: (seconds: number) => void }) {
  const t = useLearningText();
  const list = useRef<HTMLDivElement>(null);
  const transcript = video.transcripts.find((entry) => entry.language === language);
  const active = transcript ? transcript.cues.findIndex((cue) => time >= cue.start && time < cue.end) : -1;

  useEffect(() => {
    const container = list.current;
    const item = active >= 0 ? container?.children[active] : null;
    if (!container || !(item instanceof HTMLElement)) return;
    // Scrolls the panel only, never the page, so the player stays where the partner put it.
    container.scrollTop = item.offsetTop - container.offsetTop - container.clientHeight / 3;
  }, [active]);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="video-transcript">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h5" id="video-transcript">
          {t('video.transcript')}
        </Title>
        {video.transcripts.length > 1 && language ? (
          <NativeSelect
            size="xs"
            aria-label={t('video.transcriptLanguage')}
            value={language}
            onChange={(event) => onLanguage(event.currentTarget.value as ContentLanguage)}
            data={video.transcripts.map((entry) => ({ value: entry.language, label: t(`videos.languages.${entry.language}`) }))}
          />
        ) : null}
      </Group>
      {transcript ? (
        <Stack component="ol" ref={list} gap={2} m={0} p={0} lang={transcript.language} dir={transcript.language === 'ar' ? 'rtl' : 'ltr'} style={{ listStyle: 'none', maxHeight: 360, overflowY: 'auto', position: 'relative' }}>
          {transcript.cues.map((cue, index) => (
            <li key={`${cue.start}-${index}`}>
              <UnstyledButton
                onClick={() => onSeek(cue.start)}
                aria-current={index === active ? 'true' : undefined}
                aria-label={`${t('video.seekTo', { time: formatDurationSeconds(cue.start) })}: ${cue.text}`}
                p={6}
                w="100%"
                style={{ borderRadius: 'var(--mantine-radius-sm)', background: index === active ? 'var(--mantine-primary-color-light)' : undefined }}
              >
                <Text size="xs" c="dimmed" component="span" me={6}>
                  {formatDurationSeconds(cue.start)}
                </Text>
                <Text size="sm" component="span" fw={index === active ? 600 : undefined}>
                  {cue.text}
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('video.noTranscript')}
        </Text>
      )}
    </Paper>
  );
}

function MoreInCategory({ video }: { video: Video }) {
  const t = useLearningText();
  const library = useVideoLibrary({ filter: 'all' });
  const section = library.data?.sections.find((entry) => entry.id === video.section?.id);
  const others = section?.videos.filter((entry) => entry.id !== video.id) ?? [];
  if (!section || others.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="video-more">
      <Title order={2} size="h4" id="video-more">
        {t('video.inCategory', { section: section.title })}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {others.map((entry) => (
          <VideoCard key={entry.id} video={entry} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
