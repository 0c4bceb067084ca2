import { useState } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { freezeAgentTierRequestSchema, setAgentTierRequestSchema, type ConsoleAgentTierRow, type ConsoleTier } from '@portal/contracts/console-partner-tiers';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { ConfirmActionDialog } from '../components/confirm-action-dialog';
import { useAgentTierWrite } from './tiers-api';

const FREEZE_REASON = freezeAgentTierRequestSchema.pick({ reason: true });

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

/** Freezes an agent's tier (the evaluation leaves it alone) or releases it, with a reason: the console's confirmation. */
export function FreezeTierDialog({ agent, onClose }: { agent: ConsoleAgentTierRow; onClose: () => void }) {
  const t = useText('console-partner-tiers');
  const write = useAgentTierWrite();
  const freezing = !agent.frozen;
  const tier = agent.tier?.name ?? '';
  return (
    <ConfirmActionDialog
      subject={agent.id}
      title={freezing ? t('freezeDialog.freezeTitle', { name: agent.name }) : t('freezeDialog.unfreezeTitle', { name: agent.name })}
      detail={freezing ? t('freezeDialog.freezeIntro', { tier }) : t('freezeDialog.unfreezeIntro', { tier })}
      confirmLabel={freezing ? t('freeze') : t('unfreeze')}
      confirmColor="teal"
      cancelLabel={t('form.cancel')}
      closeLabel={t('form.close')}
      failedText={t('form.saveFailed')}
      reason={{ label: t('freezeDialog.reason'), description: t('agentDialog.reasonHelp'), maxLength: 500, schema: FREEZE_REASON }}
      pending={write.isPending}
      onConfirm={async (reason) => {
        await write.mutateAsync({ kind: 'freeze', id: agent.id, frozen: freezing, reason: reason ?? '' });
        notifySuccess(freezing ? t('freezeDialog.frozen') : t('freezeDialog.unfrozen'), agent.name);
      }}
      onClose={onClose}
    />
  );
}
