import { useMemo } from 'react';
import { Badge, Stack, Text } from '@mantine/core';
import type { BookingRow } from '@portal/contracts/bookings';
import { EMPTY_VALUE } from '@portal/contracts/constants';
import { formatBookingId } from '@portal/contracts/formatters';
import type { TableHeader } from '../../../components/data-table/data-table';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';

export function assigneeName(row: BookingRow): string {
  const assignee = row.ticket.assignee;
  if (!assignee) return EMPTY_VALUE;
  return `${assignee.first_name} ${assignee.last_name}`.trim() || EMPTY_VALUE;
}

/** The date as the reader's language writes it ('5 Mar 2024' in English), then the 24-hour time, as the exports do. */
function AppointmentDate({ value }: { value: string }) {
  const format = useFormat();
  const date = format.date(value);
  if (date === EMPTY_VALUE) return <>{EMPTY_VALUE}</>;
  return (
    <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>
      {date}{' '}
      <Text component="span" size="xs" c="dimmed">
        {format.time(value)}
      </Text>
    </time>
  );
}

const STATUS_COLORS: Record<BookingRow['status'], string> = {
  pending: 'yellow',
  confirmed: 'blue',
  completed: 'green',
  cancelled: 'gray',
  no_show: 'orange',
  refunded: 'grape',
};

/**
 * The seven columns of spec §2 first, in its order, none sortable, headed in the reader's language (dotted values
 * read the nested Booking entity of spec §3); then the booking's status, amount and the partner's commission
 * (issue 34), which fold into the row's details before the table would overflow (amount and commission) and are
 * not in the exports, which keep the spec's seven.
 */
export function useBookingColumns(): TableHeader<BookingRow>[] {
  const t = useText('bookings');
  const format = useFormat();
  return useMemo(
    () => [
      {
        text: t('columns.bookingId'),
        tooltip: true,
        tooltip_message: t('noTicketHint'),
        value: 'ticket_id',
        render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatBookingId(row.ticket_id)}</span>,
      },
      { text: t('columns.patientName'), value: 'booking_patient_detail.name' },
      { text: t('columns.facility'), value: 'provider.name' },
      { text: t('columns.appointmentDate'), value: 'date_time', render: (row) => <AppointmentDate value={row.date_time} /> },
      { text: t('columns.service'), value: 'medical_service_provider_service_detail.medical_service_provider_service.name' },
      { text: t('columns.specialty'), value: 'specialty.name' },
      { text: t('columns.agentAssigned'), value: 'ticket.assignee', render: assigneeName },
      {
        text: t('extraColumns.status'),
        value: 'status',
        // A dot of the status's colour beside text of the page's: tinted badge text fails contrast (axe).
        render: (row) => (
          <Badge variant="dot" radius="sm" tt="none" color={STATUS_COLORS[row.status]}>
            {t(`bookingStatus.${row.status}`)}
          </Badge>
        ),
      },
      {
        text: t('extraColumns.amount'),
        value: 'amount',
        align: 'right',
        priority: 'low',
        render: (row) => <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{format.money(row.amount, row.currency)}</span>,
      },
      {
        text: t('extraColumns.commission'),
        value: 'commission',
        align: 'right',
        priority: 'low',
        tooltip: true,
        tooltip_message: t('commissionHint'),
        render: (row) =>
          row.commission ? (
            <Stack gap={0} align="flex-end">
              <Text size="sm" fw={600} td={row.commission.status === 'reversed' ? 'line-through' : undefined} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {format.moneyMinor(row.commission.amount_minor, row.commission.currency)}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`commissionStatus.${row.commission.status}`)}
              </Text>
            </Stack>
          ) : (
            EMPTY_VALUE
          ),
      },
    ],
    [t, format],
  );
}
