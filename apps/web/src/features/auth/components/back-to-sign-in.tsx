import { Link } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { ROUTES } from '../../../lib/paths';

/** The way out of the password and two-factor forms, under their submit button. */
export function BackToSignIn() {
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={ROUTES.login}>
        Back to sign in
      </Anchor>
    </Text>
  );
}
