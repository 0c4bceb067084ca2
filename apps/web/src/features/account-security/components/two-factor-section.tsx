import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SecurityOverview, TwoFactorSetupAnswer } from '@portal/contracts/account-security';
import { useText } from '../../../i18n/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { submitErrorMessage } from '../../../lib/use-zod-form';
import { needsReauthentication } from '../../../components/reauthentication/reauthentication-api';
import { useReauthenticationGate } from '../../../components/reauthentication/use-reauthentication-gate';
import { useDisableTwoFactor, useRegenerateRecoveryCodes, useStartTwoFactor } from '../api/account-security-api';
import { ConfirmDialog } from './confirm-dialog';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { TwoFactorSetupDialog } from './two-factor-setup-dialog';

/** Two-factor on or off, and the three changes, each behind the re-authentication gate. */
export function TwoFactorSection({ overview, email }: { overview: SecurityOverview; email: string }) {
  const t = useText('account-security');
  const enabled = overview.two_factor_enabled;
  const { guard, dialog } = useReauthenticationGate(enabled, t('reauthText'));
  const start = useStartTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [setup, setSetup] = useState<TwoFactorSetupAnswer | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirmingOff, setConfirmingOff] = useState(false);

  /** The action's own failures become a toast; the re-authentication answer goes back to the gate. */
  const run = (action: () => Promise<void>) =>
    void guard(async () => {
      try {
        await action();
      } catch (error) {
        if (needsReauthentication(error)) throw error;
        notifyError(t('actionFailed'), submitErrorMessage(error, t('actionFailed')));
      }
    });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="two-factor-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id="two-factor-title">
            {t('twoFactorTitle')}
          </Title>
          <Badge color={enabled ? 'green' : 'gray'} variant="dot" radius="sm" tt="none">
            {enabled ? t('statusOn') : t('statusOff')}
          </Badge>
        </Group>
        <Text size="sm">{enabled ? t('twoFactorOnText') : t('twoFactorOffText')}</Text>
        {enabled && <Text size="sm" c="dimmed">{t('recoveryLeft', { count: overview.recovery_codes_left })}</Text>}
        <Group gap="sm" wrap="wrap">
          {enabled ? (
            <>
              <Button variant="default" loading={regenerate.isPending} onClick={() => run(async () => setCodes((await regenerate.mutateAsync()).recovery_codes))}>
                {t('regenerate')}
              </Button>
              <Button variant="light" color="red" onClick={() => setConfirmingOff(true)}>
                {t('turnOff')}
              </Button>
            </>
          ) : (
            <Button loading={start.isPending} onClick={() => run(async () => setSetup(await start.mutateAsync()))}>
              {t('turnOn')}
            </Button>
          )}
        </Group>
      </Stack>
      <TwoFactorSetupDialog
        setup={setup}
        guard={guard}
        onCancel={() => setSetup(null)}
        onEnabled={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
          notifySuccess(t('enabledTitle'), t('enabledMessage'));
        }}
      />
      <RecoveryCodesDialog codes={codes} email={email} onClose={() => setCodes(null)} />
      <ConfirmDialog
        opened={confirmingOff}
        title={t('disableTitle')}
        text={t('disableText')}
        confirmLabel={t('turnOff')}
        busy={disable.isPending}
        onCancel={() => setConfirmingOff(false)}
        onConfirm={() => {
          setConfirmingOff(false);
          run(async () => {
            await disable.mutateAsync();
            notifySuccess(t('disabledTitle'), t('disabledMessage'));
          });
        }}
      />
      {dialog}
    </Paper>
  );
}
