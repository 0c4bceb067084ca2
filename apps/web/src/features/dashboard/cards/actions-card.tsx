import { Link } from 'react-router';
import { Anchor, Badge, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCashBanknoteOff, IconCircleCheck, IconCreditCard, IconLock, IconShieldLock, IconSignature, IconUserPlus } from '@tabler/icons-react';
import type { DashboardAction, DashboardActionKind } from '@portal/contracts/dashboard';
import { useFormat } from '../../../i18n/format';
import { useText } from '../../../i18n/i18n';
import { useDashboardCard, type DashboardCardProps } from '../../../lib/dashboard-cards';
import { cardState, DashboardCardFrame } from '../components/dashboard-card-frame';
import classes from '../dashboard.module.css';

/** Each kind's words (a key of the dashboard's texts, plural ones by their count) and icon. */
const ACTION_LOOKS = {
  agreement_to_sign: { text: 'actions.kinds.agreementToSign', icon: IconSignature },
  payment_details_missing: { text: 'actions.kinds.paymentDetailsMissing', icon: IconCreditCard },
  payment_details_unverified: { text: 'actions.kinds.paymentDetailsUnverified', icon: IconShieldLock },
  payment_details_frozen: { text: 'actions.kinds.paymentDetailsFrozen', icon: IconLock },
  payout_failed: { text: 'actions.kinds.payoutFailed', icon: IconCashBanknoteOff },
  invites_pending: { text: 'actions.kinds.invitesPending', icon: IconUserPlus },
} as const satisfies Record<DashboardActionKind, { text: string; icon: unknown }>;

/**
 * What the member should do now, whatever the range: an agreement to sign, payment details to add, verify or
 * unfreeze, a failed payout, invitations not accepted. The server asks each area only for what the member's role
 * may do, orders them by urgency and sends the page where each is done.
 */
export function ActionsCard(_props: DashboardCardProps) {
  const t = useText('dashboard');
  const actions = useDashboardCard('actions');
  return (
    <DashboardCardFrame title={t('actions.title')} state={cardState(actions)}>
      {() => {
        const list = actions.data!.actions;
        if (list.length === 0) {
          return (
            <Group gap="xs" wrap="nowrap">
              <ThemeIcon variant="light" color="teal" radius="xl" size={28} aria-hidden="true">
                <IconCircleCheck size={18} />
              </ThemeIcon>
              <Text size="sm">{t('actions.none')}</Text>
            </Group>
          );
        }
        return (
          <Stack component="ul" gap="sm" className={classes.plainList}>
            {list.map((action) => (
              <ActionLine key={action.kind} action={action} />
            ))}
          </Stack>
        );
      }}
    </DashboardCardFrame>
  );
}

function ActionLine({ action }: { action: DashboardAction }) {
  const t = useText('dashboard');
  const format = useFormat();
  const look = ACTION_LOOKS[action.kind];
  const Icon = action.severity === 'high' ? IconAlertTriangle : look.icon;
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" color={action.severity === 'high' ? 'red' : 'blue'} radius="md" size={32} aria-hidden="true">
        <Icon size={18} />
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={action.link} fw={600} size="sm">
            {t(look.text, { count: action.count })}
          </Anchor>
          {action.severity === 'high' ? (
            <Badge variant="dot" color="red" radius="sm" size="sm" tt="none">
              {t('actions.urgent')}
            </Badge>
          ) : null}
        </Group>
        {action.since ? (
          <Text size="xs" c="dimmed">
            {t('actions.since', { date: format.date(action.since) })}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
