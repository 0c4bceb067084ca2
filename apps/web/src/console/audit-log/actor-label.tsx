import { Group, Stack, Text } from '@mantine/core';
import { isOperatorRole } from '@portal/contracts/operator-permissions';
import type { AuditEvent } from '@portal/contracts/console-audit';
import { useText } from '../../i18n/i18n';

/** Who acted: the name (or id) with what they are: an operator's role, a partner, the command line, the system. */
export function ActorLabel({ actor }: { actor: AuditEvent['actor'] }) {
  const t = useText('console-audit-log');
  const kind = actor.type === 'operator' && actor.role && isOperatorRole(actor.role) ? t(`roles.${actor.role}`) : t(`actorTypes.${actor.type}`);
  const name = actor.name ?? actor.id ?? t('unknownName');
  return (
    <Stack gap={2} align="flex-start">
      <Text span size="sm">
        {name}
      </Text>
      <Group gap={4}>
        {/* Text, not a badge: a badge cuts 'Command line' short in a narrow column. */}
        <Text span size="xs" fw={600}>
          {kind}
        </Text>
        {actor.name && actor.id ? (
          <Text span size="xs" c="dimmed">
            {`#${actor.id}`}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
