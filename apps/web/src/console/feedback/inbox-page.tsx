import { useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { FEEDBACK_CATEGORIES, FEEDBACK_SEARCH_MAX_LENGTH, FEEDBACK_STATUSES } from '@portal/contracts/feedback';
import { consoleFeedbackEndpoint, type ConsoleFeedbackRow } from '@portal/contracts/console-feedback';
import { entityFilter, enumFilter, enumOptions, ListPage } from '../../components/list-page/list-page';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
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
  return (
    <ListPage
      endpoint={consoleFeedbackEndpoint}
      title={t('title')}
      description={t('description')}
      texts={{ empty: t('empty'), filteredEmpty: t('filteredEmpty'), loadFailed: t('loadFailed') }}
      headers={headers}
      search={{ max: FEEDBACK_SEARCH_MAX_LENGTH }}
      filters={[
        enumFilter('status', { label: t('status'), all: t('allStatuses'), options: enumOptions(FEEDBACK_STATUSES, (status) => t(`statuses.${status}`)), active: (status) => t('statusFilter', { status }), width: 160 }),
        enumFilter('category', { label: t('category'), all: t('allCategories'), options: enumOptions(FEEDBACK_CATEGORIES, (category) => t(`categories.${category}`)), active: (category) => t('categoryFilter', { category }) }),
        entityFilter('agent_id', {
          label: t('agent'),
          placeholder: t('allAgents'),
          nothingFound: t('noneFound'),
          options: agents.map((agent) => ({ value: agent.id, label: `${agent.name} · #${agent.id}`, name: agent.name })),
          active: (agent) => t('agentFilter', { agent }),
          width: 220,
        }),
        entityFilter('assignee_id', {
          label: t('assignee'),
          placeholder: t('anyAssignee'),
          nothingFound: t('noneFound'),
          options: operators.map((operator) => ({ value: operator.id, label: operator.name })),
          active: (assignee) => t('assigneeFilter', { assignee }),
          width: 200,
        }),
      ]}
      getRowLabel={(row) => `${row.author.name} · ${row.referral_agent.name}`}
      minWidth={1000}
    />
  );
}
