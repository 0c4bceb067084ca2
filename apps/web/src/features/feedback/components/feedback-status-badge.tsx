import { Badge } from '@mantine/core';
import type { FeedbackStatus } from '@portal/contracts/feedback';
import { useText } from '../../../i18n/i18n';

/** The status in words, in the text colour; the dot's colour only repeats it (a light badge fails contrast). */
const COLORS: Record<FeedbackStatus, string> = { new: 'blue', in_review: 'yellow', answered: 'teal', closed: 'gray' };

export function FeedbackStatusBadge({ status }: { status: FeedbackStatus }) {
  const t = useText('feedback');
  return (
    <Badge color={COLORS[status]} variant="dot" radius="sm" tt="none" style={{ whiteSpace: 'nowrap' }}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
