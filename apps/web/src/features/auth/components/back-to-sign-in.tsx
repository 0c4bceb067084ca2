import { Link } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { useText } from '../../../i18n/i18n';
import { ROUTES } from '../../../lib/paths';

/** The way out of the password and two-factor forms, under their submit button. */
export function BackToSignIn() {
  const t = useText('auth');
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={ROUTES.login}>
        {t('backToSignIn')}
      </Anchor>
    </Text>
  );
}
