import { Alert, Button, Group, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useText } from '../../../i18n/i18n';
import { useAuthStore, userCan } from '../../../stores/auth-store';
import { useAgreements } from '../api/agreements-api';

/**
 * Above every page, for the members who sign (owners): a mandatory agreement awaits their signature, and until an
 * owner signs it the organisation's new commissions are held (issue 15). Nothing for the other roles, or when none
 * awaits.
 */
export function ActionNeededBanner() {
  const t = useText('agreements');
  const maySign = useAuthStore((state) => userCan(state.user, 'agreements.sign'));
  const agreements = useAgreements(maySign);
  if (!maySign || !agreements.data?.pending_mandatory) return null;
  const pending = agreements.data.agreements.find((agreement) => agreement.status === 'action_needed' && agreement.mandatory);
  if (!pending) return null;
  return (
    <Alert variant="light" color="orange" icon={<IconSignature size={20} aria-hidden />} title={t('banner.title')} mb="md" role="region" aria-label={t('banner.title')}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t('banner.body', { title: pending.title, version: pending.version })}</Text>
        <Button size="xs" color="orange" component={Link} to={`/agreements?agreement=${pending.id}`}>
          {t('banner.action')}
        </Button>
      </Group>
    </Alert>
  );
}
