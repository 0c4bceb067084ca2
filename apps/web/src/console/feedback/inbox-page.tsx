import { useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, Group, NativeSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { PageSize } from '@portal/contracts/constants';
import { FEEDBACK_CATEGORIES, FEEDBACK_SEARCH_MAX_LENGTH, FEEDBACK_STATUSES, type FeedbackCategory, type FeedbackStatus } from '@portal/contracts/feedback';
import { consoleFeedbackEndpoint, type ConsoleFeedbackRow } from '@portal/contracts/console-feedback';
import { DataTable } from '../../components/data-table/data-table';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { useListEndpoint } from '../../lib/use-list-endpoint';
import { useFeedbackOptions } from './feedback-api';
import { feedbackThreadPath } from './feedback-paths';
import { FeedbackStatusBadge } from './feedback-status-badge';

/**
 * /console/feedback: the support inbox on the list kit — every agent's feedback, filtered by status, category,
 * agent and assignee, searched by message, partner or agent, latest activity first; each row leads to its thread.
 */
export function FeedbackInboxPage() {
  const t = useText('console-feedback');
  const format = useFormat();
  const options = useFeedbackOptions();
  const { list, table } = useListEndpoint(consoleFeedbackEndpoint, {}, { loadFailed: t('loadFailed') });
  const { params } = list;

  const headers = useMemo<TableHeader<ConsoleFeedbackRow>[]>(
    () => [
      {
        text: t('columnMessage'),
        value: 'excerpt',
        render: (row) => (
          <Anchor component={Link} to={feedbackThreadPath(row.id)} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {row.excerpt.length > 80 ? `${row.excerpt.slice(0, 79)}…` : row.excerpt}
          </Anchor>
        ),
      },
      { text: t('columnPartner'), value: 'author.name' },
      { text: t('columnAgent'), value: 'referral_agent.name' },
      { text: t('columnCategory'), value: 'category', render: (row) => t(`categories.${row.category}`) },
      { text: t('columnStatus'), value: 'status', render: (row) => <FeedbackStatusBadge status={row.status} /> },
      { text: t('columnAssignee'), value: 'assignee', render: (row) => row.assignee?.name ?? t('unassigned') },
      { text: t('columnUpdated'), value: 'last_message_at', sort: true, render: (row) => `${format.date(row.last_message_at)} ${format.time(row.last_message_at)}` },
    ],
    [t, format],
  );

  const agents = options.data?.agents ?? [];
  const operators = options.data?.operators ?? [];
  const status = params.status as FeedbackStatus | undefined;
  const category = params.category as FeedbackCategory | undefined;
  const agentName = agents.find((agent) => agent.id === params.agent_id)?.name;
  const assigneeName = operators.find((operator) => operator.id === params.assignee_id)?.name;
  const activeFilters = [
    status ? t('statusFilter', { status: t(`statuses.${status}`) }) : null,
    category ? t('categoryFilter', { category: t(`categories.${category}`) }) : null,
    params.agent_id ? t('agentFilter', { agent: agentName ?? `#${params.agent_id}` }) : null,
    params.assignee_id ? t('assigneeFilter', { assignee: assigneeName ?? `#${params.assignee_id}` }) : null,
  ].filter((filter): filter is string => filter !== null);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('description')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<ConsoleFeedbackRow>
          caption={t('title')}
          headers={headers}
          {...table}
          emptyText={t('empty')}
          filteredEmptyText={t('filteredEmpty')}
          activeFilters={activeFilters}
          showHeader
          toolbar={
            <Group gap="xs" wrap="wrap">
              <NativeSelect
                aria-label={t('status')}
                value={status ?? ''}
                onChange={(event) => list.set({ status: (event.currentTarget.value || undefined) as FeedbackStatus | undefined })}
                w={{ base: '100%', xs: 160 }}
              >
                <option value="">{t('allStatuses')}</option>
                {FEEDBACK_STATUSES.map((option) => (
                  <option key={option} value={option}>
                    {t(`statuses.${option}`)}
                  </option>
                ))}
              </NativeSelect>
              <NativeSelect
                aria-label={t('category')}
                value={category ?? ''}
                onChange={(event) => list.set({ category: (event.currentTarget.value || undefined) as FeedbackCategory | undefined })}
                w={{ base: '100%', xs: 180 }}
              >
                <option value="">{t('allCategories')}</option>
                {FEEDBACK_CATEGORIES.map((option) => (
                  <option key={option} value={option}>
                    {t(`categories.${option}`)}
                  </option>
                ))}
              </NativeSelect>
              <Select
                aria-label={t('agent')}
                placeholder={t('allAgents')}
                data={agents.map((agent) => ({ value: String(agent.id), label: `${agent.name} · #${agent.id}` }))}
                value={params.agent_id ? String(params.agent_id) : null}
                onChange={(value) => list.set({ agent_id: value ? Number(value) : undefined })}
                searchable
                clearable
                nothingFoundMessage={t('noneFound')}
                w={{ base: '100%', xs: 220 }}
              />
              <Select
                aria-label={t('assignee')}
                placeholder={t('anyAssignee')}
                data={operators.map((operator) => ({ value: String(operator.id), label: operator.name }))}
                value={params.assignee_id ? String(params.assignee_id) : null}
                onChange={(value) => list.set({ assignee_id: value ? Number(value) : undefined })}
                searchable
                clearable
                nothingFoundMessage={t('noneFound')}
                w={{ base: '100%', xs: 200 }}
              />
            </Group>
          }
          searchValue={params.search ?? ''}
          onSearch={(search) => list.set({ search: search.slice(0, FEEDBACK_SEARCH_MAX_LENGTH) })}
          sort={params.sort}
          onSortChange={(sort) => list.set({ sort: (sort || undefined) as typeof params.sort })}
          page={params.page}
          perPage={params.per_page}
          onPageChange={list.setPage}
          onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
          getRowLabel={(row) => `${row.author.name} · ${row.referral_agent.name}`}
          minWidth={1000}
        />
      </Paper>
    </Stack>
  );
}
