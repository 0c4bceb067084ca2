import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { BookingRow } from '@portal/contracts/bookings';
import { formatBookingId } from '@portal/contracts/formatters';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import type { DashboardCardProps } from '../../../lib/dashboard-cards';
import { useNarrowLayout } from '../../../lib/use-narrow-layout';
import { RECENT_BOOKINGS_COUNT, useRecentBookings } from '../api/recent-bookings';
import { cardState, DashboardCardFrame } from '../components/dashboard-card-frame';
import classes from '../dashboard.module.css';
import { TableScroller } from '../../../components/data-table/scroll-region-frame';

/** A dot of each status's colour beside the status in the page's text colour (light badges failed contrast: axe). */
const STATUS_COLORS: Record<BookingRow['status'], string> = { pending: 'yellow', confirmed: 'blue', completed: 'green', cancelled: 'gray', no_show: 'red', refunded: 'grape' };

/**
 * The member's 10 most recent referrals, newest first, whatever the range (referrals.read; an agent-role member's
 * own): a table on a wide screen, a list on a phone, where five columns would scroll sideways. The range is not
 * this card's: the latest bookings are the latest, whatever the period.
 */
export function RecentBookingsCard(_props: DashboardCardProps) {
  const t = useText('dashboard');
  const bookings = useRecentBookings();
  const narrow = useNarrowLayout();
  return (
    <DashboardCardFrame title={t('recentBookings.title')} state={cardState(bookings)} link={{ to: '/bookings', label: t('recentBookings.viewAll') }}>
      {() => {
        const rows = bookings.data!.data.slice(0, RECENT_BOOKINGS_COUNT);
        if (rows.length === 0) {
          return (
            <Text c="dimmed" size="sm">
              {t('recentBookings.empty')}
            </Text>
          );
        }
        return narrow ? <BookingList rows={rows} /> : <BookingTable rows={rows} />;
      }}
    </DashboardCardFrame>
  );
}

function BookingStatus({ status }: { status: BookingRow['status'] }) {
  const t = useText('dashboard');
  return (
    <Badge variant="dot" radius="sm" tt="none" color={STATUS_COLORS[status]}>
      {t(`recentBookings.statuses.${status}`)}
    </Badge>
  );
}

function AppointmentDate({ value }: { value: string }) {
  const format = useFormat();
  return (
    <time dateTime={value} style={{ whiteSpace: 'nowrap' }}>
      {format.date(value)}{' '}
      <Text component="span" size="xs" c="dimmed">
        {format.time(value)}
      </Text>
    </time>
  );
}

function BookingTable({ rows }: { rows: BookingRow[] }) {
  const t = useText('dashboard');
  return (
    <TableScroller label={t('recentBookings.caption')} minWidth={560}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Caption>{t('recentBookings.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('recentBookings.bookingId')}</Table.Th>
            <Table.Th scope="col">{t('recentBookings.patient')}</Table.Th>
            <Table.Th scope="col">{t('recentBookings.facility')}</Table.Th>
            <Table.Th scope="col">{t('recentBookings.appointment')}</Table.Th>
            <Table.Th scope="col">{t('recentBookings.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatBookingId(row.ticket_id)}
              </Table.Th>
              <Table.Td>{row.booking_patient_detail.name}</Table.Td>
              <Table.Td>{row.provider.name}</Table.Td>
              <Table.Td>
                <AppointmentDate value={row.date_time} />
              </Table.Td>
              <Table.Td>
                <BookingStatus status={row.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroller>
  );
}

function BookingList({ rows }: { rows: BookingRow[] }) {
  const t = useText('dashboard');
  return (
    <Stack component="ul" gap="xs" className={classes.plainList} aria-label={t('recentBookings.caption')}>
      {rows.map((row) => (
        <li key={row.id}>
          <Stack gap={2} py={4} style={{ borderBlockEnd: '1px solid var(--mantine-color-default-border)' }}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatBookingId(row.ticket_id)}
              </Text>
              <BookingStatus status={row.status} />
            </Group>
            <Text size="sm">{row.booking_patient_detail.name}</Text>
            <Group gap="xs" wrap="wrap">
              <Text size="xs" c="dimmed">
                {row.provider.name}
              </Text>
              <Text size="xs" c="dimmed">
                <AppointmentDate value={row.date_time} />
              </Text>
            </Group>
          </Stack>
        </li>
      ))}
    </Stack>
  );
}
