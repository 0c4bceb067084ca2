import { useState } from 'react';
import { Box, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';

interface BellPreviewProps {
  title: string;
  body: string;
  titleAr: string;
  bodyAr: string;
}

/**
 * The notification as a partner sees it in the header bell's list: unread (the blue dot and tint), the title on one
 * line, the message on two, the time. With an Arabic version, the operator can look at either, right to left.
 */
export function BellPreview({ title, body, titleAr, bodyAr }: BellPreviewProps) {
  const t = useText('console-notifications');
  const format = useFormat();
  const [language, setLanguage] = useState<'en' | 'ar'>('en');
  const arabic = language === 'ar' && titleAr.trim() !== '';
  const shownTitle = (arabic ? titleAr : title).trim();
  const shownBody = (arabic ? bodyAr : body).trim();

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text fw={600} size="sm" id="bell-preview-heading">
          {t('preview')}
        </Text>
        {titleAr.trim() ? (
          <SegmentedControl
            size="xs"
            aria-label={t('preview')}
            value={language}
            onChange={(next) => setLanguage(next as 'en' | 'ar')}
            data={[
              { value: 'en', label: t('previewEnglish') },
              { value: 'ar', label: t('previewArabic') },
            ]}
          />
        ) : null}
      </Group>
      <Paper withBorder radius="md" shadow="sm" maw={360} w="100%" style={{ overflow: 'hidden' }} role="figure" aria-labelledby="bell-preview-heading">
        <Box px="md" py="sm" style={{ background: 'var(--mantine-color-blue-light)' }} dir={arabic ? 'rtl' : 'ltr'} lang={arabic ? 'ar' : 'en'}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Box mt={7} w={8} h={8} style={{ flex: 'none', borderRadius: '50%', background: 'var(--mantine-color-blue-6)' }} aria-hidden="true" />
            <Box style={{ minWidth: 0 }}>
              <Text size="sm" fw={700} lineClamp={1} c={shownTitle ? undefined : 'dimmed'}>
                {shownTitle || t('previewTitle')}
              </Text>
              {shownBody ? (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {shownBody}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed" mt={2}>
                {format.relative(new Date())}
              </Text>
            </Box>
          </Group>
        </Box>
      </Paper>
    </Stack>
  );
}
