import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Group, Image, List, Modal, SimpleGrid, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconRefresh } from '@tabler/icons-react';
import { REFERRAL_QR_PNG_URL, REFERRAL_QR_SVG_URL, type ReferralDetails, type ReferralMemberFigures } from '@portal/contracts/referral-details';
import { formatMonth } from '@portal/contracts/formatters';
import { DEFAULT_LOCALE, type Locale } from '@portal/contracts/preferences';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { useViewerTimeZone } from '../../../i18n/time-zone';
import { downloadFile } from '../../../lib/download';
import { errorMessage, isHttpError } from '../../../lib/http';
import { useNarrowLayout } from '../../../lib/use-narrow-layout';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAuthStore, userCan } from '../../../stores/auth-store';
import { useReferralDetails, useReferralMemberFigures, useRegenerateReferralCode } from '../api/referral-details-api';
import { TableScroller } from '../../../components/data-table/scroll-region-frame';

/** /view-referral-details: the partner's organisation, code, link and QR code, how attribution works, the team's figures. */
export function ReferralDetailsPage() {
  const t = useText('referral-details');
  const shared = useText('shared');
  const details = useReferralDetails();
  const user = useAuthStore((state) => state.user);
  const seesTeam = userCan(user, 'team.read');

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('intro')}</Text>
      </div>
      {details.isPending ? (
        <LoadingPlaceholder label={t('loading')}>
          <Stack gap="md">
            <Skeleton h={96} radius="md" />
            <Skeleton h={280} radius="md" />
          </Stack>
        </LoadingPlaceholder>
      ) : details.isError ? (
        <LoadFailedAlert title={t('loadFailed')} message={shared('errors.checkConnection')} retryLabel={shared('errors.tryAgain')} onRetry={() => void details.refetch()} retrying={details.isFetching} />
      ) : (
        <>
          <OrganisationCard details={details.data} />
          <CodeCard details={details.data} />
          <AttributionCard details={details.data} />
        </>
      )}
      {seesTeam ? <TeamFigures /> : null}
    </Stack>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function OrganisationCard({ details }: { details: ReferralDetails }) {
  const t = useText('referral-details');
  const { agent } = details;
  return (
    <Section title={t('organisation.title')} id="referral-organisation">
      <Group gap="md" wrap="wrap" align="center">
        {agent.logo ? <Image src={agent.logo} alt={t('organisation.logo', { name: agent.name })} h={48} w="auto" maw={160} fit="contain" /> : null}
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <div>
            <Text component="dt" size="xs" tt="uppercase" fw={700} c="dimmed">
              {t('organisation.agent')}
            </Text>
            <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {agent.name}
            </Text>
          </div>
          <div>
            <Text component="dt" size="xs" tt="uppercase" fw={700} c="dimmed">
              {t('organisation.group')}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
              {agent.group.name}
            </Text>
          </div>
        </SimpleGrid>
      </Group>
    </Section>
  );
}

/** Copies `text`, saying "Copied" on the button for a moment; a refused clipboard is a toast. */
function CopyAction({ text, label }: { text: string; label: string }) {
  const t = useText('referral-details');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      notifyError(label, t('code.copyFailed'));
    }
  };
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={copied ? <IconCheck size={14} aria-hidden="true" /> : <IconCopy size={14} aria-hidden="true" />}
        onClick={() => void copy()}
      >
        {label}
      </Button>
      <VisuallyHidden role="status">{copied ? t('code.copied') : ''}</VisuallyHidden>
    </>
  );
}

function CodeCard({ details }: { details: ReferralDetails }) {
  const t = useText('referral-details');
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState<'png' | 'svg' | null>(null);

  const download = async (kind: 'png' | 'svg') => {
    setDownloading(kind);
    try {
      await downloadFile(`${kind === 'png' ? REFERRAL_QR_PNG_URL : REFERRAL_QR_SVG_URL}?download=1`, { fallbackFilename: `referral-${details.code}.${kind}` });
    } catch {
      notifyError(t('code.title'), t('code.downloadFailed'));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Section title={t('code.title')} id="referral-code">
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Stack gap="md" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <div>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed" id="referral-code-label">
              {t('code.code')}
            </Text>
            <Group gap="sm" align="center">
              <Text
                component="output"
                aria-labelledby="referral-code-label"
                ff="monospace"
                fw={700}
                fz={28}
                dir="ltr"
                style={{ letterSpacing: '0.12em' }}
                data-testid="referral-code"
              >
                {details.code}
              </Text>
              <CopyAction text={details.code} label={t('code.copyCode')} />
            </Group>
            <Text size="xs" c="dimmed">
              {t('code.since', { date: format.date(details.code_created_at) })}
            </Text>
          </div>
          <div>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed" id="referral-link-label">
              {t('code.link')}
            </Text>
            <Text component="output" aria-labelledby="referral-link-label" dir="ltr" style={{ overflowWrap: 'anywhere', display: 'block' }}>
              {details.link}
            </Text>
            <Group gap="xs" mt={4}>
              <CopyAction text={details.link} label={t('code.copyLink')} />
            </Group>
          </div>
          {details.previous_codes.length > 0 ? (
            <div>
              <Text size="sm" fw={600} id="referral-previous">
                {t('code.previous')}
              </Text>
              <List size="sm" aria-labelledby="referral-previous">
                {details.previous_codes.map((previous) => (
                  <List.Item key={previous.code}>
                    <bdi>{t('code.previousUntil', { code: previous.code, date: format.date(previous.works_until) })}</bdi>
                  </List.Item>
                ))}
              </List>
            </div>
          ) : null}
          <Group gap="xs">
            <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={() => setConfirming(true)}>
              {t('code.regenerate')}
            </Button>
          </Group>
        </Stack>
        <Stack gap="xs" align="center" style={{ flex: '0 1 240px', marginInline: 'auto' }}>
          <img
            src={`${REFERRAL_QR_SVG_URL}?v=${details.code}`}
            alt={t('code.qrAlt', { link: details.link })}
            width={220}
            height={220}
            style={{ maxWidth: '100%', height: 'auto', background: 'white', borderRadius: 8 }}
          />
          <Group gap="xs" justify="center">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} aria-hidden="true" />}
              loading={downloading === 'png'}
              onClick={() => void download('png')}
              aria-label={t('code.downloadPng')}
            >
              PNG
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} aria-hidden="true" />}
              loading={downloading === 'svg'}
              onClick={() => void download('svg')}
              aria-label={t('code.downloadSvg')}
            >
              SVG
            </Button>
          </Group>
        </Stack>
      </Group>
      <RegenerateDialog details={details} opened={confirming} onClose={() => setConfirming(false)} />
    </Section>
  );
}

function RegenerateDialog({ details, opened, onClose }: { details: ReferralDetails; opened: boolean; onClose: () => void }) {
  const t = useText('referral-details');
  const regenerate = useRegenerateReferralCode();
  const { reset } = regenerate;
  // A failure belongs to the attempt that made it: reopening the dialog starts clean.
  useEffect(() => {
    if (opened) reset();
  }, [opened, reset]);
  const confirm = () =>
    regenerate.mutate(undefined, {
      onSuccess: (next) => {
        onClose();
        notifySuccess(t('regenerate.doneTitle'), t('regenerate.done', { code: next.code }));
      },
    });
  return (
    <Modal opened={opened} onClose={onClose} title={t('regenerate.title')} centered>
      <Stack gap="md">
        <Text size="sm">{t('regenerate.body', { code: details.code, days: details.grace_days })}</Text>
        {regenerate.isError ? (
          <Alert color="red" variant="light" role="alert">
            {/* The daily limit's own words (how many, and when to try again); anything else is the generic failure. */}
            {isHttpError(regenerate.error, 429) ? errorMessage(regenerate.error, t('regenerate.failed')) : t('regenerate.failed')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('regenerate.cancel')}
          </Button>
          <Button onClick={confirm} loading={regenerate.isPending}>
            {t('regenerate.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AttributionCard({ details }: { details: ReferralDetails }) {
  const t = useText('referral-details');
  return (
    <Section title={t('attribution.title')} id="referral-attribution">
      <List spacing="xs" size="sm">
        <List.Item>{t('attribution.yours')}</List.Item>
        <List.Item>{t('attribution.remember', { days: details.remember_days })}</List.Item>
        <List.Item>{t('attribution.twoCodes')}</List.Item>
        <List.Item>{t('attribution.newCode', { days: details.grace_days })}</List.Item>
      </List>
    </Section>
  );
}

/** The member's name, and for a former member (listed for their past referrals) their status: 'Ana Li (Deactivated)'. */
function MemberName({ member }: { member: ReferralMemberFigures['members'][number] }) {
  const t = useText('referral-details');
  if (member.status === 'active') return <>{member.name}</>;
  return (
    <>
      {member.name}{' '}
      <Text span size="sm" c="dimmed" fw={400}>
        ({t(`team.statuses.${member.status}`)})
      </Text>
    </>
  );
}

/**
 * A 'YYYY-MM' the server counted in the viewer's zone, written as that calendar month: 'November-2026'. No instant is
 * involved, so no zone can move it to a neighbouring month (an instant parsed in the device's zone and shown in the
 * saved one could). English: the spec's 'MMMM-Y' from the runtime's own calendar date; others: Intl read in UTC.
 */
export function calendarMonth(value: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return value;
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  if (locale === DEFAULT_LOCALE) return formatMonth(new Date(year, monthIndex, 1));
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, monthIndex, 1)));
}

function TeamFigures() {
  const t = useText('referral-details');
  const shared = useText('shared');
  const format = useFormat();
  // The months are counted in the viewer's zone (saved on the profile, else the device's), which the server is sent.
  const timeZone = useViewerTimeZone();
  const figures = useReferralMemberFigures(timeZone, true);
  const month = (value: string) => calendarMonth(value, format.locale);
  const narrow = useNarrowLayout();

  let body: ReactNode;
  if (figures.isPending) {
    body = <LoadingPlaceholder label={t('team.loading')}><Skeleton h={160} radius="md" /></LoadingPlaceholder>;
  } else if (figures.isError) {
    body = (
      <LoadFailedAlert title={t('team.loadFailed')} retryLabel={shared('errors.tryAgain')} onRetry={() => void figures.refetch()} retrying={figures.isFetching} />
    );
  } else if (figures.data.members.length === 0) {
    body = <Text c="dimmed">{t('team.empty')}</Text>;
  } else if (narrow) {
    // A phone: one card per member instead of a six-column table.
    const months = [
      { key: 'this_month' as const, label: t('team.thisMonth', { month: month(figures.data.this_month) }) },
      { key: 'last_month' as const, label: t('team.lastMonth', { month: month(figures.data.last_month) }) },
    ];
    body = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('team.caption')}>
        {figures.data.members.map((member) => (
          <Card component="li" key={member.user_id} withBorder radius="sm" padding="sm">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text fw={600}>
                <MemberName member={member} />
              </Text>
              <Text size="sm" c="dimmed">
                {t(`team.roles.${member.role}`)}
              </Text>
            </Group>
            <SimpleGrid component="dl" cols={2} spacing="xs" mt="xs" mb={0}>
              {months.map(({ key, label }) => (
                <div key={key}>
                  <Text component="dt" size="xs" fw={700} c="dimmed">
                    {label}
                  </Text>
                  <Text component="dd" m={0} size="sm">
                    {`${t('team.referred')}: ${format.number(member[key].referred)}`}
                  </Text>
                  <Text component="dd" m={0} size="sm">
                    {`${t('team.completed')}: ${format.number(member[key].completed)}`}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Card>
        ))}
      </Stack>
    );
  } else {
    const { members } = figures.data;
    body = (
      <TableScroller label={t('team.caption')} minWidth={520}>
        <Table striped verticalSpacing="xs" aria-label={t('team.caption')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" rowSpan={2}>
                {t('team.member')}
              </Table.Th>
              <Table.Th scope="col" rowSpan={2}>
                {t('team.role')}
              </Table.Th>
              <Table.Th scope="colgroup" colSpan={2} ta="center">
                {t('team.thisMonth', { month: month(figures.data.this_month) })}
              </Table.Th>
              <Table.Th scope="colgroup" colSpan={2} ta="center">
                {t('team.lastMonth', { month: month(figures.data.last_month) })}
              </Table.Th>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="col" ta="end">
                {t('team.referred')}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {t('team.completed')}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {t('team.referred')}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {t('team.completed')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => (
              <Table.Tr key={member.user_id}>
                <Table.Th scope="row" fw={500}>
                  <MemberName member={member} />
                </Table.Th>
                <Table.Td>{t(`team.roles.${member.role}`)}</Table.Td>
                <Table.Td ta="end">{format.number(member.this_month.referred)}</Table.Td>
                <Table.Td ta="end">{format.number(member.this_month.completed)}</Table.Td>
                <Table.Td ta="end">{format.number(member.last_month.referred)}</Table.Td>
                <Table.Td ta="end">{format.number(member.last_month.completed)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroller>
    );
  }

  return (
    <Section title={t('team.title')} id="referral-team">
      <Text size="sm" c="dimmed" mb="sm">
        {t('team.description', { zone: timeZone })}
      </Text>
      {body}
    </Section>
  );
}
