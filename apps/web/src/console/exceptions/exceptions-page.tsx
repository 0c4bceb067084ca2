import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXCEPTION_COUNTS_URL,
  EXCEPTION_KINDS,
  exceptionCountsSchema,
  exceptionsEndpoint,
  priceAgainResultSchema,
  priceAgainUrl,
  type ExceptionCounts,
  type ExceptionKind,
  type FinanceException,
} from '@portal/contracts/console-exceptions';
import { operatorCan, type OperatorPermission } from '@portal/contracts/operator-permissions';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { entityFilter, enumFilter, enumOptions, ListPageView } from '../../components/list-page/list-page';
import { LoadingPlaceholder } from '../../components/loading-placeholder/loading-placeholder';
import { LoadFailedAlert } from '../../components/query-view/query-view';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { http } from '../../lib/http';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';
import { NEGATIVE_AMOUNT_COLOUR } from '../../lib/status-colors';
import { useListEndpoint } from '../../lib/use-list-endpoint';
import { CONSOLE_PATHS } from '../console-paths';
import { useOperator } from '../session/require-operator';

const KIND_COLORS: Record<ExceptionKind, string> = { unpriced_completion: 'orange', negative_balance: 'red', failed_payout: 'red', held_payout: 'yellow' };

/** A way to resolve an exception: a page of the console, opened with the filters that show the record. */
interface ResolvingAction {
  label: 'openRateCard' | 'openBooking' | 'openLedger' | 'openPayout' | 'verifyDetails' | 'reviewFrozen';
  to: string;
  /** what the page needs: the link shows only to a role that may open it */
  permission: OperatorPermission;
}

const query = (values: Record<string, string | number>) => new URLSearchParams(Object.entries(values).map(([key, value]) => [key, String(value)])).toString();

/** The pages that resolve an exception, in the order finance would take them (docs/console-exceptions.md). */
export function resolvingActions(row: FinanceException): ResolvingAction[] {
  const agent = { referral_agent_id: row.referral_agent_id, currency: row.currency };
  switch (row.kind) {
    case 'unpriced_completion': {
      const booking: ResolvingAction = { label: 'openBooking', to: `/bookings/${row.booking_id}`, permission: 'bookings.read' };
      return row.reason === 'no_rate' ? [{ label: 'openRateCard', to: `${CONSOLE_PATHS.rateCard}?${query({ facility_id: row.facility_id })}`, permission: 'terms.read' }, booking] : [booking];
    }
    case 'negative_balance':
      return [{ label: 'openLedger', to: `/commission-ledger?${query({ ...agent, status: 'approved' })}`, permission: 'earnings.read' }];
    case 'failed_payout':
      return [{ label: 'openPayout', to: `/payouts?${query({ ...agent, status: 'failed' })}`, permission: 'earnings.read' }];
    case 'held_payout':
      if (row.reason === 'missing') return [];
      return [{ label: row.reason === 'frozen' ? 'reviewFrozen' : 'verifyDetails', to: `/payment-details?${query({ status: row.reason })}`, permission: 'earnings.read' }];
  }
}

/**
 * /console/exceptions (issue 31, docs/console-exceptions.md): finance's open exceptions, newest first, with the count of
 * each kind above (a count filters to its kind), filtered by kind, partner and currency in the URL; each row says what
 * happened and links to the page that resolves it.
 */
export function ExceptionsPage() {
  const t = useText('console-exceptions');
  const format = useFormat();
  const operator = useOperator();
  // Pricing writes the ledger: the roles that manage earnings.
  const mayPrice = operatorCan(operator.role, 'earnings.manage');
  const source = useListEndpoint(exceptionsEndpoint, {}, { loadFailed: t('loadFailed'), refreshFailed: t('refreshFailed') });
  const { list } = source;
  const scope = { referral_agent_id: list.params.referral_agent_id, currency: list.params.currency };
  const counts = useQuery({
    queryKey: [EXCEPTION_COUNTS_URL, scope] as const,
    queryFn: ({ signal }) => http.get(EXCEPTION_COUNTS_URL, { schema: exceptionCountsSchema, signal, query: scope }),
  });

  const headers = useMemo<TableHeader<FinanceException>[]>(
    () => [
      {
        text: t('columns.kind'),
        value: 'kind',
        render: (row) => (
          <Badge color={KIND_COLORS[row.kind]} variant="dot" radius="sm" style={{ textTransform: 'none' }}>
            {t(`kind.${row.kind}`)}
          </Badge>
        ),
      },
      { text: t('columns.partner'), value: 'agent_name' },
      { text: t('columns.detail'), value: 'detail', render: (row) => <Detail row={row} /> },
      {
        text: t('columns.amount'),
        value: 'amount',
        render: (row) =>
          row.kind === 'unpriced_completion' ? (
            <Text size="sm" dir="ltr" span>{`${row.currency} ${format.number(row.amount)}`}</Text>
          ) : (
            <Text size="sm" dir="ltr" span c={row.amount_minor < 0 ? NEGATIVE_AMOUNT_COLOUR : undefined}>
              {format.moneyMinor(row.amount_minor, row.currency)}
            </Text>
          ),
      },
      { text: t('columns.since'), value: 'since', render: (row) => format.date(row.since) },
      {
        text: t('columns.action'),
        value: 'action',
        render: (row) => {
          const actions = resolvingActions(row);
          if (actions.length === 0) return <Text size="sm" c="dimmed">{t('actions.waitingForPartner')}</Text>;
          const allowed = actions.filter((action) => operatorCan(operator.role, action.permission));
          if (allowed.length === 0) return <Text size="sm" c="dimmed">{t('actions.notYours')}</Text>;
          return (
            <Stack gap={2} align="flex-start">
              {allowed.map((action) => (
                <Anchor key={action.label} component={Link} to={action.to} size="sm">
                  {t(`actions.${action.label}`)}
                </Anchor>
              ))}
              {row.kind === 'unpriced_completion' && mayPrice ? <PriceAgainButton bookingId={row.booking_id} reference={row.ticket_id ?? `#${row.booking_id}`} /> : null}
            </Stack>
          );
        },
      },
    ],
    [t, format, operator.role, mayPrice],
  );

  const choices = counts.data;
  return (
    <ListPageView<typeof exceptionsEndpoint.query, FinanceException>
      source={source}
      title={t('title')}
      description={t('description')}
      texts={{ empty: t('empty'), filteredEmpty: t('filteredEmpty'), loadFailed: t('loadFailed'), refreshFailed: t('refreshFailed') }}
      headers={headers}
      filters={[
        enumFilter('kind', { label: t('filters.kind'), all: t('filters.allKinds'), options: enumOptions(EXCEPTION_KINDS, (kind) => t(`kinds.${kind}`)), active: (value) => t('filters.kindActive', { value }), width: 200 }),
        entityFilter('referral_agent_id', {
          label: t('filters.partner'),
          placeholder: t('filters.anyPartner'),
          nothingFound: t('filters.noPartner'),
          options: (choices?.agents ?? []).map((agent) => ({ value: agent.id, label: agent.name })),
          active: (value) => t('filters.partnerActive', { value }),
          width: 220,
        }),
        enumFilter('currency', {
          label: t('filters.currency'),
          all: t('filters.allCurrencies'),
          options: (choices?.currencies ?? []).map((code) => ({ value: code, label: code })),
          active: (value) => t('filters.currencyActive', { value }),
          width: 150,
        }),
      ]}
      above={
        <KindCounts
          query={counts}
          current={list.params.kind}
          onChoose={(kind) => list.set({ kind: kind === list.params.kind ? undefined : kind })}
        />
      }
      getRowLabel={(row) => `${t(`kind.${row.kind}`)} · ${row.agent_name}`}
    />
  );
}

/**
 * Prices an unpriced completion now (after a rate was added or the booking corrected) instead of waiting for the
 * hourly sweep; says whether a line was recorded, and refreshes the list and the counts.
 */
function PriceAgainButton({ bookingId, reference }: { bookingId: number; reference: string }) {
  const t = useText('console-exceptions');
  const queryClient = useQueryClient();
  const price = useMutation({
    mutationFn: () => http.post(priceAgainUrl(bookingId), undefined, { schema: priceAgainResultSchema }),
    onSuccess: async (result) => {
      if (result.priced) notifySuccess(t('priceAgain.priced'), t('priceAgain.pricedDetail', { reference }));
      else notifyInfo(t('priceAgain.notPriced'), t(`unpriced.${result.reason ?? 'not_priced_yet'}`));
      await Promise.all([queryClient.invalidateQueries({ queryKey: [exceptionsEndpoint.url] }), queryClient.invalidateQueries({ queryKey: [EXCEPTION_COUNTS_URL] })]);
    },
    onError: () => notifyError(t('priceAgain.failed'), t('priceAgain.failedDetail')),
  });
  return (
    <Button size="compact-sm" variant="light" loading={price.isPending} onClick={() => price.mutate()}>
      {t('priceAgain.label')}
    </Button>
  );
}

/** What happened, in words: the booking and why it has no line, the balance, the bank's reason, the details' state. */
function Detail({ row }: { row: FinanceException }): ReactNode {
  const t = useText('console-exceptions');
  switch (row.kind) {
    case 'unpriced_completion':
      return (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {t('booking', { reference: row.ticket_id ?? `#${row.booking_id}`, facility: row.facility_name })}
          </Text>
          <Text size="xs" c="dimmed" maw={320}>
            {t(`unpriced.${row.reason}`)}
          </Text>
        </Stack>
      );
    case 'negative_balance':
      return (
        <Text size="sm" maw={320}>
          {t('negative')}
        </Text>
      );
    case 'failed_payout':
      return (
        <Text size="sm" maw={320}>
          {t('failed', { id: row.payout_id, reason: row.reason })}
        </Text>
      );
    case 'held_payout':
      return (
        <Text size="sm" maw={320}>
          {t(`held.${row.reason}`)}
        </Text>
      );
  }
}

/**
 * The count of each kind, for the partner and currency chosen; a count is a toggle (its name the count and the kind it
 * shows, as seen) that shows only its kind.
 */
function KindCounts({ query: counts, current, onChoose }: { query: ReturnType<typeof useQuery<ExceptionCounts>>; current: ExceptionKind | undefined; onChoose: (kind: ExceptionKind) => void }) {
  const t = useText('console-exceptions');
  const format = useFormat();
  if (counts.isPending) {
    return (
      <LoadingPlaceholder label={t('counts.loading')}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {EXCEPTION_KINDS.map((kind) => (
            <Paper key={kind} withBorder radius="md" p="sm" h={72} />
          ))}
        </SimpleGrid>
      </LoadingPlaceholder>
    );
  }
  if (counts.isError) return <LoadFailedAlert title={t('counts.loadFailed')} retryLabel={t('retry')} onRetry={() => void counts.refetch()} retrying={counts.isFetching} />;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="group" aria-label={t('counts.label')}>
      {EXCEPTION_KINDS.map((kind) => {
        const count = counts.data.counts[kind];
        return (
          <UnstyledButton
            key={kind}
            onClick={() => onChoose(kind)}
            aria-pressed={current === kind}
          >
            <Paper withBorder radius="md" p="sm" bg={current === kind ? 'var(--mantine-primary-color-light)' : undefined}>
              <Text size="xl" fw={700} c={count > 0 ? undefined : 'dimmed'}>
                {format.number(count)}
              </Text>
              <Text size="sm">{t(`kinds.${kind}`)}</Text>
            </Paper>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}
