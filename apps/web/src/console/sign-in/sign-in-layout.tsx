import type { ReactNode } from 'react';
import { Box, Container, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { LOCALES, type Locale } from '@portal/contracts/preferences';
import { changeLocale, LANGUAGE_NAMES, useLocale, useText } from '../../i18n/i18n';
import { ConsoleBrand } from '../layout/console-brand';

/**
 * The frame of the sign-in steps, the partner sign-in's (one centred card, the language choice above it). Each step's
 * title is the page's h1; `titleRef` lets the page move focus to it when the step changes.
 */
export function SignInLayout({ title, description, children, titleRef }: { title: string; description?: ReactNode; children: ReactNode; titleRef?: React.Ref<HTMLHeadingElement> }) {
  const shared = useText('shared');
  const locale = useLocale();
  return (
    <Box
      component="main"
      id="main-content"
      mih="100dvh"
      py={{ base: 'md', sm: 'xl' }}
      px="sm"
      bg="var(--portal-page-background)"
      style={{ display: 'flex', alignItems: 'center' }}
    >
      <Container size={480} w="100%" p={0}>
        <Stack gap="md">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <ConsoleBrand />
            <NativeSelect
              aria-label={shared('languageLabel')}
              size="xs"
              w={130}
              leftSection={<IconLanguage size={16} aria-hidden />}
              value={locale}
              onChange={(event) => void changeLocale(event.currentTarget.value as Locale)}
            >
              {LOCALES.map((option) => (
                <option key={option} value={option} lang={option}>
                  {LANGUAGE_NAMES[option]}
                </option>
              ))}
            </NativeSelect>
          </Group>
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={1} size="h2" ref={titleRef} tabIndex={-1} style={{ outline: 'none' }}>
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
