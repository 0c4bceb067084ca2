import { Badge } from '@mantine/core';
import type { PartnerAccountStatus } from '@portal/contracts/console-partners';
import { useText } from '../../i18n/i18n';

const COLORS: Record<PartnerAccountStatus, string> = { pending: 'yellow', approved: 'teal', rejected: 'gray', suspended: 'red', invited: 'blue', deactivated: 'gray' };

/** An account's status in words, in the text colour (a light yellow badge was 2.7:1); the dot's colour only repeats them. */
export function PartnerStatusBadge({ status }: { status: PartnerAccountStatus }) {
  const t = useText('console');
  return (
    <Badge color={COLORS[status]} variant="dot" radius="sm" tt="none">
      {t(`partners.statuses.${status}`)}
    </Badge>
  );
}
