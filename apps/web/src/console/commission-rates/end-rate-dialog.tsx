import { useState } from 'react';
import { Text, TextInput } from '@mantine/core';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { endRateRequestSchema, type ConsoleRateRow } from '@portal/contracts/console-commission-rates';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { useRateText } from '../../lib/rate-text';
import { notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { rateValueOf, appliesTo } from './rate-text';
import { useRateWrite } from './rate-card-api';

/** Ends a rate on a day (the day before is its last); the server refuses a day not after its start or later than its end. */
export function EndRateDialog({ rate, onClose }: { rate: ConsoleRateRow; onClose: () => void }) {
  const t = useText('console-commission-rates');
  const format = useFormat();
  const rates = useRateText();
  const write = useRateWrite();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm({ schema: endRateRequestSchema, initialValues: { valid_to: '' } });

  const submit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      await write.mutateAsync({ kind: 'end', id: rate.id, body });
      notifySuccess(t('endDialog.ended'), appliesTo(rate, t));
      onClose();
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('form.saveFailed')));
    }
  });

  return (
    <FormDialog
      title={t('endDialog.title')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('endDialog.confirm')}
      onClose={onClose}
      onSubmit={submit}
      pending={write.isPending}
      error={formError}
      destructive
    >
      <Text size="sm">{t('endDialog.intro', { name: appliesTo(rate, t), rate: rates.rate(rateValueOf(rate)), from: format.date(rate.valid_from) })}</Text>
      <TextInput type="date" label={t('endDialog.validTo')} description={t('endDialog.validToHelp')} required data-autofocus {...form.getInputProps('valid_to')} />
    </FormDialog>
  );
}
