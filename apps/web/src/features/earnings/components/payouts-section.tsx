import { useEffect, useMemo, useRef } from 'react';
import { Anchor, Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { downloadFile } from '../../../lib/download';
import { sessionFetch } from '../../../lib/http';
import { notifyError } from '../../../lib/notify';
import { PAYOUT_STATUS_COLORS, NEGATIVE_AMOUNT_COLOUR } from '../../../lib/status-colors';
import { useLocation } from 'react-router';
import { payoutStatementUrl, type Payout, type PayoutsQuery } from '@portal/contracts/earnings';
import type { PageSize } from '@portal/contracts/constants';
import { DataTable } from '../../../components/data-table/data-table';
import type { TableHeader } from '../../../components/data-table/data-table-types';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { usePayouts } from '../api/earnings-api';

/** The heading's id: payout notifications link to /my-earnings#payouts. */
export const PAYOUTS_ANCHOR = 'payouts';


/** What a cell without a value shows. */
const NONE = '—';

/**
 * The sort a header's click asks for. The list is newest first when unsorted, so "unsorted" after the run day's
 * descending would be no change at all: that click turns it ascending instead.
 */
function sortAfter(current: PayoutsQuery['sort'], next: string): PayoutsQuery['sort'] | undefined {
  if (next) return next as PayoutsQuery['sort'];
  return current === DEFAULT_SORT ? 'scheduled_on' : undefined;
}

const DEFAULT_SORT = '-scheduled_on';

/**
 * My earnings' payouts (payouts.read; the page renders this only for a member who has it, so nobody else asks for
 * them): the agent's payouts, newest first, on the list kit with its state in the URL under `payouts_*` names, each
 * paid one with its self-billing statement to download. A commission notification reloads it (useLiveEarnings).
 */
export function PayoutsSection() {
  const t = useText('earnings');
  const format = useFormat();
  const { list, paged, table } = usePayouts({ loadFailed: t('payouts.loadFailed'), refreshFailed: t('payouts.refreshFailed') });
  const { params } = list;

  // A notification's link (#payouts) lands here once the section is on screen: the router does not scroll to it.
  const { hash } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const settled = paged.page !== undefined || paged.failed;
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (hash !== `#${PAYOUTS_ANCHOR}` || !settled || scrolledFor.current === hash) return;
    scrolledFor.current = hash;
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, settled]);

  const headers = useMemo<TableHeader<Payout>[]>(
    () => [
      { text: t('payouts.columns.runDay'), value: 'scheduled_on', sort: true, render: (row) => format.date(row.scheduled_on) },
      {
        text: t('payouts.columns.amount'),
        // The sort key the server knows ('amount'); the cell shows amount_minor in its currency.
        value: 'amount',
        sort: true,
        align: 'right',
        render: (row) => (
          <Text size="sm" fw={600} c={row.amount_minor < 0 ? NEGATIVE_AMOUNT_COLOUR : undefined} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {format.moneyMinor(row.amount_minor, row.currency)}
          </Text>
        ),
      },
      { text: t('payouts.columns.lines'), value: 'lines', align: 'right', render: (row) => format.number(row.lines) },
      {
        text: t('payouts.columns.status'),
        value: 'status',
        render: (row) => (
          <Stack gap={2} align="flex-start">
            <Badge variant="dot" radius="sm" tt="none" color={PAYOUT_STATUS_COLORS[row.status]}>
              {t(`payouts.status.${row.status}`)}
            </Badge>
            {row.status === 'failed' && row.failure_reason ? (
              <Text size="xs" c="dimmed" maw={280}>
                {row.failure_reason}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        text: t('payouts.columns.date'),
        value: 'paid_at',
        render: (row) => (row.paid_at ? t('payouts.paidOn', { date: format.date(row.paid_at) }) : row.sent_at ? t('payouts.sentOn', { date: format.date(row.sent_at) }) : NONE),
      },
      {
        text: t('payouts.columns.statement'),
        value: 'statement_number',
        render: (row) =>
          row.status === 'paid' && row.statement_number ? (
            <Anchor
              href={payoutStatementUrl(row.id)}
              download
              size="sm"
              style={{ whiteSpace: 'nowrap' }}
              // Through the session, so that a refusal is said rather than saved as a file of JSON.
              onClick={(event) => {
                event.preventDefault();
                downloadFile(payoutStatementUrl(row.id), { fetcher: sessionFetch, fallbackFilename: `${row.statement_number}.pdf` }).catch(() => notifyError(t('payouts.downloadFailed'), t('payouts.downloadFailedDetail')));
              }}
            >
              {t('payouts.statement', { number: row.statement_number })}
            </Anchor>
          ) : (
            NONE
          ),
      },
    ],
    [t, format],
  );

  return (
    <Paper component="section" aria-labelledby={PAYOUTS_ANCHOR} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h4" id={PAYOUTS_ANCHOR} ref={heading} style={{ scrollMarginTop: 'var(--app-shell-header-offset, 0px)' }}>
            {t('payouts.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('payouts.intro')}
          </Text>
        </Stack>
        <DataTable<Payout>
          caption={t('payouts.caption')}
          headers={headers}
          {...table}
          // No filters here: a sort alone is not one, so the empty list says what it is rather than "clear filters".
          filtered={false}
          emptyText={t('payouts.empty')}
          filteredEmptyText={t('payouts.empty')}
          sort={params.sort}
          onSortChange={(sort) => list.set({ sort: sortAfter(params.sort, sort) })}
          page={params.page}
          perPage={params.per_page}
          onPageChange={list.setPage}
          onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
          getRowLabel={(row) => `${format.date(row.scheduled_on)} · ${format.moneyMinor(row.amount_minor, row.currency)}`}
          minWidth={860}
        />
      </Stack>
    </Paper>
  );
}
