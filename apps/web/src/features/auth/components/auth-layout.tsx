import type { ReactNode } from 'react';
import { Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LanguageSelect } from './language-select';
import { useText } from '../../../i18n/i18n';

export interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of the public account pages: the product's name, the language switcher and one centred card, readable
 * on a phone.
 */
export function AuthLayout({ title, description, children }: AuthLayoutProps) {
  const t = useText('shared');
  return (
    <Box
      component="main"
      id="main-content"
      tabIndex={-1}
      mih="100dvh"
      py={{ base: 'md', sm: 'xl' }}
      px="sm"
      bg="var(--portal-page-background)"
      style={{ display: 'flex', alignItems: 'center' }}
    >
      <Container size={480} w="100%" p={0}>
        <Stack gap="md">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <BrandMark />
              <Text fw={700} size="lg">
                {t('productName')}
              </Text>
            </Group>
            <LanguageSelect />
          </Group>
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={1} size="h2">
                  {title}
                </Title>
                {description ? (
                  <Text c="dimmed" size="sm">
                    {description}
                  </Text>
                ) : null}
              </Stack>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}

function BrandMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
      <path d="M9 22V10h7a4 4 0 0 1 0 8h-7" fill="none" stroke="white" strokeWidth="3" strokeLinejoin="round" />
    </svg>
  );
}
