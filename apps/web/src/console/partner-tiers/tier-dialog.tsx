import { useState } from 'react';
import { Checkbox, Fieldset, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { minorToDecimal } from '@portal/contracts/money';
import { TIER_PERIODS, type TierPeriod } from '@portal/contracts/partner-tiers';
import { tierRequestSchema, type ConsoleTier } from '@portal/contracts/console-partner-tiers';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { fieldErrorsOf, submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { useTierWrite } from './tiers-api';

interface TierFormValues extends Record<string, unknown> {
  name: string;
  name_ar: string;
  benefits: string;
  benefits_ar: string;
  evaluation_period: TierPeriod;
  use_bookings: boolean;
  bookings: string;
  use_value: boolean;
  amount: string;
  currency: string;
  use_certificate: boolean;
  programme: string;
}

type CriterionField = 'bookings' | 'amount' | 'currency' | 'programme';
const CRITERION_FIELDS: Record<string, CriterionField> = { threshold_count: 'bookings', threshold_amount: 'amount', currency: 'currency', certificate_programme: 'programme' };

/** The criteria in the order the form lists them; the same order reads a 422's `criteria.N.field` back to its input. */
function criteriaOf(values: TierFormValues) {
  const criteria: Record<string, unknown>[] = [];
  if (values.use_bookings) criteria.push({ kind: 'completed_bookings', threshold_count: /^\d+$/.test(values.bookings.trim()) ? Number(values.bookings.trim()) : Number.NaN });
  if (values.use_value) criteria.push({ kind: 'completed_value', threshold_amount: values.amount.trim() || null, currency: values.currency.trim().toUpperCase() || null });
  if (values.use_certificate) criteria.push({ kind: 'active_certificate', certificate_programme: values.programme.trim() || null });
  return criteria;
}

function toRequest(values: TierFormValues) {
  return { name: values.name, name_ar: values.name_ar, benefits: values.benefits, benefits_ar: values.benefits_ar, evaluation_period: values.evaluation_period, criteria: criteriaOf(values) };
}

/** 'criteria.1.currency' → 'currency' (the form's own field), the rest as they are. */
function formErrors(errors: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^criteria\.\d+\.(\w+)$/.exec(key);
    const field = match ? (CRITERION_FIELDS[match[1]!] ?? 'criteria') : key;
    result[field] ??= message;
  }
  return result;
}

function valuesOf(tier: ConsoleTier | null): TierFormValues {
  const find = (kind: string) => tier?.criteria.find((criterion) => criterion.kind === kind);
  const bookings = find('completed_bookings');
  const value = find('completed_value');
  const certificate = find('active_certificate');
  return {
    name: tier?.name ?? '',
    name_ar: tier?.name_ar ?? '',
    benefits: tier?.benefits ?? '',
    benefits_ar: tier?.benefits_ar ?? '',
    evaluation_period: tier?.evaluation_period ?? 'quarter',
    use_bookings: bookings !== undefined,
    bookings: bookings?.threshold_count !== null && bookings !== undefined ? String(bookings.threshold_count) : '',
    use_value: value !== undefined,
    amount: value?.threshold_minor !== null && value !== undefined ? minorToDecimal(value.threshold_minor ?? 0, value.currency ?? 'USD') : '',
    currency: value?.currency ?? 'USD',
    use_certificate: certificate !== undefined,
    programme: certificate?.certificate_programme ?? '',
  };
}

/** A new tier (ranked above the others), or a change to one: names, benefits, period and criteria. */
export function TierDialog({ tier, entry, onClose }: { tier: ConsoleTier | null; entry: boolean; onClose: () => void }) {
  const t = useText('console-partner-tiers');
  const write = useTierWrite();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm({ schema: tierRequestSchema, initialValues: valuesOf(tier) });
  const values = form.values;

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.formRef.current = event.currentTarget;
    setFormError(null);
    const parsed = tierRequestSchema.safeParse(toRequest(values));
    if (!parsed.success) {
      form.setErrors(formErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || 'form', issue.message]).reverse())));
      return;
    }
    try {
      await write.mutateAsync({ id: tier?.id ?? null, body: parsed.data });
      notifySuccess(tier ? t('form.saved') : t('form.created'), parsed.data.name);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(formErrors(fields));
      else setFormError(submitErrorMessage(error, t('form.saveFailed')));
    }
  };

  return (
    <FormDialog
      title={tier ? t('form.editTitle', { name: tier.name }) : t('form.newTitle')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={tier ? t('form.save') : t('form.create')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      pending={write.isPending}
      error={formError}
      size="lg"
    >
      {tier ? null : (
        <Text size="sm" c="dimmed">
          {t('form.rankNote')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('form.name')} required maxLength={40} autoComplete="off" data-autofocus {...form.getInputProps('name')} />
        <TextInput label={t('form.nameAr')} required maxLength={40} autoComplete="off" dir="rtl" lang="ar" {...form.getInputProps('name_ar')} />
      </SimpleGrid>
      <Textarea label={t('form.benefits')} description={t('form.benefitsHelp')} rows={3} maxLength={2000} {...form.getInputProps('benefits')} />
      <Textarea label={t('form.benefitsAr')} rows={3} maxLength={2000} dir="rtl" lang="ar" {...form.getInputProps('benefits_ar')} />
      <NativeSelect label={t('form.period')} data={TIER_PERIODS.map((period) => ({ value: period, label: t(`periods.${period}`) }))} {...form.getInputProps('evaluation_period')} />
      <Fieldset legend={t('form.criteria')} variant="unstyled">
        {entry ? (
          <Text size="sm" c="dimmed">
            {t('form.entryNoCriteria')}
          </Text>
        ) : (
          <Stack gap="sm">
            {form.errorText('criteria') ? (
              <Text size="sm" c="red" role="alert">
                {form.errorText('criteria')}
              </Text>
            ) : null}
            <Checkbox label={t('form.useBookings')} {...form.getCheckboxProps('use_bookings')} />
            {values.use_bookings ? <TextInput label={t('form.bookings')} inputMode="numeric" autoComplete="off" w={{ base: '100%', xs: 200 }} {...form.getInputProps('bookings')} /> : null}
            <Checkbox label={t('form.useValue')} {...form.getCheckboxProps('use_value')} />
            {values.use_value ? (
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <TextInput label={t('form.amount')} inputMode="decimal" autoComplete="off" {...form.getInputProps('amount')} />
                <TextInput label={t('form.currency')} description={t('form.currencyHelp')} maxLength={3} autoComplete="off" {...form.getInputProps('currency')} />
              </SimpleGrid>
            ) : null}
            <Checkbox label={t('form.useCertificate')} {...form.getCheckboxProps('use_certificate')} />
            {values.use_certificate ? <TextInput label={t('form.programme')} autoComplete="off" {...form.getInputProps('programme')} /> : null}
          </Stack>
        )}
      </Fieldset>
    </FormDialog>
  );
}
