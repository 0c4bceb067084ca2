import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { ProfileTabs } from '../../../components/profile-tabs/profile-tabs';
import { useText } from '../../../i18n/i18n';
import { useAuthStore } from '../../../stores/auth-store';
import { useSecurityOverview } from '../api/account-security-api';
import { ActivitySection } from '../components/activity-section';
import { SessionsSection } from '../components/sessions-section';
import { TwoFactorSection } from '../components/two-factor-section';

/** /profile/security: two-factor, the signed-in devices and the security activity of the signed-in member. */
export function SecurityPage() {
  const t = useText('account-security');
  const overview = useSecurityOverview();
  const email = useAuthStore((state) => state.user?.email ?? '');
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <ProfileTabs />
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      {overview.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('loading')}</Text>
        </Group>
      ) : overview.isError ? (
        <Alert color="red" role="alert" title={t('loadFailed')}>
          <Button size="xs" variant="default" onClick={() => void overview.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <TwoFactorSection overview={overview.data} email={email} />
      )}
      <SessionsSection />
      <ActivitySection />
    </Stack>
  );
}
