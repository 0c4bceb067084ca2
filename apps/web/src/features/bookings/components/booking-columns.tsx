import { useMemo } from 'react';
import { Text } from '@mantine/core';
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

/** The seven columns of spec §2, none sortable, headed in the reader's language. Dotted values read the nested Booking entity of spec §3. */
export function useBookingColumns(): TableHeader<BookingRow>[] {
  const t = useText('bookings');
  return useMemo(
    () => [
      {
        text: t('columns.bookingId'),
        value: 'ticket_id',
        render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatBookingId(row.ticket_id)}</span>,
      },
      { text: t('columns.patientName'), value: 'booking_patient_detail.name' },
      { text: t('columns.facility'), value: 'provider.name' },
      { text: t('columns.appointmentDate'), value: 'date_time', render: (row) => <AppointmentDate value={row.date_time} /> },
      { text: t('columns.service'), value: 'medical_service_provider_service_detail.medical_service_provider_service.name' },
      { text: t('columns.specialty'), value: 'specialty.name' },
      { text: t('columns.agentAssigned'), value: 'ticket.assignee', render: assigneeName },
    ],
    [t],
  );
}
