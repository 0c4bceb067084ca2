import { useState } from 'react';
import { Group, Text } from '@mantine/core';
import { AgentLogo } from '../../components/agent-logo/agent-logo';
import { useText } from '../../i18n/i18n';
import { useAuthStore } from '../../stores/auth-store';

/** The referral agent's logo (spec §3 user_logo; on a light backplate in dark), or its name when there is no logo or it fails to load. */
export function AgentBrand() {
  const logo = useAuthStore((state) => state.user_logo);
  const t = useText('shared');
  const agentName = useAuthStore((state) => state.user?.partner_profile.referral_agent.name) ?? t('productName');
  const [broken, setBroken] = useState<string | null>(null);

  if (logo && broken !== logo) {
    return (
      <AgentLogo src={logo} alt={agentName} height={32} maxWidth={160} onError={() => setBroken(logo)} />
    );
  }
  return (
    <Group gap={0} wrap="nowrap">
      <Text fw={700} size="md" truncate="end" maw={{ base: 150, sm: 260 }}>
        {agentName}
      </Text>
    </Group>
  );
}
