import { Button, Group, Paper, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useText } from '../../../i18n/i18n';
import { useAuthStore, userCan } from '../../../stores/auth-store';
import { useAgreements } from '../api/agreements-api';
import classes from './action-needed-banner.module.css';

/**
 * Above every page, for the members who sign (owners): a mandatory agreement awaits their signature, and until an
 * owner signs it the organisation's new commissions are held (issue 15). Nothing for the other roles, or when none
 * awaits. One slim bar, so it does not take a phone's screen: the explanation shows from the `sm` breakpoint up.
 */
export function ActionNeededBanner() {
  const t = useText('agreements');
  const maySign = useAuthStore((state) => userCan(state.user, 'agreements.sign'));
  const agreements = useAgreements(maySign);
  if (!maySign || !agreements.data?.pending_mandatory) return null;
  const pending = agreements.data.agreements.find((agreement) => agreement.status === 'action_needed' && agreement.mandatory);
  if (!pending) return null;
  return (
    <Paper component="section" aria-label={t('banner.title')} className={classes.banner} px="sm" py={6} mb="md" radius="md">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconSignature size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={600}>
            {t('banner.title')}
          </Text>
          <Text size="sm" visibleFrom="sm" lineClamp={2}>
            {t('banner.body', { title: pending.title, version: pending.version })}
          </Text>
        </Group>
        <Button size="xs" color="orange" component={Link} to={`/agreements?agreement=${pending.id}`} style={{ flexShrink: 0 }}>
          {t('banner.action')}
        </Button>
      </Group>
    </Paper>
  );
}
