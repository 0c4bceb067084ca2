import { useEffect } from 'react';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { PageHeader } from '../../../components/page-header/page-header';
import { QueryView } from '../../../components/query-view/query-view';
import { useLearningText } from '../learning-messages';
import { useKnowledgeBase } from '../api/learning-api';
import { ContentBody } from '../components/content-body';
import { HelpfulVote } from '../components/helpful-vote';
import { SearchBox } from '../components/search-box';
import { SearchResults } from '../components/search-results';

/**
 * /knowledge-base: questions and answers by category. A search shows the matching answers with the matches
 * highlighted; when nothing matches, the partner can ask the team with the search text already written.
 */
export function KnowledgeBasePage() {
  const t = useLearningText();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const open = params.get('answer');
  const base = useKnowledgeBase();

  useEffect(() => {
    if (open && base.data) document.getElementById(`answer-${open}`)?.scrollIntoView({ block: 'start' });
  }, [open, base.data]);

  return (
    <Stack gap="lg">
      <PageHeader title={t('knowledge.title')} description={t('knowledge.description')} />
      <SearchBox value={query} label={t('knowledge.searchLabel')} placeholder={t('knowledge.searchPlaceholder')} onSearch={(text) => setParams(text ? { q: text } : {}, { replace: true })} />
      {query ? (
        <SearchResults query={query} kind="knowledge" />
      ) : (
        <QueryView
          query={base}
          failedTitle={t('common.loadFailed')}
          retryLabel={t('common.tryAgain')}
          loading={
            <LoadingPlaceholder label={t('common.loading')}>
              <Skeleton h={240} radius="md" />
            </LoadingPlaceholder>
          }
        >
          {(data) =>
            data.answers.length === 0 ? (
              <Text role="status">{t('knowledge.empty')}</Text>
            ) : (
              <Stack gap="xl">
                {data.sections
                  .filter((section) => section.count > 0)
                  .map((section) => (
                    <Stack key={section.id} gap="sm" component="section" aria-labelledby={`knowledge-section-${section.id}`}>
                      <Group gap="xs">
                        <Title order={2} size="h4" id={`knowledge-section-${section.id}`}>
                          {section.title}
                        </Title>
                        <Badge variant="light">{section.count}</Badge>
                      </Group>
                      {/* Native disclosure: Mantine's Accordion would split its Collapse into a chunk other pages load. */}
                      <Stack gap="xs">
                        {data.answers
                          .filter((answer) => answer.section?.id === section.id)
                          .map((answer) => (
                            <Paper key={answer.id} withBorder radius="md" p="sm" component="details" id={`answer-${answer.id}`} open={open === String(answer.id) || undefined}>
                              <Text component="summary" fw={600} lang={answer.language} style={{ cursor: 'pointer' }}>
                                {answer.title}
                              </Text>
                              <Stack gap="md" mt="sm">
                                {answer.fallback ? (
                                  <Text size="xs" c="dimmed">
                                    {t('common.fallback')}
                                  </Text>
                                ) : null}
                                <ContentBody html={answer.body_html} lang={answer.language} />
                                <HelpfulVote itemId={answer.id} myVote={answer.my_vote} />
                              </Stack>
                            </Paper>
                          ))}
                      </Stack>
                    </Stack>
                  ))}
              </Stack>
            )
          }
        </QueryView>
      )}
    </Stack>
  );
}
