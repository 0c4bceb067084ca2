import { useState } from 'react';
import { Radio, Stack, Text, TextInput } from '@mantine/core';
import { OPERATOR_INVITATION_EXPIRE_HOURS, OPERATOR_NAME_MAX, inviteOperatorRequestSchema } from '@portal/contracts/console-operators';
import { OPERATOR_ROLES, type OperatorRole } from '@portal/contracts/operator-permissions';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { useInviteOperator } from './operators-api';

/** Invites an operator (name, e-mail, role): checked by the contract, then by the server (a taken address is a 422). */
export function InviteOperatorDialog({ onClose }: { onClose: () => void }) {
  const t = useText('console-operators');
  const invite = useInviteOperator();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm({
    schema: inviteOperatorRequestSchema,
    initialValues: { name: '', email: '', role: 'support' as OperatorRole },
  });

  const submit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      const created = await invite.mutateAsync(body);
      notifySuccess(t('invited'), t('invitedDetail', { email: created.email }));
      onClose();
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('inviteFailed')));
    }
  });

  return (
    <FormDialog
      title={t('inviteTitle')}
      closeLabel={t('close')}
      cancelLabel={t('cancel')}
      submitLabel={t('sendInvitation')}
      onClose={onClose}
      onSubmit={submit}
      pending={invite.isPending}
      error={formError}
      size="lg"
    >
      <Text size="sm">{t('inviteDetail', { hours: OPERATOR_INVITATION_EXPIRE_HOURS })}</Text>
      <TextInput label={t('name')} required maxLength={OPERATOR_NAME_MAX} data-autofocus autoComplete="off" {...form.getInputProps('name')} />
      <TextInput label={t('email')} type="email" required autoComplete="off" {...form.getInputProps('email')} />
      <Radio.Group
        label={t('role')}
        required
        value={form.values.role}
        onChange={(value) => form.setFieldValue('role', value as OperatorRole)}
        error={form.errorText('role')}
        errorProps={{ role: 'alert' }}
      >
        <Stack gap="xs" mt={6}>
          {OPERATOR_ROLES.map((role) => (
            <Radio key={role} value={role} label={t(`roles.${role}`)} description={t(`roleDescriptions.${role}`)} />
          ))}
        </Stack>
      </Radio.Group>
    </FormDialog>
  );
}
