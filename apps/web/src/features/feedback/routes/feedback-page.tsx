import { useMemo } from 'react';
import { Anchor, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { FEEDBACK_SEARCH_MAX_LENGTH, FEEDBACK_STATUSES, feedbackListEndpoint, seesAgentFeedback, type FeedbackListQuery, type FeedbackRow, type FeedbackStatus } from '@portal/contracts/feedback';
import type { PageSize } from '@portal/contracts/constants';
import { DataTable } from '../../../components/data-table/data-table';
import type { TableHeader } from '../../../components/data-table/data-table-types';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { useListEndpoint } from '../../../lib/use-list-endpoint';
import { useAuthStore } from '../../../stores/auth-store';
import { useAfterFeedbackWrite } from '../api/feedback-api';
import { useLiveFeedback } from '../api/use-live-feedback';
import { FeedbackForm } from '../components/feedback-form';
import { FeedbackStatusBadge } from '../components/feedback-status-badge';

/**
 * /feedback: the form that sends feedback, and "My feedback", the threads the member may see (owners and managers:
 * the whole agent's, with who sent each), searchable, filtered by status, every choice kept in the URL.
 */
export function FeedbackPage() {
  const t = useText('feedback');
  const format = useFormat();
  const navigate = useNavigate();
  const afterWrite = useAfterFeedbackWrite();
  useLiveFeedback();
  const role = useAuthStore((state) => state.user?.partner_profile?.role);
  const wholeAgent = role !== undefined && seesAgentFeedback(role);
  const headers = useMemo<TableHeader<FeedbackRow>[]>(
    () => [
      {
        text: t('columnSubject'),
        value: 'excerpt',
        render: (row) => (
          <Anchor component={Link} to={`/feedback/${row.id}`} style={{ overflowWrap: 'anywhere' }}>
            {row.excerpt.length > 90 ? `${row.excerpt.slice(0, 89)}…` : row.excerpt}
          </Anchor>
        ),
      },
      { text: t('columnCategory'), value: 'category', render: (row) => t(`categories.${row.category}`) },
      { text: t('columnStatus'), value: 'status', render: (row) => <FeedbackStatusBadge status={row.status} /> },
      ...(wholeAgent ? [{ text: t('columnAuthor'), value: 'author.name' }] : []),
      { text: t('columnUpdated'), value: 'last_message_at', sort: true, render: (row: FeedbackRow) => format.date(row.last_message_at) },
    ],
    [t, format, wholeAgent],
  );
  const { list, table } = useListEndpoint(feedbackListEndpoint, {}, { loadFailed: t('loadFailed') });
  const { params } = list;
  const statusOptions = [{ value: '', label: t('allStatuses') }, ...FEEDBACK_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <FeedbackForm
          onSent={(thread) => {
            afterWrite(thread);
            void navigate(`/feedback/${thread.id}`);
          }}
        />
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="my-feedback-title">
        <Title order={2} size="h4" mb="sm" id="my-feedback-title">
          {wholeAgent ? t('listTitleAgent') : t('listTitle')}
        </Title>
        <DataTable<FeedbackRow>
          caption={wholeAgent ? t('listTitleAgent') : t('listTitle')}
          headers={headers}
          {...table}
          emptyText={t('empty')}
          filteredEmptyText={t('filteredEmpty')}
          activeFilters={params.status ? [`${t('statusFilter')}: ${t(`statuses.${params.status}`)}`] : []}
          showHeader
          searchValue={params.search ?? ''}
          onSearch={(search) => list.set({ search: search.slice(0, FEEDBACK_SEARCH_MAX_LENGTH) })}
          toolbar={
            <NativeSelect
              aria-label={t('statusFilter')}
              data={statusOptions}
              value={params.status ?? ''}
              onChange={(event) => list.set({ status: (event.currentTarget.value || null) as FeedbackStatus | null })}
              w={160}
            />
          }
          sort={params.sort}
          onSortChange={(sort) => list.set({ sort: sort as FeedbackListQuery['sort'] })}
          page={params.page}
          perPage={params.per_page}
          onPageChange={list.setPage}
          onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
        />
      </Paper>
    </Stack>
  );
}
