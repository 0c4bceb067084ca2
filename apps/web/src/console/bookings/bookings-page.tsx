import { useMemo } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, NativeSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { BOOKING_STATUSES, INVOICE_STATUSES, type BookingStatus, type InvoiceStatus } from '@portal/contracts/bookings';
import type { PageSize } from '@portal/contracts/constants';
import { consoleBookingsEndpoint, type ConsoleBookingRow } from '@portal/contracts/console-bookings';
import { formatBookingId } from '@portal/contracts/formatters';
import { operatorCan } from '@portal/contracts/operator-permissions';
import { DataTable } from '../../components/data-table/data-table';
import type { TableHeader } from '../../components/data-table/data-table-types';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { useListEndpoint } from '../../lib/use-list-endpoint';
import { useOperator } from '../session/require-operator';
import { BookingStatusBadge, InvoiceStatusBadge } from './booking-badges';
import { useBookingOptions } from './bookings-api';
import { bookingPath, NEW_BOOKING_PATH } from './bookings-paths';

const SEARCH_MAX = 100;

/**
 * /console/bookings: every agent's bookings on the list kit (search by ticket, patient, facility, service or
 * assignee; status, invoice, agent and facility filters kept in the URL; sort; pages), each leading to its page.
 */
export function BookingsPage() {
  const t = useText('console-bookings');
  const format = useFormat();
  const operator = useOperator();
  const mayCreate = operatorCan(operator.role, 'bookings.manage');
  const options = useBookingOptions();
  const { list, table } = useListEndpoint(consoleBookingsEndpoint, {}, { loadFailed: t('loadFailed') });
  const { params } = list;

  const headers = useMemo<TableHeader<ConsoleBookingRow>[]>(
    () => [
      {
        text: t('columnTicket'),
        value: 'ticket_id',
        sort: true,
        render: (row) => (
          <Anchor component={Link} to={bookingPath(row.id)} fw={500} dir="ltr">
            {row.ticket_id ? formatBookingId(row.ticket_id) : t('noTicket')}
          </Anchor>
        ),
      },
      { text: t('columnAppointment'), value: 'date_time', sort: true, render: (row) => `${format.date(row.date_time)} ${format.time(row.date_time)}` },
      { text: t('columnPatient'), value: 'patient' },
      { text: t('columnAgent'), value: 'referral_agent', render: (row) => row.referral_agent.name },
      { text: t('columnFacility'), value: 'facility', render: (row) => row.facility.name },
      { text: t('columnService'), value: 'service' },
      { text: t('columnAmount'), value: 'amount', sort: true, align: 'right', render: (row) => format.money(row.amount, row.currency) },
      { text: t('columnStatus'), value: 'status', render: (row) => <BookingStatusBadge status={row.status} /> },
      { text: t('columnInvoice'), value: 'invoice_status', render: (row) => <InvoiceStatusBadge status={row.invoice_status} /> },
      { text: t('columnAssignee'), value: 'assignee', render: (row) => row.assignee ?? t('unassigned') },
    ],
    [t, format],
  );

  const status = params.status as BookingStatus | undefined;
  const invoice = params.invoice_status as InvoiceStatus | undefined;
  const agents = options.data?.agents ?? [];
  const facilities = options.data?.facilities ?? [];
  const agentName = agents.find((agent) => agent.id === params.agent_id)?.name;
  const facilityName = facilities.find((facility) => facility.id === params.facility_id)?.name;
  const activeFilters = [
    status ? t('statusFilter', { status: t(`statuses.${status}`) }) : null,
    invoice ? t('invoiceFilter', { status: t(`invoiceStatuses.${invoice}`) }) : null,
    params.agent_id ? t('agentFilter', { agent: agentName ?? `#${params.agent_id}` }) : null,
    params.facility_id ? t('facilityFilter', { facility: facilityName ?? `#${params.facility_id}` }) : null,
  ].filter((filter): filter is string => filter !== null);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('description')}
          </Text>
        </Stack>
        {mayCreate ? (
          <Button component={Link} to={NEW_BOOKING_PATH} leftSection={<IconPlus size={16} aria-hidden="true" />}>
            {t('newBooking')}
          </Button>
        ) : null}
      </Group>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <DataTable<ConsoleBookingRow>
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
                onChange={(event) => list.set({ status: (event.currentTarget.value || undefined) as BookingStatus | undefined })}
                w={{ base: '100%', xs: 170 }}
              >
                <option value="">{t('allStatuses')}</option>
                {BOOKING_STATUSES.map((option) => (
                  <option key={option} value={option}>
                    {t(`statuses.${option}`)}
                  </option>
                ))}
              </NativeSelect>
              <NativeSelect
                aria-label={t('invoice')}
                value={invoice ?? ''}
                onChange={(event) => list.set({ invoice_status: (event.currentTarget.value || undefined) as InvoiceStatus | undefined })}
                w={{ base: '100%', xs: 190 }}
              >
                <option value="">{t('allInvoices')}</option>
                {INVOICE_STATUSES.map((option) => (
                  <option key={option} value={option}>
                    {t(`invoiceStatuses.${option}`)}
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
                aria-label={t('facility')}
                placeholder={t('allFacilities')}
                data={facilities.map((facility) => ({ value: String(facility.id), label: facility.name }))}
                value={params.facility_id ? String(params.facility_id) : null}
                onChange={(value) => list.set({ facility_id: value ? Number(value) : undefined })}
                searchable
                clearable
                nothingFoundMessage={t('noneFound')}
                w={{ base: '100%', xs: 240 }}
              />
            </Group>
          }
          searchValue={params.search ?? ''}
          onSearch={(search) => list.set({ search: search.slice(0, SEARCH_MAX) })}
          sort={params.sort}
          onSortChange={(sort) => list.set({ sort: (sort || undefined) as typeof params.sort })}
          page={params.page}
          perPage={params.per_page}
          onPageChange={list.setPage}
          onPerPageChange={(perPage) => list.set({ per_page: perPage as PageSize })}
          getRowLabel={(row) => (row.ticket_id ? formatBookingId(row.ticket_id) : row.patient)}
        />
      </Paper>
    </Stack>
  );
}
