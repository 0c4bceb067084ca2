import { useState } from 'react';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleExchangeRateSchema, consoleExchangeRatesEndpoint, exchangeRateRequestSchema, type ConsoleExchangeRate, type ExchangeRateRequest } from '@portal/contracts/console-exchange-rates';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { useFormat } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { http } from '../../lib/http';
import { notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { CurrencySelect } from '../components/currency-select';

/** A rate set for a day, or (`correcting`) the same pair and day with another rate; the list is read again after. */
export function ExchangeRateDialog({ correcting, onClose }: { correcting?: ConsoleExchangeRate | undefined; onClose: () => void }) {
  const t = useText('console-exchange-rates');
  const format = useFormat();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: ExchangeRateRequest) => http.put(consoleExchangeRatesEndpoint.url, body, { schema: consoleExchangeRateSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [consoleExchangeRatesEndpoint.url] }),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm({
    schema: exchangeRateRequestSchema,
    initialValues: {
      currency: correcting?.currency ?? '',
      reference: correcting?.reference ?? 'USD',
      rate: correcting?.rate ?? '',
      as_of: correcting?.as_of ?? new Date().toISOString().slice(0, 10),
    },
  });

  const submit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(body);
      notifySuccess(t('form.saved'), t('oneUnit', { currency: saved.currency, rate: saved.rate, reference: saved.reference }));
      onClose();
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('form.saveFailed')));
    }
  });

  const currencyTexts = { placeholder: t('chooseCurrency'), nothingFoundMessage: t('noCurrencyFound') };
  return (
    <FormDialog
      title={correcting ? t('form.correctTitle', { currency: correcting.currency, date: format.date(correcting.as_of) }) : t('form.title')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.save')}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={formError}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <CurrencySelect label={t('currency')} required disabled={Boolean(correcting)} value={form.values.currency} onChange={(code) => form.setFieldValue('currency', code)} error={form.errorText('currency')} {...currencyTexts} />
        <CurrencySelect label={t('reference')} required disabled={Boolean(correcting)} value={form.values.reference} onChange={(code) => form.setFieldValue('reference', code)} error={form.errorText('reference')} {...currencyTexts} />
      </SimpleGrid>
      <TextInput label={t('form.rate')} description={t('form.rateHelp')} required inputMode="decimal" autoComplete="off" dir="ltr" data-autofocus={correcting ? true : undefined} {...form.getInputProps('rate')} />
      <TextInput type="date" label={t('form.asOf')} description={t('form.asOfHelp')} required disabled={Boolean(correcting)} {...form.getInputProps('as_of')} />
    </FormDialog>
  );
}
