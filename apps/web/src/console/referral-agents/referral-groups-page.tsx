import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { PageSize } from '@portal/contracts/constants';
import { referralGroupsEndpoint, type ReferralGroupRow } from '@portal/contracts/console-referral-agents';
import { DataTable } from '../../components/data-table/data-table';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { useListEndpoint } from '../../lib/use-list-endpoint';
import { GroupDialog } from './group-dialog';
import { REFERRAL_PATHS } from './referral-paths';

const SEARCH_MAX = 100;

/** /console/referral-groups: every group with its agents and partners counted; create one, rename one. */
export function ReferralGroupsPage() {
  const t = useText('console-referral-agents');
  const format = useFormat();
  const { list, table } = useListEndpoint(referralGroupsEndpoint, {}, { loadFailed: t('groups.loadFailed') });
  const { params } = list;
  // null: a new group; a row: that group; undefined: closed.
  const [editing, setEditing] = useState<ReferralGroupRow | null | undefined>(undefined);

  const headers = useMemo<TableHeader<ReferralGroupRow>[]>(
    () => [
      { text: t('groups.columnName'), value: 'name', sort: true },
      { text: t('groups.columnSlug'), value: 'slug', sort: true, render: (row) => <Code dir="ltr">{row.slug}</Code> },
      {
        text: t('groups.columnAgents'),
        value: 'agents',
        sort: true,
        align: 'right',
        // The group's agents, on the agents page filtered by it.
        render: (row) => (
          <Anchor component={Link} to={`${REFERRAL_PATHS.agents}?group=${row.id}`}>
            {format.number(row.agent_count)}
          </Anchor>
        ),
      },
      { text: t('groups.columnPartners'), value: 'partner_count', align: 'right', render: (row) => format.number(row.partner_count) },
      {
        text: t('groups.columnActions'),
        value: 'actions',
        render: (row) => (
          <Button variant="subtle" size="compact-sm" onClick={() => setEditing(row)} aria-label={t('groups.editLabel', { name: row.name })}>
            {t('groups.edit')}
          </Button>
        ),
      },
    ],
    [t, format],
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} maw={640}>
          <Title order={1} size="h2">
            {t('groups.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('groups.description')}
          </Text>
        </Stack>
        <Button onClick={() => setEditing(null)} leftSection={<IconPlus size={16} aria-hidden="true" />}>
          {t('groups.newGroup')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<ReferralGroupRow>
          caption={t('groups.title')}
          headers={headers}
          {...table}
          emptyText={t('groups.empty')}
          filteredEmptyText={t('groups.filteredEmpty')}
          showHeader
          searchValue={params.search ?? ''}
          onSearch={(search) => list.set({ search: search.slice(0, SEARCH_MAX) })}
          sort={params.sort}
          onSortChange={(sort) => list.set({ sort: (sort || undefined) as typeof params.sort })}
          page={params.page}
          perPage={params.per_page}
          onPageChange={list.setPage}
          onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
          getRowLabel={(row) => row.name}
        />
      </Paper>
      {editing !== undefined ? <GroupDialog key={editing?.id ?? 'new'} group={editing} onClose={() => setEditing(undefined)} /> : null}
    </Stack>
  );
}
