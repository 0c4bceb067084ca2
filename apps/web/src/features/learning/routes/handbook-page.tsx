import { Alert, Anchor, Badge, Button, Container, Grid, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { Handbook } from '@portal/contracts/learning';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useFormat } from '../../../i18n/format';
import { useLearningText } from '../learning-messages';
import { errorMessage, isHttpError } from '../../../lib/http';
import { useAuthStore, userCan } from '../../../stores/auth-store';
import { useAcknowledgeHandbook, useHandbook, useHandbookAcknowledgement, useHandbookAcknowledgements } from '../api/learning-api';
import { ContentBody, noPrintClass } from '../components/content-body';
import { TableOfContents } from '../components/table-of-contents';

/**
 * /handbook (public) and /handbook/versions/{n}: the partner handbook in effect or an older version, with its
 * contents, the versions, what changed, and a print view (the browser saves it as PDF). A signed-in partner confirms
 * having read the version in effect; owners and managers see who in their team has not.
 */
export function HandbookPage() {
  const t = useLearningText();
  const requested = Number(useParams().version);
  const version = Number.isInteger(requested) && requested > 0 ? requested : null;
  const handbook = useHandbook(version);

  let content;
  if (handbook.isPending) {
    content = (
      <LoadingPlaceholder label={t('common.loading')}>
        <Skeleton h={400} radius="md" />
      </LoadingPlaceholder>
    );
  } else if (handbook.isError) {
    content = isHttpError(handbook.error, 404) ? (
      <Alert variant="light" color="gray" title={t('handbook.title')}>
        {t('handbook.notFound')}
      </Alert>
    ) : (
      <LoadFailedAlert title={t('common.loadFailed')} message={t('common.checkConnection')} retryLabel={t('common.tryAgain')} onRetry={() => void handbook.refetch()} retrying={handbook.isFetching} />
    );
  } else {
    content = <HandbookView handbook={handbook.data} />;
  }
  return (
    <Container size="lg" py="lg" px={{ base: 'sm', sm: 'md' }}>
      {content}
    </Container>
  );
}

function HandbookView({ handbook }: { handbook: Handbook }) {
  const t = useLearningText();
  const format = useFormat();
  const current = handbook.version === handbook.current_version;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2" lang={handbook.language}>
            {handbook.title}
          </Title>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light">{t('handbook.version', { version: handbook.version })}</Badge>
            {handbook.effective_on ? (
              <Text size="sm" c="dimmed">
                {t('handbook.effective', { date: format.date(handbook.effective_on) })}
              </Text>
            ) : null}
            {handbook.fallback ? (
              <Text size="sm" c="dimmed">
                {t('common.fallback')}
              </Text>
            ) : null}
          </Group>
        </Stack>
        <Button variant="default" onClick={() => window.print()} className={noPrintClass}>
          {t('handbook.print')}
        </Button>
      </Group>
      {current ? null : (
        <Alert variant="light" color="yellow" title={t('handbook.olderVersion', { version: handbook.version })}>
          <Anchor component={Link} to="/handbook">
            {t('handbook.readCurrent')}
          </Anchor>
        </Alert>
      )}
      {current ? <Acknowledgement version={handbook.version} /> : null}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }} className={noPrintClass}>
          <Stack gap="md">
            {handbook.toc.length > 0 ? <TableOfContents title={t('handbook.contents')} entries={handbook.toc} lang={handbook.language} /> : null}
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="handbook-versions">
              <Title order={2} size="h5" id="handbook-versions" mb="xs">
                {t('handbook.versions')}
              </Title>
              <List spacing={4} size="sm" listStyleType="none" p={0}>
                {handbook.versions.map((entry) => (
                  <List.Item key={entry.version}>
                    <Anchor component={Link} to={entry.version === handbook.current_version ? '/handbook' : `/handbook/versions/${entry.version}`} aria-current={entry.version === handbook.version ? 'page' : undefined} fw={entry.version === handbook.version ? 700 : undefined}>
                      {t('handbook.version', { version: entry.version })}
                    </Anchor>
                    {entry.effective_on ? ` · ${format.date(entry.effective_on)}` : ''}
                    {entry.change_note ? (
                      <Text size="xs" c="dimmed">
                        {entry.change_note}
                      </Text>
                    ) : null}
                  </List.Item>
                ))}
              </List>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="handbook-changes" className={noPrintClass}>
              <Title order={2} size="h5" id="handbook-changes" mb="xs">
                {t('handbook.changes')}
              </Title>
              {handbook.changes.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('handbook.noChanges')}
                </Text>
              ) : (
                <List size="sm" spacing={4}>
                  {handbook.changes.map((change) => (
                    <List.Item key={`${change.kind}-${change.section}`}>
                      <Badge size="xs" variant="light" color={change.kind === 'removed' ? 'red' : change.kind === 'added' ? 'teal' : 'blue'} me={6}>
                        {t(`handbook.change.${change.kind}`)}
                      </Badge>
                      {change.anchor ? <Anchor href={`#${change.anchor}`}>{change.section}</Anchor> : change.section}
                    </List.Item>
                  ))}
                </List>
              )}
            </Paper>
            <ContentBody html={handbook.body_html} lang={handbook.language} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** A signed-in partner's confirmation of the version in effect, and for owners and managers their team's. */
function Acknowledgement({ version }: { version: number }) {
  const t = useLearningText();
  const format = useFormat();
  const user = useAuthStore((state) => state.user);
  const signedIn = user !== null;
  const mine = useHandbookAcknowledgement(signedIn);
  const acknowledge = useAcknowledgeHandbook();
  const team = useHandbookAcknowledgements(signedIn && userCan(user, 'team.read'));
  if (!signedIn || !mine.data) return null;
  const pending = team.data?.members.filter((member) => member.acknowledged_at === null) ?? [];
  return (
    <Stack gap="sm" className={noPrintClass}>
      {mine.data.acknowledged_at ? (
        <Text size="sm" c="teal" role="status">
          {t('handbook.acknowledged', { date: format.date(mine.data.acknowledged_at) })}
        </Text>
      ) : (
        <Alert variant="light" title={t('handbook.acknowledgeTitle')}>
          <Stack gap="xs" align="flex-start">
            <Button size="xs" onClick={() => acknowledge.mutate(version)} loading={acknowledge.isPending}>
              {t('handbook.acknowledge')}
            </Button>
            {acknowledge.isError ? (
              <Text size="sm" c="red" role="alert">
                {isHttpError(acknowledge.error, 409) ? t('handbook.newerVersion') : errorMessage(acknowledge.error, t('handbook.acknowledgeFailed'))}
              </Text>
            ) : null}
          </Stack>
        </Alert>
      )}
      {team.data ? (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="handbook-team">
          <Title order={2} size="h5" id="handbook-team" mb="xs">
            {t('handbook.membersTitle')}
          </Title>
          <Text size="sm" mb="xs">
            {t('handbook.membersPending', { count: pending.length })}
          </Text>
          <List size="sm" spacing={2}>
            {team.data.members.map((member) => (
              <List.Item key={member.user_id}>
                {member.name} ·{' '}
                <Text span size="sm" c={member.acknowledged_at ? 'teal' : 'dimmed'}>
                  {member.acknowledged_at ? t('handbook.memberConfirmed', { date: format.date(member.acknowledged_at) }) : t('handbook.memberPending')}
                </Text>
              </List.Item>
            ))}
          </List>
        </Paper>
      ) : null}
    </Stack>
  );
}
