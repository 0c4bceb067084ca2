import dayjs from 'dayjs';
import { Text } from '@mantine/core';
import type { BookingRow } from '@portal/contracts/bookings';
import { BOOKING_COLUMN_LABELS } from '@portal/contracts/booking-columns';
import { DAYJS_DATE_FORMAT, EMPTY_VALUE } from '@portal/contracts/constants';
import { formatBookingId } from '@portal/contracts/formatters';
import type { TableHeader } from '../../../components/data-table/data-table';

/** 24-hour time, as the exports write it ('5 Mar 2024 14:30'). */
const TIME_FORMAT = 'HH:mm';

export function assigneeName(row: BookingRow): string {
  const assignee = row.ticket.assignee;
  if (!assignee) return EMPTY_VALUE;
  return `${assignee.first_name} ${assignee.last_name}`.trim() || EMPTY_VALUE;
}

function AppointmentDate({ value }: { value: string }) {
  const date = dayjs(value);
  if (!date.isValid()) return <>{EMPTY_VALUE}</>;
  return (
    <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>
      {date.format(DAYJS_DATE_FORMAT)}{' '}
      <Text component="span" size="xs" c="dimmed">
        {date.format(TIME_FORMAT)}
      </Text>
    </time>
  );
}

/** The seven columns of spec §2, none sortable. Dotted values read the nested Booking entity of spec §3. */
export const BOOKING_COLUMNS: TableHeader<BookingRow>[] = [
  {
    text: BOOKING_COLUMN_LABELS.bookingId,
    value: 'ticket_id',
    render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatBookingId(row.ticket_id)}</span>,
  },
  { text: BOOKING_COLUMN_LABELS.patientName, value: 'booking_patient_detail.name' },
  { text: BOOKING_COLUMN_LABELS.facility, value: 'provider.name' },
  { text: BOOKING_COLUMN_LABELS.appointmentDate, value: 'date_time', render: (row) => <AppointmentDate value={row.date_time} /> },
  { text: BOOKING_COLUMN_LABELS.service, value: 'medical_service_provider_service_detail.medical_service_provider_service.name' },
  { text: BOOKING_COLUMN_LABELS.specialty, value: 'specialty.name' },
  { text: BOOKING_COLUMN_LABELS.agentAssigned, value: 'ticket.assignee', render: assigneeName },
];
