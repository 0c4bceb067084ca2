import { useState } from 'react';
import { Text, TextInput } from '@mantine/core';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import {
  FACILITY_CITY_MAX,
  FACILITY_NAME_MAX,
  facilityRequestSchema,
  isCountryCode,
  type FacilityDetail,
} from '@portal/contracts/console-facilities';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { CountrySelect } from './country-select';
import { CurrencySelect } from '../components/currency-select';
import { useFacilityWrite } from './facilities-api';

export interface FacilityFormDialogProps {
  /** The facility to edit; none to add one. */
  facility?: FacilityDetail | undefined;
  onClose: () => void;
  /** After a successful save, with the facility as saved. */
  onSaved?: (facility: FacilityDetail) => void;
}

/** Adds a facility, or edits one's name, country, city and billing currency: checked by the contract, then by the server (422, 409). */
export function FacilityFormDialog({ facility, onClose, onSaved }: FacilityFormDialogProps) {
  const t = useText('console-facilities');
  const write = useFacilityWrite();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm({
    schema: facilityRequestSchema,
    initialValues: {
      name: facility?.name ?? '',
      // A country written as a name before codes must be chosen again.
      country: facility && isCountryCode(facility.country) ? facility.country : '',
      city: facility?.city ?? '',
      currency: facility?.currency ?? '',
    },
  });

  const submit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      const saved = await write.mutateAsync(facility ? { kind: 'update', id: facility.id, body } : { kind: 'create', body });
      notifySuccess(facility ? t('saved') : t('created'), saved.name);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('saveFailed')));
    }
  });

  return (
    <FormDialog
      title={facility ? t('editFacility', { name: facility.name }) : t('newFacility')}
      closeLabel={t('close')}
      cancelLabel={t('cancel')}
      submitLabel={facility ? t('save') : t('create')}
      onClose={onClose}
      onSubmit={submit}
      pending={write.isPending}
      error={formError}
    >
      <TextInput label={t('name')} required maxLength={FACILITY_NAME_MAX} data-autofocus autoComplete="off" {...form.getInputProps('name')} />
      <CountrySelect
        label={t('country')}
        required
        value={form.values.country}
        onChange={(code) => form.setFieldValue('country', code)}
        error={form.errorText('country')}
        errorProps={{ role: 'alert' }}
      />
      <TextInput label={t('city')} required maxLength={FACILITY_CITY_MAX} autoComplete="off" {...form.getInputProps('city')} />
      <CurrencySelect
        label={t('currency')}
        description={t('currencyHelp')}
        required
        value={form.values.currency}
        onChange={(code) => form.setFieldValue('currency', code)}
        error={form.errorText('currency')}
        errorProps={{ role: 'alert' }}
        placeholder={t('chooseCurrency')}
        nothingFoundMessage={t('noCurrencyFound')}
      />
      {facility ? (
        <Text size="sm" c="dimmed">
          {t('renameNote')}
        </Text>
      ) : null}
    </FormDialog>
  );
}
