import { Stack, Text, Title } from '@mantine/core';
import { LoadingLine } from '../../../components/loading-placeholder/loading-placeholder';
import { ProfileTabs } from '../../../components/profile-tabs/profile-tabs';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
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
        <LoadingLine label={t('loading')} />
      ) : overview.isError ? (
        <LoadFailedAlert title={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
      ) : (
        <TwoFactorSection overview={overview.data} email={email} />
      )}
      <SessionsSection />
      <ActivitySection />
    </Stack>
  );
}
