import { Stack, Text, Title } from '@mantine/core';
import { useText } from '../../../i18n/i18n';
import { AgreementList } from './agreements-page';

/** /contracts (spec §2; issue 15): what the agent signed, and its individual contract, each to open and download. */
export function ContractsPage() {
  const t = useText('agreements');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('contractsTitle')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('contractsIntro')}
        </Text>
      </Stack>
      <AgreementList filter={(agreement) => agreement.acceptance !== null || agreement.kind === 'individual'} emptyText={t('contractsEmpty')} />
    </Stack>
  );
}
