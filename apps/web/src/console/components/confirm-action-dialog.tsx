import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { z } from 'zod';
import { useLocale } from '../../i18n/i18n';
import { localizeValidationMessage } from '../../i18n/validation-messages';
import { errorsFromIssues, fieldErrorsOf, submitErrorMessage } from '../../lib/use-zod-form';

/** The reason an action asks for (kept in the audit log), validated by the request's contract schema. */
export interface ReasonField {
  label: string;
  description: string;
  maxLength: number;
  schema: z.ZodType<{ reason: string }>;
}

export interface ConfirmActionDialogProps {
  /** Changes when another action is asked for: the reason and the errors start afresh. */
  subject: unknown;
  title: string;
  detail: string;
  confirmLabel: string;
  confirmColor: 'teal' | 'red';
  cancelLabel: string;
  closeLabel: string;
  /** Shown when the action fails without a field message. */
  failedText: string;
  reason?: ReasonField | undefined;
  pending: boolean;
  /** Sends the action (with the reason when one is asked for); throws what the API answered. */
  onConfirm: (reason: string | undefined) => Promise<void>;
  onClose: () => void;
}

/**
 * Confirms an operator's action before it is sent, with the reason it needs if any (checked by its contract first,
 * then by the server's 422). Closing it (Cancel, Escape) sends nothing. Every console action goes through it.
 */
export function ConfirmActionDialog(props: ConfirmActionDialogProps) {
  const { reason: reasonField, pending } = props;
  const locale = useLocale();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    setReason('');
    setReasonError(undefined);
    setFormError(null);
  }, [props.subject]);

  const submit = async () => {
    setFormError(null);
    let checkedReason: string | undefined;
    if (reasonField) {
      const parsed = reasonField.schema.safeParse({ reason });
      if (!parsed.success) {
        setReasonError(localizeValidationMessage(errorsFromIssues(parsed.error.issues).reason ?? '', locale));
        return;
      }
      checkedReason = parsed.data.reason;
    }
    try {
      await props.onConfirm(checkedReason);
      props.onClose();
    } catch (error) {
      const fieldMessage = fieldErrorsOf(error)?.reason;
      if (fieldMessage) setReasonError(localizeValidationMessage(fieldMessage, locale));
      else setFormError(submitErrorMessage(error, props.failedText));
    }
  };

  return (
    <Modal opened onClose={props.onClose} title={props.title} closeButtonProps={{ 'aria-label': props.closeLabel }} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
        aria-busy={pending}
      >
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <Text size="sm">{props.detail}</Text>
          {reasonField ? (
            <Textarea
              label={reasonField.label}
              description={reasonField.description}
              required
              rows={4}
              maxLength={reasonField.maxLength}
              data-autofocus
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                if (reasonError) setReasonError(undefined);
              }}
              error={reasonError}
              errorProps={{ role: 'alert' }}
            />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onClose} disabled={pending}>
              {props.cancelLabel}
            </Button>
            <Button type="submit" color={props.confirmColor} loading={pending} data-autofocus={reasonField ? undefined : true}>
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
