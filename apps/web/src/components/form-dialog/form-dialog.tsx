/**
 * The frame of a dialog that edits a record (issue 32): a centred modal named by its title, a form that is busy
 * while it sends, a failure without a field at the top as an alert, the fields, then Cancel and the submit button.
 * The area gives its fields (with `useZodForm` on the contract's schema) and its words.
 */
import type { FormEventHandler, ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';

export interface FormDialogProps {
  title: string;
  closeLabel: string;
  cancelLabel: string;
  submitLabel: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  /** Why the last submit failed, when no field says it. */
  error: string | null;
  children: ReactNode;
  /** @default 'md' */
  size?: string;
  /** The submit ends or removes something: its button is red. */
  destructive?: boolean;
}

export function FormDialog({ title, closeLabel, cancelLabel, submitLabel, onClose, onSubmit, pending, error, children, size, destructive = false }: FormDialogProps) {
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': closeLabel }} centered size={size}>
      <form onSubmit={onSubmit} noValidate aria-busy={pending}>
        <Stack gap="md">
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          {children}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {cancelLabel}
            </Button>
            <Button type="submit" color={destructive ? 'red' : undefined} loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
