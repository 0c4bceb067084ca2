import { Link } from 'react-router';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useText } from '../../../i18n/i18n';
import { ROUTES } from '../../../lib/paths';
import { AuthLayout } from '../components/auth-layout';

/** /approval-waiting: where a sign-in to an account that is not approved yet leads. */
export function ApprovalWaitingPage() {
  const t = useText('auth');
  return (
    <AuthLayout title={t('approvalWaiting.title')}>
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" color="yellow" aria-hidden="true">
          <IconHourglass size={28} />
        </ThemeIcon>
        <Text>{t('approvalWaiting.body')}</Text>
        <Button component={Link} to={ROUTES.login} variant="light">
          {t('backToSignIn')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
