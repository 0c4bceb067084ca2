import type { ReactNode } from 'react';
import { Alert, Button, Card, Group, Image, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase, IconBuildingCommunity, IconUsersGroup } from '@tabler/icons-react';
import { DEFAULT_INDUSTRY } from '@portal/contracts/constants';
import { useText } from '../../../i18n/i18n';
import { useDashboardProfile } from '../api/get-dashboard-profile';

/** `/`: greets the partner and shows their partner type, industry and referral agent, as the server has them. */
export function DashboardPage() {
  const t = useText('dashboard');
  const shared = useText('shared');
  const profile = useDashboardProfile();

  if (profile.isPending) {
    return (
      <Stack gap="lg" aria-busy="true" aria-label={t('loading')}>
        <Skeleton h={34} w={260} />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} h={112} radius="md" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  if (profile.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('loadFailed')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{shared('errors.checkConnection')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void profile.refetch()} loading={profile.isFetching}>
            {shared('errors.tryAgain')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const user = profile.data;
  const { partner_type: partnerType, partner_industry: industry, referral_agent: agent } = user.partner_profile;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('welcome', { name: user.first_name })}
        </Title>
        <Text c="dimmed">{t('intro')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <InfoCard icon={<IconBriefcase size={20} />} label={t('partnerType')} value={partnerType.name} />
        <InfoCard icon={<IconBuildingCommunity size={20} />} label={t('industry')} value={industry?.name || t('individual')} />
        <InfoCard
          icon={<IconUsersGroup size={20} />}
          label={t('referralAgent')}
          value={agent.name}
          extra={agent.logo ? <Image src={agent.logo} alt={t('logo', { name: agent.name })} h={40} w="auto" fit="contain" /> : null}
        />
      </SimpleGrid>
    </Stack>
  );
}

function InfoCard({ icon, label, value, extra }: { icon: ReactNode; label: string; value: string; extra?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {label}
          </Text>
          <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }} tt={value === DEFAULT_INDUSTRY ? 'capitalize' : undefined}>
            {value}
          </Text>
          {extra}
        </Stack>
        <ThemeIcon variant="light" size={40} radius="md" aria-hidden="true">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}
