import { useState } from 'react';
import { Text, TextInput } from '@mantine/core';
import { payoutApprovalThresholdRequestSchema, payoutThresholdParamsSchema, type PayoutApprovalThreshold } from '@portal/contracts/console-earnings';
import { minorDigits, minorToDecimal } from '@portal/contracts/money';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { CurrencySelect } from '../components/currency-select';
import { useSetPayoutThreshold } from './payouts-api';

/** The form checks what the server checks: the currency of the path and the amount of the body. */
const thresholdFormSchema = payoutThresholdParamsSchema.extend(payoutApprovalThresholdRequestSchema.shape);

/**
 * A currency's four-eyes threshold, typed in its major units ('10000.00'; yen whole) and kept by the server in minor
 * units; `editing` fixes the currency. More decimals than the currency has is the server's 422, shown at the field.
 */
export function ThresholdDialog({ editing, existing, onClose }: { editing: PayoutApprovalThreshold | null; existing: readonly PayoutApprovalThreshold[]; onClose: () => void }) {
  const t = useText('console-payouts');
  const format = useFormat();
  const save = useSetPayoutThreshold();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm({
    schema: thresholdFormSchema,
    initialValues: { currency: editing?.currency ?? '', threshold: editing ? minorToDecimal(editing.threshold_minor, editing.currency) : '' },
  });
  const currency = form.values.currency;
  // Adding a currency that has one already edits it: said before saving.
  const clash = !editing && currency ? existing.find((threshold) => threshold.currency === currency) : undefined;

  const submit = form.onSubmit(async ({ currency: code, threshold }) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ currency: code, threshold });
      const row = saved.thresholds.find((each) => each.currency === code);
      notifySuccess(t('thresholds.form.saved'), t('thresholds.form.savedDetail', { currency: code, amount: row ? format.moneyMinor(row.threshold_minor, code) : threshold }));
      onClose();
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('thresholds.form.saveFailed')));
    }
  });

  let help = t('thresholds.form.thresholdHelpNoCurrency');
  if (currency) help = minorDigits(currency) === 0 ? t('thresholds.form.thresholdHelpWhole', { currency }) : t('thresholds.form.thresholdHelp', { currency, decimals: minorDigits(currency) });

  return (
    <FormDialog
      title={editing ? t('thresholds.form.editTitle', { currency: editing.currency }) : t('thresholds.form.addTitle')}
      closeLabel={t('close')}
      cancelLabel={t('cancel')}
      submitLabel={t('thresholds.form.save')}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={formError}
      size="sm"
    >
      <CurrencySelect
        label={t('thresholds.form.currency')}
        required
        disabled={Boolean(editing)}
        value={currency}
        onChange={(code) => form.setFieldValue('currency', code)}
        error={form.errorText('currency')}
        placeholder={t('thresholds.form.chooseCurrency')}
        nothingFoundMessage={t('thresholds.form.noCurrencyFound')}
        data-autofocus={editing ? undefined : true}
      />
      {clash ? (
        <Text size="sm" c="orange.9" role="status">
          {t('thresholds.form.exists', { currency: clash.currency })}
        </Text>
      ) : null}
      <TextInput
        label={t('thresholds.form.threshold')}
        description={help}
        required
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        rightSection={currency || undefined}
        rightSectionWidth={48}
        data-autofocus={editing ? true : undefined}
        {...form.getInputProps('threshold')}
      />
    </FormDialog>
  );
}
