import { useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { freezeAgentTierRequestSchema, setAgentTierRequestSchema, type ConsoleAgentTierRow, type ConsoleTier } from '@portal/contracts/console-partner-tiers';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { useAgentTierWrite } from './tiers-api';

function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  ) : null;
}

/** Sets an agent's tier by hand, with the reason the partner will read in their history. */
export function ChangeTierDialog({ agent, tiers, onClose }: { agent: ConsoleAgentTierRow; tiers: ConsoleTier[]; onClose: () => void }) {
  const t = useText('console-partner-tiers');
  const write = useAgentTierWrite();
  const [formError, setFormError] = useState<string | null>(null);
  const others = tiers.filter((tier) => tier.id !== agent.tier?.id);
  const form = useZodForm({
    schema: setAgentTierRequestSchema,
    transform: (values: { tier_id: string; reason: string }) => ({ tier_id: Number(values.tier_id), reason: values.reason }),
    initialValues: { tier_id: String(others[0]?.id ?? ''), reason: '' },
  });

  const submit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      await write.mutateAsync({ kind: 'set', id: agent.id, ...body });
      notifySuccess(t('agentDialog.changed'), agent.name);
      onClose();
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('form.saveFailed')));
    }
  });

  return (
    <Modal opened onClose={onClose} title={t('agentDialog.title', { name: agent.name })} closeButtonProps={{ 'aria-label': t('form.close') }} centered>
      <form onSubmit={submit} noValidate aria-busy={write.isPending}>
        <Stack gap="md">
          <FormAlert message={formError} />
          <Text size="sm">{t('agentDialog.intro', { tier: agent.tier?.name ?? t('noTierYet') })}</Text>
          <NativeSelect label={t('agentDialog.tier')} data={others.map((tier) => ({ value: String(tier.id), label: tier.name }))} {...form.getInputProps('tier_id')} />
          <Textarea label={t('agentDialog.reason')} description={t('agentDialog.reasonHelp')} required rows={2} maxLength={500} data-autofocus {...form.getInputProps('reason')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={write.isPending}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={write.isPending}>
              {t('agentDialog.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Freezes an agent's tier (the evaluation leaves it alone) or releases it, with a reason. */
export function FreezeTierDialog({ agent, onClose }: { agent: ConsoleAgentTierRow; onClose: () => void }) {
  const t = useText('console-partner-tiers');
  const write = useAgentTierWrite();
  const [formError, setFormError] = useState<string | null>(null);
  const freezing = !agent.frozen;
  const form = useZodForm({ schema: freezeAgentTierRequestSchema, transform: (values: { reason: string }) => ({ frozen: freezing, reason: values.reason }), initialValues: { reason: '' } });

  const submit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      await write.mutateAsync({ kind: 'freeze', id: agent.id, ...body });
      notifySuccess(freezing ? t('freezeDialog.frozen') : t('freezeDialog.unfrozen'), agent.name);
      onClose();
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('form.saveFailed')));
    }
  });

  const tier = agent.tier?.name ?? '';
  return (
    <Modal
      opened
      onClose={onClose}
      title={freezing ? t('freezeDialog.freezeTitle', { name: agent.name }) : t('freezeDialog.unfreezeTitle', { name: agent.name })}
      closeButtonProps={{ 'aria-label': t('form.close') }}
      centered
    >
      <form onSubmit={submit} noValidate aria-busy={write.isPending}>
        <Stack gap="md">
          <FormAlert message={formError ?? (form.errors as Record<string, string | undefined>).frozen ?? null} />
          <Text size="sm">{freezing ? t('freezeDialog.freezeIntro', { tier }) : t('freezeDialog.unfreezeIntro', { tier })}</Text>
          <Textarea label={t('freezeDialog.reason')} description={t('agentDialog.reasonHelp')} required rows={2} maxLength={500} data-autofocus {...form.getInputProps('reason')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={write.isPending}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={write.isPending} color={freezing ? 'blue' : undefined}>
              {freezing ? t('freeze') : t('unfreeze')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
