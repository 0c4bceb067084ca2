import { Badge, Group, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import type { OperatorAccount, OperatorAccountStatus } from '@portal/contracts/console-operators';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';

const COLORS: Record<OperatorAccountStatus, string> = { invited: 'blue', active: 'teal', disabled: 'red' };

/** The status in words, in the text colour (the dot only repeats it); an invitation shows until when its link works. */
export function OperatorStatus({ operator }: { operator: OperatorAccount }) {
  const t = useText('console-operators');
  const format = useFormat();
  const expires = operator.status === 'invited' ? operator.invitation_expires_at : null;
  return (
    <div>
      <Badge color={COLORS[operator.status]} variant="dot" radius="sm" tt="none">
        {t(`statuses.${operator.status}`)}
      </Badge>
      {expires ? (
        <Text size="xs" c="dimmed" mt={2}>
          {new Date(expires).getTime() <= Date.now()
            ? t('invitationExpired')
            : t('invitationExpires', { date: `${format.date(expires)} ${format.time(expires)}` })}
        </Text>
      ) : null}
    </div>
  );
}

/** Whether the operator has enrolled an authenticator app: an icon and the words (never the colour alone). */
export function TwoFactorState({ enrolled }: { enrolled: boolean }) {
  const t = useText('console-operators');
  const Icon = enrolled ? IconShieldCheck : IconShieldOff;
  return (
    <Group gap={4} wrap="nowrap">
      <Icon size={16} aria-hidden="true" color={enrolled ? 'var(--mantine-color-teal-filled)' : 'var(--mantine-color-dimmed)'} />
      <Text size="sm">{enrolled ? t('enrolled') : t('notEnrolled')}</Text>
    </Group>
  );
}
