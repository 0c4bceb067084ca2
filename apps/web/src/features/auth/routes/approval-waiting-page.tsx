import { Link } from 'react-router';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { ROUTES } from '../../../lib/paths';
import { AuthLayout } from '../components/auth-layout';

/** /approval-waiting: where a sign-in to an account that is not approved yet leads. */
export function ApprovalWaitingPage() {
  return (
    <AuthLayout title="Your account is awaiting approval">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" color="yellow" aria-hidden="true">
          <IconHourglass size={28} />
        </ThemeIcon>
        <Text>
          Thank you for registering. Our team has not approved your partner account yet, so you cannot use the portal
          for now. You will receive an e-mail as soon as it is approved.
        </Text>
        <Button component={Link} to={ROUTES.login} variant="light">
          Back to sign in
        </Button>
      </Stack>
    </AuthLayout>
  );
}
