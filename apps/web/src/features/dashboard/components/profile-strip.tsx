import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconBriefcase, IconBuildingCommunity, IconUsersGroup } from '@tabler/icons-react';
import { DEFAULT_INDUSTRY } from '@portal/contracts/constants';
import { LoadFailedAlert } from '../../../components/query-view/query-view';
import { useText } from '../../../i18n/i18n';
import { useDashboardProfile } from '../api/get-dashboard-profile';
import { AgentLogo } from '../../../components/agent-logo/agent-logo';

/**
 * The page's heading: the greeting once the partner is known (spec §3), the page's name until then or if they could
 * not be loaded, so the page always has its one level-1 heading.
 */
export function DashboardHeading() {
  const t = useText('dashboard');
  const profile = useDashboardProfile();
  return (
    <Title order={1} size="h2">
      {profile.data ? t('welcome', { name: profile.data.first_name }) : t('title')}
    </Title>
  );
}

/**
 * The partner's account as the server has it now (spec §3: partner type, industry, with 'individual' when there is
 * none, and the referral agent with its logo): a strip above the cards, loading and failing on its own like them.
 */
export function ProfileStrip() {
  const t = useText('dashboard');
  const shared = useText('shared');
  const profile = useDashboardProfile();

  if (profile.isPending) {
    return (
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-busy="true">
        <VisuallyHidden>{t('loading')}</VisuallyHidden>
        <Stack gap="sm" aria-hidden="true">
          <Skeleton h={16} w={280} maw="100%" />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} h={48} radius="md" />
            ))}
          </SimpleGrid>
        </Stack>
      </Paper>
    );
  }

  if (profile.isError) {
    return (
      <LoadFailedAlert
        title={t('loadFailed')}
        message={shared('errors.checkConnection')}
        retryLabel={shared('errors.tryAgain')}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  }

  const user = profile.data;
  const { partner_type: partnerType, partner_industry: industry, referral_agent: agent } = user.partner_profile;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Text c="dimmed" size="sm">
          {t('intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <InfoItem icon={<IconBriefcase size={18} />} label={t('partnerType')} value={partnerType.name} />
          <InfoItem icon={<IconBuildingCommunity size={18} />} label={t('industry')} value={industry?.name || t('individual')} />
          <InfoItem
            icon={<IconUsersGroup size={18} />}
            label={t('referralAgent')}
            value={agent.name}
            extra={agent.logo ? <AgentLogo src={agent.logo} alt={t('logo', { name: agent.name })} height={32} maxWidth={160} /> : null}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function InfoItem({ icon, label, value, extra }: { icon: ReactNode; label: string; value: string; extra?: ReactNode }) {
  return (
    <Group component="section" aria-label={label} wrap="nowrap" align="flex-start" gap="sm">
      <ThemeIcon variant="light" size={34} radius="md" aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="xs" tt="uppercase" fw={700} c="dimmed">
          {label}
        </Text>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }} tt={value === DEFAULT_INDUSTRY ? 'capitalize' : undefined}>
          {value}
        </Text>
        {extra}
      </Stack>
    </Group>
  );
}
