import { useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, Box, Button, Group, Image, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { PageSize } from '@portal/contracts/constants';
import { referralAgentsEndpoint, type ReferralAgentRow } from '@portal/contracts/console-referral-agents';
import { DataTable } from '../../components/data-table/data-table';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { useListEndpoint } from '../../lib/use-list-endpoint';
import { REFERRAL_PATHS } from './referral-paths';
import { useGroupOptions } from './referral-agents-api';

const SEARCH_MAX = 100;

/** /console/referral-agents: every agent with its logo, group and counts; search, a group filter, sort, pages. */
export function ReferralAgentsPage() {
  const t = useText('console-referral-agents');
  const format = useFormat();
  const groups = useGroupOptions();
  const { list, table } = useListEndpoint(referralAgentsEndpoint, {}, { loadFailed: t('agents.loadFailed') });
  const { params } = list;

  const headers = useMemo<TableHeader<ReferralAgentRow>[]>(
    () => [
      {
        text: t('agents.columnLogo'),
        value: 'logo_url',
        render: (row) =>
          row.logo_url ? (
            // The name beside it says whose it is.
            <Image src={row.logo_url} alt="" h={28} maw={96} w="auto" fit="contain" />
          ) : (
            <Text size="xs" c="dimmed">
              {t('agents.noLogo')}
            </Text>
          ),
      },
      {
        text: t('agents.columnName'),
        value: 'name',
        sort: true,
        render: (row) => (
          <Anchor component={Link} to={REFERRAL_PATHS.agent(row.id)}>
            {row.name}
          </Anchor>
        ),
      },
      { text: t('agents.columnGroup'), value: 'group', sort: true, render: (row) => row.group.name },
      { text: t('agents.columnPartners'), value: 'partners', sort: true, align: 'right', render: (row) => format.number(row.partner_count) },
      { text: t('agents.columnBookings'), value: 'booking_count', align: 'right', render: (row) => format.number(row.booking_count) },
      { text: t('agents.columnCreated'), value: 'created_at', sort: true, render: (row) => format.date(row.created_at) },
    ],
    [t, format],
  );

  const groupId = params.group;
  const groupName = groups.data?.find((group) => group.id === groupId)?.name;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} maw={640}>
          <Title order={1} size="h2">
            {t('agents.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('agents.description')}
          </Text>
        </Stack>
        <Button component={Link} to={REFERRAL_PATHS.newAgent} leftSection={<IconPlus size={16} aria-hidden="true" />}>
          {t('agents.newAgent')}
        </Button>
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<ReferralAgentRow>
          caption={t('agents.title')}
          headers={headers}
          {...table}
          emptyText={t('agents.empty')}
          filteredEmptyText={t('agents.filteredEmpty')}
          activeFilters={groupId !== undefined ? [t('agents.groupFilter', { group: groupName ?? `#${groupId}` })] : []}
          showHeader
          toolbar={
            <Box w={{ base: '100%', xs: 220 }}>
              <NativeSelect
                aria-label={t('agents.group')}
                value={groupId !== undefined ? String(groupId) : ''}
                onChange={(event) => list.set({ group: event.currentTarget.value ? Number(event.currentTarget.value) : undefined })}
              >
                <option value="">{t('agents.allGroups')}</option>
                {(groups.data ?? []).map((group) => (
                  <option key={group.id} value={String(group.id)}>
                    {group.name}
                  </option>
                ))}
              </NativeSelect>
            </Box>
          }
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
    </Stack>
  );
}
