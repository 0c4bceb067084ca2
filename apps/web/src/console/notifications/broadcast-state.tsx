import { Badge, Stack, Text } from '@mantine/core';
import type { BroadcastState, NotificationBroadcast } from '@portal/contracts/console-notifications';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';

const COLORS: Record<BroadcastState, string> = { queued: 'gray', sending: 'blue', sent: 'teal', failed: 'red' };

/** A send's state in words (the dot's colour only repeats them), its progress while sending, and why it failed. */
export function BroadcastStateCell({ broadcast }: { broadcast: NotificationBroadcast }) {
  const t = useText('console-notifications');
  const format = useFormat();
  return (
    <Stack gap={2} align="flex-start" miw={104}>
      <Badge color={COLORS[broadcast.state]} variant="dot" radius="sm" tt="none">
        {t(`states.${broadcast.state}`)}
      </Badge>
      {broadcast.state === 'sending' || broadcast.state === 'failed' ? (
        <Text size="xs" c="dimmed">
          {t('progress', { sent: format.number(broadcast.sent_count), total: format.number(broadcast.recipient_count) })}
        </Text>
      ) : null}
      {broadcast.state === 'failed' && broadcast.error ? (
        <Text size="xs" c="red.8" maw={260}>
          {t('failedBecause', { error: broadcast.error })}
        </Text>
      ) : null}
    </Stack>
  );
}
