import { Link } from 'react-router';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { ROUTES } from '../../../lib/paths';
import { AuthLayout } from '../components/auth-layout';

/** /thank-you: shown after a registration. */
export function ThankYouPage() {
  return (
    <AuthLayout title="Thank you for registering">
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
          <IconMailCheck size={28} />
        </ThemeIcon>
        <Text>
          We have received your application. Our team reviews every new partner account; once yours is approved you
          will get an e-mail with a link to sign in.
        </Text>
        <Button component={Link} to={ROUTES.login} variant="light">
          Back to sign in
        </Button>
      </Stack>
    </AuthLayout>
  );
}
