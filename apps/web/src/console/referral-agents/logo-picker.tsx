import { useEffect, useId, useMemo, useRef } from 'react';
import { Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { AGENT_LOGO_TYPES, agentLogoProblem } from '@portal/contracts/console-referral-agents';
import { useLocale, useText } from '../../i18n/i18n';

/** A file size in the reader's language: '38 KB', '1.2 MB'. */
export function formatFileSize(bytes: number, locale: string): string {
  const megabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: megabytes ? 1 : 0,
  }).format(megabytes ? bytes / 1024 / 1024 : Math.max(1, Math.round(bytes / 1024)));
}

/** A preview URL of the chosen file for as long as it is chosen (revoked after). */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

export interface LogoPickerProps {
  /** What the agent shows now (the console's URL of it), with its alt text. */
  currentUrl: string | null;
  currentAlt: string;
  /** What is shown when there is none, or about the current one. */
  currentNote?: string | undefined;
  file: File | null;
  /** A checked file (or null when cleared); an unfit one is refused here with its reason, and stays unchosen. */
  onFileChange: (file: File | null) => void;
  /** The reason the last choice was refused, here or by the server: shown under the field. */
  error: string | null;
  onError: (message: string | null) => void;
  disabled?: boolean;
  /** false under a heading that already says "Logo" (the agent's page). */
  withLabel?: boolean;
}

/**
 * Chooses a logo: checks its type and size as the server will (which also reads its bytes), previews it, and shows
 * why a file is refused under the field. The upload itself is the page's (with the agent, or on its own).
 */
export function LogoPicker({ currentUrl, currentAlt, currentNote, file, onFileChange, error, onError, disabled, withLabel = true }: LogoPickerProps) {
  const t = useText('console-referral-agents');
  const locale = useLocale();
  const preview = useObjectUrl(file);
  const descriptionId = useId();
  const errorId = useId();
  const resetInput = useRef<() => void>(null);

  const choose = (chosen: File | null) => {
    if (!chosen) return;
    // The same file can be chosen again (after a refusal, or once cleared).
    resetInput.current?.();
    const problem = agentLogoProblem(chosen);
    if (problem) {
      onFileChange(null);
      onError(problem === 'too_large' ? t('logo.tooLarge', { size: formatFileSize(chosen.size, locale) }) : problem === 'empty' ? t('logo.empty') : t('logo.wrongType'));
      return;
    }
    onError(null);
    onFileChange(chosen);
  };

  const shown = preview ?? currentUrl;
  return (
    <Stack gap="xs">
      {withLabel ? (
        <Text component="span" fw={500} size="sm">
          {t('logo.label')}
        </Text>
      ) : null}
      <Text id={descriptionId} size="xs" c="dimmed">
        {t('logo.description')}
      </Text>
      <Group align="center" gap="md" wrap="wrap">
        <Box
          w={180}
          h={72}
          p={6}
          bd="1px solid var(--mantine-color-default-border)"
          style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'var(--mantine-color-body)' }}
        >
          {shown ? (
            <Image src={shown} alt={preview ? t('logo.chosen') : currentAlt} mah={60} maw={168} w="auto" fit="contain" />
          ) : (
            <Text size="xs" c="dimmed" ta="center">
              {t('agents.noLogo')}
            </Text>
          )}
        </Box>
        <Stack gap={4}>
          <FileButton resetRef={resetInput} onChange={choose} accept={AGENT_LOGO_TYPES.join(',')} disabled={disabled} inputProps={{ 'aria-describedby': descriptionId }}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPhotoUp size={16} aria-hidden="true" />} aria-describedby={error ? `${descriptionId} ${errorId}` : descriptionId}>
                {file || currentUrl ? t('logo.chooseAnother') : t('logo.choose')}
              </Button>
            )}
          </FileButton>
          {file ? (
            <Text size="xs" c="dimmed">
              {t('logo.chosenFile', { name: file.name, size: formatFileSize(file.size, locale) })}
            </Text>
          ) : currentNote ? (
            <Text size="xs" c="dimmed">
              {currentNote}
            </Text>
          ) : null}
        </Stack>
      </Group>
      {error ? (
        <Text id={errorId} role="alert" size="sm" c="var(--mantine-color-error)">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
