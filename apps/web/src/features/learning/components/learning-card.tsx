import type { ReactNode } from 'react';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { learningItemPath, type LearningCard as Card_ } from '@portal/contracts/learning';
import { useFormat } from '../../../i18n/format';
import { useLearningText } from '../learning-messages';

/**
 * How long an article takes to read ('4 min read'). Not the spec's minutes formatter: reading times are minutes, and
 * that formatter's code would join the chunk the bookings page loads (scripts/bundle-budget.mjs).
 */
export function useReadingTime(): (minutes: number) => string {
  const t = useLearningText();
  return (minutes) => t('common.readingTime', { time: t('common.minutes', { count: minutes }) });
}

/** One item in a list: its kind, title (a link to it), summary and what it is worth knowing before opening it. */
export function LearningCard({ item, showKind = false, children }: { item: Card_; showKind?: boolean; children?: ReactNode }) {
  const t = useLearningText();
  const format = useFormat();
  const readingTime = useReadingTime();
  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          {showKind ? (
            <Badge variant="light" size="sm">
              {t(`kinds.${item.kind}`)}
            </Badge>
          ) : null}
          {item.section ? (
            <Text size="xs" c="dimmed">
              {item.section.title}
            </Text>
          ) : null}
        </Group>
        <Anchor component={Link} to={learningItemPath(item)} fw={600} lang={item.language} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Anchor>
        {item.summary ? (
          <Text size="sm" c="dimmed" lang={item.language} lineClamp={3}>
            {item.summary}
          </Text>
        ) : null}
        {children}
        <Group gap="md" wrap="wrap">
          {item.kind === 'article' ? (
            <Text size="xs" c="dimmed">
              {readingTime(item.reading_minutes)}
            </Text>
          ) : null}
          {item.published_at ? (
            <Text size="xs" c="dimmed">
              {t('common.published', { date: format.date(item.published_at) })}
            </Text>
          ) : null}
          {item.fallback ? (
            <Text size="xs" c="dimmed">
              {t('common.fallback')}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
