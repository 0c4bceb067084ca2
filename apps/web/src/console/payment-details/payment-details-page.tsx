import { useCallback, useMemo, useState } from 'react';
import { Button, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { PageSize } from '@portal/contracts/constants';
import { consolePaymentDetailsEndpoint, type ConsolePaymentDetailsRow } from '@portal/contracts/console-payment-details';
import { operatorCan } from '@portal/contracts/operator-permissions';
import { PAYMENT_DETAILS_STATUSES, type PaymentDetailsStatus } from '@portal/contracts/payment-details';
import { DataTable } from '../../components/data-table/data-table';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useLocale, useText } from '../../i18n/i18n';
import { countryName } from '../../lib/country-names';
import { useListEndpoint } from '../../lib/use-list-endpoint';
import { useOperator } from '../session/require-operator';
import { PaymentDetailsDrawer } from './payment-details-drawer';
import { PaymentDetailsStatusBadge, SameAccountBadge } from './payment-details-status-badge';

/** A row as the table keys it: by its agent (an agent has one set of details). */
type Row = ConsolePaymentDetailsRow & { id: number };

/**
 * /console/payment-details (docs/payment-details.md): every agent's payment details, frozen and waiting ones first
 * (the server's order), filtered by status, with the agents that give the same account flagged; each opened in a
 * drawer with its change log, where earnings.manage reveals the full account (audited) and verifies the details.
 */
export function PaymentDetailsPage() {
  const t = useText('console-payment-details');
  const operator = useOperator();
  const mayManage = operatorCan(operator.role, 'earnings.manage');
  const [opened, setOpened] = useState<ConsolePaymentDetailsRow | null>(null);
  const onOpen = useCallback((row: ConsolePaymentDetailsRow) => setOpened(row), []);

  return (
    <Stack gap="lg">
      <Stack gap={4} maw={760}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('description')}
        </Text>
      </Stack>
      <PaymentDetailsList onOpen={onOpen} />
      {opened ? <PaymentDetailsDrawer key={opened.referral_agent_id} row={opened} mayManage={mayManage} onClose={() => setOpened(null)} /> : null}
    </Stack>
  );
}

function PaymentDetailsList({ onOpen }: { onOpen: (row: ConsolePaymentDetailsRow) => void }) {
  const t = useText('console-payment-details');
  const format = useFormat();
  const locale = useLocale();
  const { list, table } = useListEndpoint(consolePaymentDetailsEndpoint, {}, { loadFailed: t('list.loadFailed') });
  const { params } = list;
  const rows = useMemo<Row[]>(() => table.rows.map((row) => ({ ...row, id: row.referral_agent_id })), [table.rows]);

  const headers = useMemo<TableHeader<Row>[]>(
    () => [
      {
        text: t('list.agent'),
        value: 'agent_name',
        render: (row) => (
          <Stack gap={4} align="flex-start">
            <Text size="sm" fw={500}>
              {row.agent_name}
            </Text>
            <SameAccountBadge agents={row.same_account_as} />
          </Stack>
        ),
      },
      { text: t('list.method'), value: 'scheme', render: (row) => t(`schemes.${row.scheme}`) },
      { text: t('list.holder'), value: 'holder_name' },
      { text: t('list.country'), value: 'bank_country', render: (row) => countryName(row.bank_country, locale) },
      {
        text: t('list.account'),
        value: 'account_masked',
        render: (row) => (
          <Text span size="sm" ff="monospace" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
            {row.account_masked}
          </Text>
        ),
      },
      { text: t('list.status'), value: 'status', render: (row) => <PaymentDetailsStatusBadge status={row.status} /> },
      {
        text: t('list.lastChange'),
        value: 'updated_at',
        render: (row) => (
          <Stack gap={0}>
            <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
              <time dateTime={row.updated_at}>{format.date(row.updated_at)}</time>
            </Text>
            {row.updated_by ? (
              <Text span size="xs" c="dimmed">
                {t('list.changedBy', { name: row.updated_by })}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        text: t('list.actions'),
        value: 'actions',
        render: (row) => (
          <Button size="xs" variant="light" onClick={() => onOpen(row)} aria-label={t('list.openNamed', { agent: row.agent_name })}>
            {t('list.open')}
          </Button>
        ),
      },
    ],
    [t, format, locale, onOpen],
  );

  const activeFilters = params.status ? [t('list.statusActive', { name: t(`statuses.${params.status}`) })] : [];

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <DataTable<Row>
        caption={t('list.caption')}
        headers={headers}
        {...table}
        rows={rows}
        emptyText={t('list.empty')}
        filteredEmptyText={t(`list.filteredEmpty.${params.status ?? 'unverified'}`)}
        activeFilters={activeFilters}
        showHeader
        toolbar={
          <NativeSelect
            aria-label={t('list.statusFilter')}
            value={params.status ?? ''}
            onChange={(event) => list.set({ status: (event.currentTarget.value || undefined) as PaymentDetailsStatus | undefined })}
            w={{ base: '100%', xs: 240 }}
            data={[{ value: '', label: t('list.anyStatus') }, ...PAYMENT_DETAILS_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))]}
          />
        }
        page={params.page}
        perPage={params.per_page}
        onPageChange={list.setPage}
        onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
        getRowLabel={(row) => row.agent_name}
        minWidth={1000}
      />
    </Paper>
  );
}
