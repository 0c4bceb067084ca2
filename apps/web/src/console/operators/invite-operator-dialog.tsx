import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { OPERATOR_INVITATION_EXPIRE_HOURS, OPERATOR_NAME_MAX, inviteOperatorRequestSchema } from '@portal/contracts/console-operators';
import { OPERATOR_ROLES, type OperatorRole } from '@portal/contracts/operator-permissions';
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
    <Modal opened onClose={onClose} title={t('inviteTitle')} closeButtonProps={{ 'aria-label': t('close') }} centered size="lg">
      <form onSubmit={submit} noValidate aria-busy={invite.isPending}>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
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
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={invite.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('sendInvitation')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
