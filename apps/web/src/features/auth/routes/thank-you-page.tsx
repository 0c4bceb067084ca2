import { Link } from 'react-router';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useText } from '../../../i18n/i18n';
import { ROUTES } from '../../../lib/paths';
import { AuthLayout } from '../components/auth-layout';

/** /thank-you: shown after a registration. */
export function ThankYouPage() {
  const t = useText('auth');
  return (
    <AuthLayout title={t('thankYou.title')}>
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
          <IconMailCheck size={28} />
        </ThemeIcon>
        <Text>{t('thankYou.body')}</Text>
        <Button component={Link} to={ROUTES.login} variant="light">
          {t('backToSignIn')}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
