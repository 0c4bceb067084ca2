import { Button, CopyButton, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useText } from '../../../i18n/i18n';
import { saveBlob } from '../../../lib/download';

export interface RecoveryCodesDialogProps {
  /** The codes in clear: shown only now. Null: closed. */
  codes: string[] | null;
  email: string;
  onClose: () => void;
}

/** The recovery codes, once: to download as a text file or copy, then gone from the page. */
export function RecoveryCodesDialog({ codes, email, onClose }: RecoveryCodesDialogProps) {
  const t = useText('account-security');
  const text = codes ? `${t('codesFileHeading', { email })}\n\n${codes.join('\n')}\n` : '';
  return (
    <Modal closeButtonProps={{ 'aria-label': t('close') }} opened={codes !== null} onClose={onClose} title={t('codesTitle')} centered closeOnClickOutside={false}>
      <Stack gap="md">
        <Text size="sm">{t('codesText')}</Text>
        <List aria-label={t('codesListLabel')} listStyleType="none" spacing={4} ff="monospace" dir="ltr" data-testid="recovery-codes">
          {(codes ?? []).map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), 'partner-portal-recovery-codes.txt')}
          >
            {t('downloadCodes')}
          </Button>
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
                {copied ? t('copied') : t('copyCodes')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('codesSaved')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
