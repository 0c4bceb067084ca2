import { Group, Text } from '@mantine/core';
import { useText } from '../../i18n/i18n';

/** The console's name beside the portal's mark: staff see at a glance that this is not the partner portal. */
export function ConsoleBrand() {
  const t = useText('console');
  return (
    <Group gap="xs" wrap="nowrap">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
        <path d="M9 22V10h7a4 4 0 0 1 0 8h-7" fill="none" stroke="white" strokeWidth="3" strokeLinejoin="round" />
      </svg>
      <Text fw={700} size="lg" truncate="end">
        {t('productName')}
      </Text>
    </Group>
  );
}
