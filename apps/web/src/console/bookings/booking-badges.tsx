import { Badge } from '@mantine/core';
import type { BookingStatus, InvoiceStatus } from '@portal/contracts/bookings';
import { useText } from '../../i18n/i18n';

const STATUS_COLORS: Record<BookingStatus, string> = { pending: 'yellow', confirmed: 'blue', completed: 'teal', cancelled: 'gray', no_show: 'red', refunded: 'grape' };

/** A booking's status in words, in the text colour; the dot's colour only repeats it (a light yellow badge fails contrast). */
export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const t = useText('console-bookings');
  return (
    <Badge color={STATUS_COLORS[status]} variant="dot" radius="sm" tt="none">
      {t(`statuses.${status}`)}
    </Badge>
  );
}

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const t = useText('console-bookings');
  return (
    <Badge color={status === 'paid' ? 'teal' : 'gray'} variant="dot" radius="sm" tt="none">
      {t(`invoiceStatuses.${status}`)}
    </Badge>
  );
}
