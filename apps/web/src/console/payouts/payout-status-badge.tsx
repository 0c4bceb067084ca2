import { Badge } from '@mantine/core';
import { PAYOUT_STATUS_COLORS } from '../../lib/status-colors';
import type { PayoutStatus } from '@portal/contracts/earnings';
import { useText } from '../../i18n/i18n';

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const t = useText('console-payouts');
  return (
    <Badge variant="dot" radius="sm" tt="none" color={PAYOUT_STATUS_COLORS[status]}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
