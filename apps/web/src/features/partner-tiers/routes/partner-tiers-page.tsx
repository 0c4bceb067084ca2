import { Alert, Badge, Card, Group, List, Progress, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarEvent, IconCheck, IconLock, IconTrophy } from '@tabler/icons-react';
import type { CriterionProgress, PartnerTier, PartnerTierView, TierCriterion, TierHistoryEntry } from '@portal/contracts/partner-tiers';
import { LoadingPlaceholder } from '../../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useFormat, type Formatter } from '../../../i18n/format';
import type { TranslateFn } from '../../../i18n/catalogue-types';
import { useLocale, useText } from '../../../i18n/i18n';
import { useRateText } from '../../../lib/rate-text';
import { isAffiliate, useAuthStore } from '../../../stores/auth-store';
import { usePartnerTiers, useTierComparison } from '../api/partner-tiers-api';
import type { partnerTiersEn } from '../partner-tiers-messages';
import { TableScroller } from '../../../components/data-table/scroll-region-frame';

type Texts = TranslateFn<typeof partnerTiersEn>;
type Ref = { id: number; name: string; name_ar: string };

/** The benefits as the operator wrote them, one per line. */
function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/**
 * /partner-tiers (spec §2; issue 15, docs/partner-tiers.md): the partner's tier and benefits, a progress bar per
 * criterion of the next tier with the days left in the period, what the next tier would change in its rates (never
 * for affiliates: no rate reaches them), the tiers and what each takes, and the tier's history.
 */
export function PartnerTiersPage() {
  const t = useText('partner-tiers');
  const tiers = usePartnerTiers();

  let body;
  if (tiers.isPending) {
    body = (
      <LoadingPlaceholder label={t('loading')}>
        <Stack gap="md">
          <Skeleton h={140} radius="md" />
          <Skeleton h={180} radius="md" />
        </Stack>
      </LoadingPlaceholder>
    );
  } else if (tiers.isError) {
    body = (
      <LoadFailedAlert title={t('loadFailed')} retryLabel={t('tryAgain')} onRetry={() => void tiers.refetch()} retrying={tiers.isFetching} />
    );
  } else if (tiers.data.tiers.length === 0) {
    body = <Alert variant="light">{t('noTiers')}</Alert>;
  } else {
    body = <TierOverview view={tiers.data} />;
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('intro')}
        </Text>
      </Stack>
      {body}
    </Stack>
  );
}

function TierOverview({ view }: { view: PartnerTierView }) {
  const t = useText('partner-tiers');
  const format = useFormat();
  const locale = useLocale();
  const affiliate = useAuthStore((state) => isAffiliate(state.user));
  const name = (tier: Ref) => (locale === 'ar' ? tier.name_ar : tier.name);
  const current = view.tiers.find((tier) => tier.id === view.current?.id);
  const next = view.tiers.find((tier) => tier.id === view.next?.id);

  return (
    <Stack gap="lg">
      {view.frozen ? (
        <Alert variant="light" color="blue" icon={<IconLock size={18} aria-hidden />} title={t('frozen.title')}>
          {t('frozen.body')}
        </Alert>
      ) : null}
      {view.demotion && view.current ? (
        <Alert variant="light" color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('notice.title', { tier: name(view.demotion.to), date: format.date(view.demotion.effective_at) })}>
          {t('notice.body', { current: name(view.current), date: format.date(view.demotion.effective_at) })}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="current-tier-title">
          <Stack gap="sm">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
                <IconTrophy size={24} />
              </ThemeIcon>
              <Stack gap={0}>
                <Text size="sm" c="dimmed" id="current-tier-title">
                  {t('current.label')}
                </Text>
                <Title order={2} size="h3">
                  {current ? name(current) : '—'}
                </Title>
              </Stack>
            </Group>
            <Text size="sm" c="dimmed">
              {view.since ? t('current.since', { date: format.date(view.since) }) : t('current.notYet')}
            </Text>
            {current ? <Benefits title={t('current.benefits')} text={locale === 'ar' ? current.benefits_ar : current.benefits} empty={t('current.noBenefits')} /> : null}
          </Stack>
        </Card>
        <ProgressCard view={view} next={next} current={current} />
      </SimpleGrid>
      {next ? <NextTierCard next={next} showRates={!affiliate} /> : null}
      <Ladder tiers={view.tiers} currentId={view.current?.id ?? null} />
      <History entries={view.history} />
    </Stack>
  );
}

function Benefits({ title, text, empty }: { title: string; text: string; empty: string }) {
  const items = lines(text);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <List size="sm" spacing={4} icon={<IconCheck size={14} aria-hidden />} center>
          {items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

function criterionValue(criterion: CriterionProgress, t: Texts, format: Formatter): { shown: string; left: string | null } {
  if (criterion.kind === 'completed_bookings') {
    const left = Math.max(0, criterion.target - criterion.achieved);
    return { shown: t('progress.countOf', { achieved: format.number(criterion.achieved), target: format.number(criterion.target) }), left: left > 0 ? t('progress.toGo', { count: left }) : null };
  }
  if (criterion.kind === 'completed_value') {
    const currency = criterion.currency ?? 'USD';
    const left = Math.max(0, criterion.target - criterion.achieved);
    return {
      shown: t('progress.countOf', { achieved: format.moneyMinor(criterion.achieved, currency), target: format.moneyMinor(criterion.target, currency) }),
      left: left > 0 ? t('progress.valueToGo', { amount: format.moneyMinor(left, currency) }) : null,
    };
  }
  return { shown: criterion.met ? t('progress.held') : t('progress.notHeld'), left: null };
}

function ProgressCard({ view, next, current }: { view: PartnerTierView; next: PartnerTier | undefined; current: PartnerTier | undefined }) {
  const t = useText('partner-tiers');
  const format = useFormat();
  const locale = useLocale();
  const name = (tier: Ref) => (locale === 'ar' ? tier.name_ar : tier.name);
  const period = view.period ? t(`periods.${view.period.kind}`) : '';

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tier-progress-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="tier-progress-title">
          {next ? t('progress.title', { tier: name(next) }) : t('ladder.yours')}
        </Title>
        {!next ? (
          <Text size="sm">{t('progress.top', { period: current ? t(`periods.${current.evaluation_period}`) : period })}</Text>
        ) : (
          <>
            {view.period ? (
              <Group gap={6} wrap="nowrap" align="flex-start">
                <IconCalendarEvent size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <Text size="sm" fw={500}>
                  {t('progress.daysLeft', { count: view.period.days_left, period, end: format.date(view.period.ends_on) })}
                </Text>
              </Group>
            ) : null}
            {view.progress.map((criterion) => {
              const value = criterionValue(criterion, t, format);
              const percent = criterion.target > 0 ? Math.min(100, Math.floor((criterion.achieved / criterion.target) * 100)) : 100;
              const label = t(`progress.${criterion.kind}`);
              return (
                <Stack key={criterion.kind} gap={6}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {label}
                    </Text>
                    {criterion.met ? (
                      <Badge color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
                        {t('progress.met')}
                      </Badge>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {value.left ?? t('progress.notMet')}
                      </Text>
                    )}
                  </Group>
                  <Progress value={percent} color={criterion.met ? 'teal' : undefined} size="lg" radius="xl" aria-label={t('progress.barLabel', { criterion: label, percent: format.number(percent) })} />
                  <Text size="sm">{value.shown}</Text>
                  {criterion.kind === 'active_certificate' && criterion.certificate_programme ? (
                    <Text size="xs" c="dimmed">
                      {t('progress.programme', { programme: criterion.certificate_programme })}
                    </Text>
                  ) : null}
                </Stack>
              );
            })}
            {view.exchange_rates_as_of ? (
              <Text size="xs" c="dimmed">
                {t('progress.approximately', { date: format.date(view.exchange_rates_as_of) })}
              </Text>
            ) : null}
            {view.unconverted_bookings > 0 ? (
              <Text size="xs" c="dimmed">
                {t('progress.unconverted', { count: view.unconverted_bookings })}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('progress.rule')}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** What the next tier brings: its benefits and, for partners who see rates, the rates that would differ. */
function NextTierCard({ next, showRates }: { next: PartnerTier; showRates: boolean }) {
  const t = useText('partner-tiers');
  const locale = useLocale();
  const rates = useRateText();
  const comparison = useTierComparison(next.id, showRates);
  const tier = locale === 'ar' ? next.name_ar : next.name;

  let ratesBody = null;
  if (showRates) {
    if (comparison.isPending) {
      ratesBody = (
        <LoadingPlaceholder label={t('compare.loading', { tier })}>
          <Stack gap="xs">
            <Skeleton h={18} w="70%" />
            <Skeleton h={18} w="55%" />
          </Stack>
        </LoadingPlaceholder>
      );
    } else if (comparison.isError) {
      ratesBody = (
        <LoadFailedAlert title={t('compare.loadFailed', { tier })} retryLabel={t('tryAgain')} onRetry={() => void comparison.refetch()} retrying={comparison.isFetching} />
      );
    } else if (comparison.data.changes.length === 0) {
      ratesBody = <Text size="sm">{t('compare.none', { tier })}</Text>;
    } else {
      ratesBody = (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('compare.intro', { tier })}
          </Text>
          <List spacing="xs" listStyleType="none" p={0} m={0}>
            {comparison.data.changes.map((change) => (
              <List.Item key={change.key}>
                <Group gap="xs" justify="space-between" wrap="wrap">
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {rates.scope(change.scope)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('compare.covers', { count: change.rates })}
                    </Text>
                  </Stack>
                  <Text size="sm" fw={600}>
                    {t('compare.fromTo', { from: rates.rate(change.now), to: rates.rate(change.then) })}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        </Stack>
      );
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="next-tier-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="next-tier-title">
          {t('compare.title', { tier })}
        </Title>
        {ratesBody}
        <Benefits title={t('compare.benefits', { tier })} text={locale === 'ar' ? next.benefits_ar : next.benefits} empty={t('current.noBenefits')} />
      </Stack>
    </Card>
  );
}

function criterionText(criterion: TierCriterion, t: Texts, format: Formatter): string {
  if (criterion.kind === 'completed_bookings') return t('ladder.bookings', { count: criterion.threshold_count ?? 0 });
  if (criterion.kind === 'completed_value') return t('ladder.value', { amount: format.moneyMinor(criterion.threshold_minor ?? 0, criterion.currency ?? 'USD') });
  return t('ladder.certificate', { programme: criterion.certificate_programme ?? '' });
}

function Ladder({ tiers, currentId }: { tiers: PartnerTier[]; currentId: number | null }) {
  const t = useText('partner-tiers');
  const format = useFormat();
  const locale = useLocale();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tier-ladder-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="tier-ladder-title">
          {t('ladder.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: Math.min(3, tiers.length) }} spacing="md">
          {tiers.map((tier) => {
            const yours = tier.id === currentId;
            return (
              <Card key={tier.id} withBorder radius="md" padding="md" bg={yours ? 'var(--mantine-primary-color-light)' : undefined} aria-current={yours ? 'true' : undefined}>
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs">
                    <Text fw={700}>{locale === 'ar' ? tier.name_ar : tier.name}</Text>
                    {yours ? <Badge size="sm">{t('ladder.yours')}</Badge> : null}
                  </Group>
                  {tier.criteria.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('ladder.entry')}
                    </Text>
                  ) : (
                    <Stack gap={2}>
                      <Text size="sm" c="dimmed">
                        {t('ladder.each', { period: t(`periods.${tier.evaluation_period}`) })}
                      </Text>
                      <List size="sm" spacing={2}>
                        {tier.criteria.map((criterion) => (
                          <List.Item key={criterion.kind}>{criterionText(criterion, t, format)}</List.Item>
                        ))}
                      </List>
                    </Stack>
                  )}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function History({ entries }: { entries: TierHistoryEntry[] }) {
  const t = useText('partner-tiers');
  const format = useFormat();
  const locale = useLocale();
  const name = (tier: Ref | null) => (tier ? (locale === 'ar' ? tier.name_ar : tier.name) : '');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tier-history-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="tier-history-title">
          {t('history.title')}
        </Title>
        {entries.length === 0 ? (
          <Text size="sm">{t('history.empty')}</Text>
        ) : (
          <TableScroller label={t('history.caption')} minWidth={560}>
            <Table verticalSpacing="xs" striped aria-label={t('history.caption')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('history.date')}</Table.Th>
                  <Table.Th scope="col">{t('history.change')}</Table.Th>
                  <Table.Th scope="col">{t('history.by')}</Table.Th>
                  <Table.Th scope="col">{t('history.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.date(entry.created_at)}</Table.Td>
                    <Table.Td>{t(`history.kinds.${entry.kind}`, { from: name(entry.from), to: name(entry.to), date: format.date(entry.effective_at) })}</Table.Td>
                    <Table.Td>{entry.automatic ? t('history.automatic') : t('history.team')}</Table.Td>
                    <Table.Td>{entry.reason ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroller>
        )}
      </Stack>
    </Card>
  );
}
