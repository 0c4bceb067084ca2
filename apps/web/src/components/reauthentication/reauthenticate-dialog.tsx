import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { reauthenticateRequestSchema } from '@portal/contracts/account-security';
import { useLocale, useText } from '../../i18n/i18n';
import { localizeValidationMessage } from '../../i18n/validation-messages';
import { errorsFromIssues, fieldErrorsOf, submitErrorMessage } from '../../lib/use-zod-form';
import { useReauthenticate } from './reauthentication-api';
import './reauthentication-messages';

export interface ReauthenticateDialogProps {
  opened: boolean;
  /** With two-factor on, a code of the app may stand in for the password. */
  twoFactorEnabled: boolean;
  /** Why it asks, in the area's words ("…before changing two-factor"); a general sentence when absent. */
  text?: string;
  onConfirmed: () => void;
  onCancel: () => void;
}

/**
 * "Confirm it is you": the current password (or a code of the authenticator app), which lets this session make the
 * guarded changes for 5 minutes. The first field takes focus; an error is announced and keeps focus in the field.
 */
export function ReauthenticateDialog({ opened, twoFactorEnabled, text, onConfirmed, onCancel }: ReauthenticateDialogProps) {
  const t = useText('reauthentication');
  const locale = useLocale();
  const reauthenticate = useReauthenticate();
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setValue('');
    setError(null);
    setMode('password');
    onCancel();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = mode === 'password' ? { password: value } : { code: value.replace(/\s/g, '') };
    const parsed = reauthenticateRequestSchema.safeParse(body);
    if (!parsed.success) {
      setError(localizeValidationMessage(Object.values(errorsFromIssues(parsed.error.issues))[0] ?? '', locale));
      return;
    }
    try {
      await reauthenticate.mutateAsync(parsed.data);
      setValue('');
      setError(null);
      setMode('password');
      onConfirmed();
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      setError(fields ? (Object.values(fields)[0] ?? null) : submitErrorMessage(failure, t('failed')));
      setValue('');
    }
  };

  const switchMode = () => {
    setMode((current) => (current === 'password' ? 'code' : 'password'));
    setValue('');
    setError(null);
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': t('close') }} opened={opened} onClose={close} title={t('title')} centered>
      <form onSubmit={(event) => void submit(event)} noValidate aria-busy={reauthenticate.isPending}>
        <Stack gap="md">
          <Text size="sm">{text ?? t('text')}</Text>
          {mode === 'password' ? (
            <PasswordInput
              label={t('passwordLabel')}
              autoComplete="current-password"
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={error}
              errorProps={{ role: 'alert' }}
              data-autofocus
              required
            />
          ) : (
            <TextInput
              label={t('codeLabel')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={error}
              errorProps={{ role: 'alert' }}
              data-autofocus
              required
            />
          )}
          {twoFactorEnabled && (
            <Anchor component="button" type="button" size="sm" onClick={switchMode} ta="start">
              {mode === 'password' ? t('useCode') : t('usePassword')}
            </Anchor>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={reauthenticate.isPending}>
              {t('confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
