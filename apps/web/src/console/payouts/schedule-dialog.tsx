import { useState } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { payoutScheduleRequestSchema, type PayoutSchedule } from '@portal/contracts/console-earnings';
import { minorToDecimal } from '@portal/contracts/money';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { usePayoutScheduleWrite } from './payouts-api';

interface ScheduleValues extends Record<string, unknown> {
  minimum: string;
  day_of_month: string;
}

/** The day as the contract takes it: a whole number, or NaN (which the contract refuses with its own message). */
function toRequest(values: ScheduleValues) {
  const day = values.day_of_month.trim();
  return { minimum: values.minimum, day_of_month: /^\d+$/.test(day) ? Number(day) : Number.NaN };
}

/** A currency's minimum payout (a decimal in the currency) and day of the month; the server's 422s show by their fields. */
export function ScheduleDialog({ schedule, onClose }: { schedule: PayoutSchedule; onClose: () => void }) {
  const t = useText('console-payouts');
  const format = useFormat();
  const save = usePayoutScheduleWrite();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm({
    schema: payoutScheduleRequestSchema,
    transform: toRequest,
    initialValues: { minimum: minorToDecimal(schedule.minimum_minor, schedule.currency), day_of_month: String(schedule.day_of_month) },
  });
  const { currency } = schedule;

  const submit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      await save.mutateAsync({ currency, body });
      notifySuccess(t('scheduleDialog.saved'), t('scheduleDialog.savedDetail', { currency, minimum: format.money(body.minimum, currency), day: body.day_of_month }));
      onClose();
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('saveFailed')));
    }
  });

  return (
    <Modal opened onClose={onClose} title={t('scheduleDialog.title', { currency })} closeButtonProps={{ 'aria-label': t('close') }} centered>
      <form onSubmit={submit} noValidate aria-busy={save.isPending}>
        <Stack gap="md">
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t('scheduleDialog.minimum')}
              description={t('scheduleDialog.minimumHelp', { currency })}
              required
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              data-autofocus
              rightSection={currency}
              rightSectionWidth={48}
              {...form.getInputProps('minimum')}
            />
            <TextInput
              label={t('scheduleDialog.day')}
              description={t('scheduleDialog.dayHelp')}
              required
              inputMode="numeric"
              autoComplete="off"
              dir="ltr"
              maxLength={2}
              {...form.getInputProps('day_of_month')}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('scheduleDialog.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
