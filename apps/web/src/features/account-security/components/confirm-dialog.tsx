import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useText } from '../../../i18n/i18n';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before an action that signs something out or lowers protection. Mantine's Modal traps focus, closes on Escape
 * and gives focus back to the button that opened it; Cancel takes the first focus, so Enter never confirms by accident.
 */
export function ConfirmDialog({ opened, title, text, confirmLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const t = useText('account-security');
  return (
    <Modal closeButtonProps={{ 'aria-label': t('close') }} opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{text}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t('cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
