import { Badge } from '@mantine/core';
import { PAYMENT_DETAILS_STATUS_COLORS } from '../../lib/status-colors';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { PaymentDetailsStatus } from '@portal/contracts/payment-details';
import { useText } from '../../i18n/i18n';

export function PaymentDetailsStatusBadge({ status }: { status: PaymentDetailsStatus }) {
  const t = useText('console-payment-details');
  return (
    <Badge variant="dot" radius="sm" tt="none" color={PAYMENT_DETAILS_STATUS_COLORS[status]} style={{ whiteSpace: 'nowrap' }}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

/**
 * The fraud signal: the same bank account is on other agents. Filled red with a warning icon, so it stands out from
 * every other badge of the page; it wraps rather than cut a name.
 */
export function SameAccountBadge({ agents }: { agents: readonly { id: number; name: string }[] }) {
  const t = useText('console-payment-details');
  if (agents.length === 0) return null;
  return (
    <Badge
      variant="filled"
      color="red"
      leftSection={<IconAlertTriangle size={14} aria-hidden />}
      tt="none"
      style={{ height: 'auto', whiteSpace: 'normal', textAlign: 'start', paddingBlock: 2 }}
    >
      {t('sameAccountAs', { names: agents.map((agent) => agent.name).join(t('separator')) })}
    </Badge>
  );
}
