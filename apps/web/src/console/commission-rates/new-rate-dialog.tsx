import { useState } from 'react';
import { Group, NativeSelect, Radio, SimpleGrid, Text, TextInput, Textarea } from '@mantine/core';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { newRateRequestSchema, type ConsoleRateOptions } from '@portal/contracts/console-commission-rates';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { useRateWrite } from './rate-card-api';
import type { Texts } from './rate-text';

interface RateFormValues extends Record<string, unknown> {
  kind: 'percentage' | 'flat';
  facility_id: string;
  service_id: string;
  specialty_id: string;
  tier_id: string;
  /** '' for the general card, or an individual contract's id */
  contract_id: string;
  /** the percentage as typed ('8.5'); sent as basis points */
  basis_points: string;
  amount: string;
  currency: string;
  base_description: string;
  base_description_ar: string;
  refund_window_days: string;
  valid_from: string;
  valid_to: string;
}

const idOrNull = (value: string) => (value === '' ? null : Number(value));

/** The form's text fields as the contract takes them: ids and numbers, a percentage in basis points, '' as absent. */
function toRequest(values: RateFormValues) {
  const percent = values.basis_points.trim().replace(',', '.');
  return {
    kind: values.kind,
    facility_id: idOrNull(values.facility_id),
    service_id: idOrNull(values.service_id),
    specialty_id: idOrNull(values.specialty_id),
    tier_id: idOrNull(values.tier_id),
    contract_id: idOrNull(values.contract_id),
    // '8.5' → 850; '8.555' → 855.5, which the contract refuses as more than two decimals; text → NaN, 'must be a number'.
    basis_points: values.kind === 'percentage' && percent !== '' ? (/^\d+(\.\d+)?$/.test(percent) ? Number((Number(percent) * 100).toFixed(6)) : Number.NaN) : null,
    amount: values.kind === 'flat' && values.amount.trim() !== '' ? values.amount.trim() : null,
    currency: values.kind === 'flat' && values.currency.trim() !== '' ? values.currency.trim().toUpperCase() : null,
    base_description: values.base_description,
    base_description_ar: values.base_description_ar,
    refund_window_days: values.refund_window_days.trim() === '' ? Number.NaN : Number(values.refund_window_days),
    valid_from: values.valid_from,
    valid_to: values.valid_to === '' ? null : values.valid_to,
  };
}

/** The contract as the console names it: 'Northwind Care Network: Individual contract, version 1 (draft)'. */
export function contractLabel(contract: ConsoleRateOptions['contracts'][number], t: Texts): string {
  // A title that names its agent ('Individual contract: Northwind Care Network') is not prefixed with it again.
  const label = contract.title.includes(contract.agent.name)
    ? t('contractVersion', { title: contract.title, version: contract.version })
    : t('contractLabel', { agent: contract.agent.name, title: contract.title, version: contract.version });
  return contract.status === 'draft' ? t('contractDraft', { label }) : label;
}

/**
 * A new row of the rate card, or of an individual contract's negotiated rates (`contractId` preselects one): checked
 * by the contract, then by the server (references, currency, overlap: 422 by field).
 */
export function NewRateDialog({ options, contractId, onClose }: { options: ConsoleRateOptions; contractId?: number | undefined; onClose: () => void }) {
  const t = useText('console-commission-rates');
  const write = useRateWrite();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm({
    schema: newRateRequestSchema,
    transform: toRequest,
    initialValues: {
      kind: 'percentage',
      facility_id: '',
      service_id: '',
      specialty_id: '',
      tier_id: '',
      contract_id: contractId !== undefined && options.contracts.some((contract) => contract.id === contractId) ? String(contractId) : '',
      basis_points: '',
      amount: '',
      currency: '',
      base_description: 'The treatment price invoiced by the facility, excluding travel, hotel, interpreters and taxes',
      base_description_ar: 'سعر العلاج الذي تصدر به المنشأة فاتورتها، دون السفر والفندق والترجمة والضرائب',
      refund_window_days: '30',
      valid_from: new Date().toISOString().slice(0, 10),
      valid_to: '',
    } satisfies RateFormValues as RateFormValues,
  });
  const values = form.values;
  const facility = options.facilities.find((candidate) => String(candidate.id) === values.facility_id);
  const services = options.services.filter((service) => values.specialty_id === '' || String(service.specialty_id) === values.specialty_id);

  const submit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      await write.mutateAsync({ kind: 'create', body });
      notifySuccess(t('form.created'), facility?.name ?? t('allFacilities'));
      onClose();
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('form.saveFailed')));
    }
  });

  const choices = (items: readonly { id: number; name: string }[], none: string) => [{ value: '', label: none }, ...items.map((item) => ({ value: String(item.id), label: item.name }))];

  return (
    <FormDialog
      title={t('newRate')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.create')}
      onClose={onClose}
      onSubmit={submit}
      pending={write.isPending}
      error={formError}
      size="lg"
    >
      {options.contracts.length > 0 ? (
        <NativeSelect
          label={t('form.for')}
          data={[{ value: '', label: t('form.theCard') }, ...options.contracts.map((contract) => ({ value: String(contract.id), label: contractLabel(contract, t) }))]}
          {...form.getInputProps('contract_id')}
          onChange={(event) => {
            form.setFieldValue('contract_id', event.currentTarget.value);
            // A contract's rate applies whatever the tier.
            if (event.currentTarget.value !== '') form.setFieldValue('tier_id', '');
          }}
          error={form.errorText('contract_id')}
          description={values.contract_id !== '' ? t('form.contractHelp') : undefined}
        />
      ) : null}
      <Radio.Group label={t('form.kind')} value={values.kind} onChange={(kind) => form.setFieldValue('kind', kind as RateFormValues['kind'])}>
        <Group gap="lg" mt={4}>
          <Radio value="percentage" label={t('form.percentage')} />
          <Radio value="flat" label={t('form.flatAmount')} />
        </Group>
      </Radio.Group>
      <NativeSelect label={t('form.facility')} data={choices(options.facilities, t('allFacilities'))} {...form.getInputProps('facility_id')} error={form.errorText('facility_id')} description={facility ? t('form.currencyOfFacility', { currency: facility.currency }) : undefined} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect label={t('form.specialty')} data={choices(options.specialties, t('form.anySpecialty'))} {...form.getInputProps('specialty_id')} onChange={(event) => { form.setFieldValue('specialty_id', event.currentTarget.value); form.setFieldValue('service_id', ''); }} />
        <NativeSelect label={t('form.service')} data={choices(services, t('form.anyService'))} {...form.getInputProps('service_id')} />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={-8}>
        {t('form.serviceOrSpecialty')}
      </Text>
      {values.contract_id === '' ? <NativeSelect label={t('form.tier')} data={choices(options.tiers, t('allTiers'))} {...form.getInputProps('tier_id')} error={form.errorText('tier_id')} /> : null}
      {values.kind === 'percentage' ? (
        <TextInput label={t('form.rate')} required inputMode="decimal" autoComplete="off" {...form.getInputProps('basis_points')} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('form.amount')} required inputMode="decimal" autoComplete="off" {...form.getInputProps('amount')} />
          <TextInput
            label={t('form.currency')}
            maxLength={3}
            autoComplete="off"
            description={facility ? t('form.currencyOfFacility', { currency: facility.currency }) : t('form.currencyHelp')}
            {...form.getInputProps('currency')}
            value={facility && values.currency === '' ? facility.currency : values.currency}
          />
        </SimpleGrid>
      )}
      <Textarea label={t('form.base')} description={t('form.baseHelp')} required rows={2} maxLength={300} {...form.getInputProps('base_description')} />
      <Textarea label={t('form.baseAr')} required rows={2} maxLength={300} dir="rtl" lang="ar" {...form.getInputProps('base_description_ar')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label={t('form.refund')} required inputMode="numeric" autoComplete="off" {...form.getInputProps('refund_window_days')} />
        <TextInput type="date" label={t('form.validFrom')} required {...form.getInputProps('valid_from')} />
        <TextInput type="date" label={t('form.validTo')} description={t('form.validToHelp')} {...form.getInputProps('valid_to')} />
      </SimpleGrid>
    </FormDialog>
  );
}
