import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PaymentDetailEvent } from '@portal/contracts/payment-details';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { Ltr } from './ltr';

/**
 * An account isolated as left to right inside a sentence: in Arabic, 'IBAN •••• 1234 (DE) ← IBAN •••• 5678 (GB)'
 * would otherwise read as one left-to-right run, its arrow pointing back to the old account.
 */
function leftToRight(text: string): string {
  return `\u2066${text}\u2069`;
}

const KIND_COLORS: Record<PaymentDetailEvent['kind'], string> = { changed: 'blue', verified: 'green', frozen: 'red' };

/** The append-only change log, newest first: what happened, when, who (the programme team for a verification). */
export function ChangeLog({ events }: { events: PaymentDetailEvent[] }) {
  const t = useText('payment-details');
  const format = useFormat();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="payment-details-log-title">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="payment-details-log-title">
            {t('log.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('log.intro')}
          </Text>
        </Stack>
        {events.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('log.empty')}
          </Text>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="payment-details-log-title">
            {events.map((event) => (
              <Paper component="li" key={event.id} withBorder radius="sm" p="sm">
                <Stack gap={4}>
                  <Group gap="xs" wrap="wrap">
                    <Badge color={KIND_COLORS[event.kind]} variant="dot" radius="sm" tt="none">
                      {t(`log.kinds.${event.kind}`)}
                    </Badge>
                    <Text size="sm" component="time" dateTime={event.at}>
                      {format.date(event.at)} {format.time(event.at)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('log.by', { name: event.by ?? t('log.team') })}
                    </Text>
                  </Group>
                  {event.new_masked && (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {event.old_masked ? t('log.change', { from: leftToRight(event.old_masked), to: leftToRight(event.new_masked) }) : <Ltr>{event.new_masked}</Ltr>}
                    </Text>
                  )}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
