import { Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { PaymentDetailsStatus } from '@portal/contracts/payment-details';
import { useText } from '../../i18n/i18n';

/** Waiting is a task for finance, verified is done, frozen is an owner's report that the change was not theirs. */
export const PAYMENT_DETAILS_STATUS_COLOURS: Record<PaymentDetailsStatus, string> = { unverified: 'orange', verified: 'teal', frozen: 'red' };

export function PaymentDetailsStatusBadge({ status }: { status: PaymentDetailsStatus }) {
  const t = useText('console-payment-details');
  return (
    <Badge variant="dot" radius="sm" tt="none" color={PAYMENT_DETAILS_STATUS_COLOURS[status]} style={{ whiteSpace: 'nowrap' }}>
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
