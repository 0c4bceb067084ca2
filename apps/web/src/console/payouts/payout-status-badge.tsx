import { Badge } from '@mantine/core';
import type { PayoutStatus } from '@portal/contracts/earnings';
import { useText } from '../../i18n/i18n';

/** Each state its own colour: a draft waits, a sent one is on its way, paid is done, failed needs a look. */
export const PAYOUT_STATUS_COLOURS: Record<PayoutStatus, string> = { draft: 'gray', sent: 'blue', paid: 'teal', failed: 'red' };

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const t = useText('console-payouts');
  return (
    <Badge variant="dot" radius="sm" tt="none" color={PAYOUT_STATUS_COLOURS[status]}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
