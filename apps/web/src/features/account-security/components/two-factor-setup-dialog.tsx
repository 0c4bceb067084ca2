import { useState, type FormEvent } from 'react';
import { Button, Code, CopyButton, Group, Image, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { TwoFactorSetupAnswer } from '@portal/contracts/account-security';
import { useText } from '../../../i18n/i18n';
import { fieldErrorsOf, submitErrorMessage } from '../../../lib/use-zod-form';
import { needsReauthentication } from '../../../components/reauthentication/reauthentication-api';
import { useConfirmTwoFactor } from '../api/account-security-api';

export interface TwoFactorSetupDialogProps {
  /** The new secret waiting for its first code; null: closed. */
  setup: TwoFactorSetupAnswer | null;
  /** Runs the confirmation through the re-authentication gate (the 5 minutes may run out while the app is set up). */
  guard: (action: () => Promise<void>) => Promise<void>;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** The secret in groups of four, as authenticator apps show keys (easier to type). */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * Turning two-factor on: the QR code (with a text alternative that points to the key), the key itself to type by
 * hand, and the first code from the app. The code field takes focus first: the QR is read by the phone, not here.
 */
export function TwoFactorSetupDialog({ setup, guard, onEnabled, onCancel }: TwoFactorSetupDialogProps) {
  const t = useText('account-security');
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setCode('');
    setError(null);
    onCancel();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(t('codeInvalidFormat'));
      return;
    }
    setError(null);
    void guard(async () => {
      try {
        const { recovery_codes: codes } = await confirm.mutateAsync(digits);
        setCode('');
        onEnabled(codes);
      } catch (failure) {
        if (needsReauthentication(failure)) throw failure;
        const fields = fieldErrorsOf(failure);
        setError(fields ? (Object.values(fields)[0] ?? null) : submitErrorMessage(failure, t('actionFailed')));
        setCode('');
      }
    });
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': t('close') }} opened={setup !== null} onClose={close} title={t('setupTitle')} centered size="md">
      {setup && (
        <form onSubmit={submit} noValidate aria-busy={confirm.isPending}>
          <Stack gap="md">
            <Text size="sm">{t('setupStepScan')}</Text>
            <Image src={setup.qr_code} alt={t('qrAlt')} w={200} h={200} mx="auto" bg="white" p={4} radius="sm" />
            <Text size="sm">{t('setupStepKey')}</Text>
            <Group gap="sm" wrap="wrap">
              <Code fz="md" dir="ltr" aria-label={t('setupKeyLabel')} style={{ wordBreak: 'break-all' }} data-testid="two-factor-secret">
                {grouped(setup.secret)}
              </Code>
              <CopyButton value={setup.secret}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? t('copied') : t('copyKey')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm">{t('setupStepCode')}</Text>
            <TextInput
              label={t('codeLabel')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={error}
              errorProps={{ role: 'alert' }}
              data-autofocus
              required
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={confirm.isPending}>
                {t('confirmEnable')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
