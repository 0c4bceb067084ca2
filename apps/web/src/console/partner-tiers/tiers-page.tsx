import { useMemo, useState } from 'react';
import { Badge, Button, Card, Group, List, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import { operatorCan } from '@portal/contracts/operator-permissions';
import { type TierCriterion } from '@portal/contracts/partner-tiers';
import { consoleAgentTiersEndpoint, type ConsoleAgentTierRow, type ConsoleAgentTiersQuery, type ConsoleTier } from '@portal/contracts/console-partner-tiers';
import { DataTable } from '../../components/data-table/data-table';
import { listControls } from '../../components/list-page/list-page';
import { PageHeader } from '../../components/page-header/page-header';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { LoadFailedAlert } from '../../components/query-view/query-view';
import { useFormat, type Formatter } from '../../i18n/format';
import type { TranslateFn } from '../../i18n/catalogue-types';
import { useText } from '../../i18n/i18n';
import { useListEndpoint } from '../../lib/use-list-endpoint';
import { useOperator } from '../session/require-operator';
import { ChangeTierDialog, FreezeTierDialog } from './agent-tier-dialogs';
import type { partnerTiersConsoleEn } from './partner-tiers-messages';
import { TierDialog } from './tier-dialog';
import { useTiers } from './tiers-api';

type Texts = TranslateFn<typeof partnerTiersConsoleEn>;

function criterionText(criterion: TierCriterion, t: Texts, format: Formatter): string {
  if (criterion.kind === 'completed_bookings') return t('criteria.bookings', { count: criterion.threshold_count ?? 0 });
  if (criterion.kind === 'completed_value') {
    return t('criteria.value', { amount: format.moneyMinor(criterion.threshold_minor ?? 0, criterion.currency ?? 'USD') });
  }
  return t('criteria.certificate', { programme: criterion.certificate_programme ?? '' });
}

/**
 * /console/partner-tiers (issue 15; docs/partner-tiers.md): the tiers with their criteria and how many agents hold
 * each (terms.manage edits them and adds one above), and every agent's tier, with an operator's hand on it: change
 * it or freeze it, with a reason the partner reads in their history.
 */
export function TiersPage() {
  const t = useText('console-partner-tiers');
  const format = useFormat();
  const operator = useOperator();
  const mayManage = operatorCan(operator.role, 'terms.manage');
  const tiers = useTiers();
  const { list, table } = useListEndpoint(consoleAgentTiersEndpoint, {}, { loadFailed: t('agentsLoadFailed') });
  const { params } = list;
  const [editing, setEditing] = useState<{ tier: ConsoleTier | null } | null>(null);
  const [changing, setChanging] = useState<ConsoleAgentTierRow | null>(null);
  const [freezing, setFreezing] = useState<ConsoleAgentTierRow | null>(null);
  const tierList = tiers.data?.tiers ?? [];

  const headers = useMemo<TableHeader<ConsoleAgentTierRow>[]>(
    () => [
      { text: t('columns.agent'), value: 'name', sort: true, render: (row) => <Text size="sm" fw={500}>{row.name}</Text> },
      { text: t('columns.tier'), value: 'tier', sort: true, render: (row) => (row.tier ? <Badge variant="light">{row.tier.name}</Badge> : <Text size="sm" c="dimmed">{t('noTierYet')}</Text>) },
      { text: t('columns.since'), value: 'since', render: (row) => (row.since ? format.date(row.since) : '—') },
      {
        text: t('columns.state'),
        value: 'state',
        render: (row) => (
          <Group gap={4} wrap="wrap">
            {row.frozen ? (
              <Badge color="blue" variant="light" leftSection={<IconLock size={12} aria-hidden />} title={row.frozen_reason ?? undefined}>
                {t('frozen')}
              </Badge>
            ) : null}
            {row.demotion ? (
              <Badge color="orange" variant="light">
                {t('notice', { tier: row.demotion.to.name, date: format.date(row.demotion.effective_at) })}
              </Badge>
            ) : null}
            {!row.frozen && !row.demotion ? <Text size="sm" c="dimmed">{t('evaluating')}</Text> : null}
          </Group>
        ),
      },
      { text: t('columns.evaluated'), value: 'evaluated_at', render: (row) => (row.evaluated_at ? format.relative(row.evaluated_at) : '—') },
      ...(mayManage
        ? [
            {
              text: t('columns.actions'),
              value: 'actions',
              render: (row: ConsoleAgentTierRow) => (
                <Group gap={6} wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => setChanging(row)} aria-label={t('changeTierNamed', { name: row.name })} disabled={tierList.length < 2 && row.tier !== null}>
                    {t('changeTier')}
                  </Button>
                  {row.tier ? (
                    <Button size="xs" variant="subtle" onClick={() => setFreezing(row)} aria-label={row.frozen ? t('unfreezeNamed', { name: row.name }) : t('freezeNamed', { name: row.name })}>
                      {row.frozen ? t('unfreeze') : t('freeze')}
                    </Button>
                  ) : null}
                </Group>
              ),
            },
          ]
        : []),
    ],
    [t, format, mayManage, tierList.length],
  );

  let tiersBody;
  if (tiers.isPending) {
    tiersBody = (
      <SimpleGrid cols={{ base: 1, sm: 3 }} aria-busy="true">
        <Skeleton h={120} radius="md" />
        <Skeleton h={120} radius="md" />
        <Skeleton h={120} radius="md" />
      </SimpleGrid>
    );
  } else if (tiers.isError) {
    tiersBody = (
      <LoadFailedAlert title={t('tiersLoadFailed')} retryLabel={t('retry')} onRetry={() => void tiers.refetch()} retrying={tiers.isFetching} />
    );
  } else if (tierList.length === 0) {
    tiersBody = <Text size="sm">{t('noTiers')}</Text>;
  } else {
    tiersBody = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(4, tierList.length) }}>
        {tierList.map((tier, index) => (
          <Card key={tier.id} withBorder radius="md" padding="md" component="article" aria-label={tier.name}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={700}>{tier.name}</Text>
                <Badge variant="light" color="gray">
                  {t('agents', { count: tier.agents })}
                </Badge>
              </Group>
              {index === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('entry')}
                </Text>
              ) : (
                <Stack gap={2}>
                  <Text size="sm" c="dimmed">
                    {t('each', { period: t(`periods.${tier.evaluation_period}`) })}
                  </Text>
                  <List size="sm" spacing={2}>
                    {tier.criteria.map((criterion) => (
                      <List.Item key={criterion.kind}>{criterionText(criterion, t, format)}</List.Item>
                    ))}
                  </List>
                </Stack>
              )}
              {mayManage ? (
                <Button size="xs" variant="light" w="fit-content" onClick={() => setEditing({ tier })} aria-label={t('editNamed', { name: tier.name })}>
                  {t('edit')}
                </Button>
              ) : null}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} description={t('description')} maw={760} />
      <Stack gap="sm" component="section" aria-labelledby="tiers-title">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="tiers-title">
            {t('tiersTitle')}
          </Title>
          {mayManage && !tiers.isPending && !tiers.isError ? (
            <Button size="sm" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ tier: null })}>
              {t('addTier')}
            </Button>
          ) : null}
        </Group>
        {tiersBody}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="agent-tiers-title">
        <Title order={2} size="h4" id="agent-tiers-title">
          {t('agentsTitle')}
        </Title>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <DataTable<ConsoleAgentTierRow>
            caption={t('agentsTitle')}
            headers={headers}
            {...table}
            emptyText={t('agentsEmpty')}
            filteredEmptyText={t('agentsFilteredEmpty')}
            showHeader
            toolbar={
              <Group gap="xs" wrap="wrap">
                <NativeSelect
                  aria-label={t('tierFilter')}
                  value={params.tier_id !== undefined ? String(params.tier_id) : ''}
                  onChange={(event) => list.set({ tier_id: event.currentTarget.value ? Number(event.currentTarget.value) : undefined })}
                  w={{ base: '100%', xs: 180 }}
                  data={[{ value: '', label: t('allTiers') }, ...tierList.map((tier) => ({ value: String(tier.id), label: tier.name }))]}
                />
                <NativeSelect
                  aria-label={t('stateFilter')}
                  value={params.state ?? ''}
                  onChange={(event) => list.set({ state: (event.currentTarget.value || undefined) as ConsoleAgentTiersQuery['state'] })}
                  w={{ base: '100%', xs: 180 }}
                  data={[{ value: '', label: t('anyState') }, { value: 'frozen', label: t('states.frozen') }, { value: 'notice', label: t('states.notice') }]}
                />
              </Group>
            }
            {...listControls(list, { search: { max: 100 } })}
            getRowLabel={(row) => row.name}
            minWidth={960}
          />
        </Paper>
      </Stack>
      {editing ? <TierDialog tier={editing.tier} entry={editing.tier !== null && editing.tier.id === tierList[0]?.id} onClose={() => setEditing(null)} /> : null}
      {changing ? <ChangeTierDialog agent={changing} tiers={tierList} onClose={() => setChanging(null)} /> : null}
      {freezing ? <FreezeTierDialog agent={freezing} onClose={() => setFreezing(null)} /> : null}
    </Stack>
  );
}
