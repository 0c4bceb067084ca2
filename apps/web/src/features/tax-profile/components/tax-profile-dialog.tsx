import { useState } from 'react';
import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { TAX_PROFILE_LIMITS, taxProfileRequestSchema, VAT_STATUSES, type TaxProfile, type TaxProfileInput } from '@portal/contracts/tax-profile';
import { COUNTRY_CODES } from '@portal/contracts/countries';
import { FormDialog } from '../../../components/form-dialog/form-dialog';
import { SearchableSelect } from '../../../components/searchable-select/searchable-select';
import { useLocale, useText } from '../../../i18n/i18n';
import { countryName } from '../../../lib/country-names';
import { notifySuccess } from '../../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../../lib/use-zod-form';
import { useSaveTaxProfile } from '../api/tax-profile-api';

type FormValues = {
  legal_name: string;
  address_line1: string;
  address_line2: string;
  city: string;
  postal_code: string;
  country: string;
  tax_id: string;
  vat_status: string;
  vat_number: string;
};

/** The form's values as the contract reads them: a VAT number only with a VAT registration (the field is hidden otherwise). */
function toRequest(values: FormValues): TaxProfileInput {
  return { ...values, vat_status: values.vat_status as TaxProfileInput['vat_status'], vat_number: values.vat_status === 'registered' ? values.vat_number : null };
}

function initialValues(current: TaxProfile | null): FormValues {
  return {
    legal_name: current?.legal_name ?? '',
    address_line1: current?.address_line1 ?? '',
    address_line2: current?.address_line2 ?? '',
    city: current?.city ?? '',
    postal_code: current?.postal_code ?? '',
    country: current?.country ?? '',
    tax_id: current?.tax_id ?? '',
    vat_status: current?.vat_status ?? '',
    vat_number: current?.vat_number ?? '',
  };
}

/** Codes typed left to right in either language, never corrected by the keyboard. */
const CODE_INPUT = { dir: 'ltr', autoComplete: 'off', spellCheck: false, autoCapitalize: 'characters' } as const;

/** The tax profile's form in a dialog: checked by the contract first, then by the server (422 under the fields). */
export function TaxProfileDialog({ current, onClose }: { current: TaxProfile | null; onClose: () => void }) {
  const t = useText('tax-profile');
  const locale = useLocale();
  const save = useSaveTaxProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm<FormValues, typeof taxProfileRequestSchema>({ initialValues: initialValues(current), schema: taxProfileRequestSchema, transform: toRequest });
  const countries = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort((a, b) => a.label.localeCompare(b.label, locale));

  const submit = form.onSubmit(async (_parsed, values) => {
    setFailure(null);
    try {
      await save.mutateAsync(toRequest(values));
    } catch (error) {
      if (!form.showFieldErrors(error)) setFailure(submitErrorMessage(error, t('form.failed')));
      return;
    }
    notifySuccess(t('form.saved'), t('form.savedText'));
    onClose();
  });

  return (
    <FormDialog
      title={t('form.title')}
      closeLabel={t('form.close')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('form.save')}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={failure}
      size="lg"
    >
      <TextInput label={t('form.legalName')} description={t('form.legalNameHint')} required maxLength={TAX_PROFILE_LIMITS.legal_name} autoComplete="organization" data-autofocus {...form.getInputProps('legal_name')} />
      <TextInput label={t('form.addressLine1')} required maxLength={TAX_PROFILE_LIMITS.address_line1} autoComplete="address-line1" {...form.getInputProps('address_line1')} />
      <TextInput label={t('form.addressLine2')} maxLength={TAX_PROFILE_LIMITS.address_line2} autoComplete="address-line2" {...form.getInputProps('address_line2')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput label={t('form.city')} required maxLength={TAX_PROFILE_LIMITS.city} autoComplete="address-level2" {...form.getInputProps('city')} />
        <TextInput label={t('form.postalCode')} maxLength={TAX_PROFILE_LIMITS.postal_code} autoComplete="postal-code" {...form.getInputProps('postal_code')} />
      </SimpleGrid>
      <SearchableSelect
        label={t('form.country')}
        placeholder={t('form.countryPlaceholder')}
        nothingFoundText={t('form.noCountry')}
        options={countries}
        value={form.values.country || null}
        onChange={(value) => form.setFieldValue('country', value ?? '')}
        error={form.errorText('country')}
        required
      />
      <TextInput label={t('form.taxId')} description={t('form.taxIdHint')} maxLength={TAX_PROFILE_LIMITS.tax_id} {...CODE_INPUT} {...form.getInputProps('tax_id')} />
      <NativeSelect label={t('form.vatStatus')} required {...form.getInputProps('vat_status')}>
        <option value="" disabled>
          {t('form.vatStatus')}
        </option>
        {VAT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`vatStatuses.${status}`)}
          </option>
        ))}
      </NativeSelect>
      {form.values.vat_status === 'registered' && (
        <TextInput label={t('form.vatNumber')} description={t('form.vatNumberHint')} required maxLength={TAX_PROFILE_LIMITS.vat_number} {...CODE_INPUT} {...form.getInputProps('vat_number')} />
      )}
    </FormDialog>
  );
}
