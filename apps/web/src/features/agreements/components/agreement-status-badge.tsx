import { Badge } from '@mantine/core';
import type { AgreementStatus } from '@portal/contracts/agreements';
import { useText } from '../../../i18n/i18n';

const COLOURS: Record<AgreementStatus, string> = { action_needed: 'orange', active: 'teal', superseded: 'gray', expired: 'gray' };

export function AgreementStatusBadge({ status }: { status: AgreementStatus }) {
  const t = useText('agreements');
  return (
    <Badge variant="light" color={COLOURS[status]}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
