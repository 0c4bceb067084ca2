import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import {
  FACILITY_CITY_MAX,
  facilityLocationRequestSchema,
  isCountryCode,
  LOCATION_ADDRESS_MAX,
  LOCATION_NAME_MAX,
  type FacilityDetail,
  type FacilityLocation,
} from '@portal/contracts/console-facilities';
import { useText } from '../../i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { submitErrorMessage, useZodForm } from '../../lib/use-zod-form';
import { CountrySelect } from './country-select';
import { useFacilityWrite } from './facilities-api';

export interface LocationFormDialogProps {
  facility: FacilityDetail;
  /** The location to edit; none to add one (its city and country start as the facility's). */
  location?: FacilityLocation | undefined;
  onClose: () => void;
}

/** Adds a location to a facility, or edits one: name, address, city, country. */
export function LocationFormDialog({ facility, location, onClose }: LocationFormDialogProps) {
  const t = useText('console-facilities');
  const write = useFacilityWrite();
  const [formError, setFormError] = useState<string | null>(null);
  const country = location?.country ?? facility.country;
  const form = useZodForm({
    schema: facilityLocationRequestSchema,
    initialValues: {
      name: location?.name ?? '',
      address: location?.address ?? '',
      city: location?.city ?? facility.city,
      country: isCountryCode(country) ? country : '',
    },
  });

  const submit = form.onSubmit(async (body) => {
    setFormError(null);
    try {
      await write.mutateAsync(
        location ? { kind: 'update-location', id: facility.id, locationId: location.id, body } : { kind: 'add-location', id: facility.id, body },
      );
      notifySuccess(location ? t('locationSaved') : t('locationAdded'), body.name);
      onClose();
    } catch (error) {
      if (!form.showFieldErrors(error)) setFormError(submitErrorMessage(error, t('saveFailed')));
    }
  });

  return (
    <FormDialog
      title={location ? t('editLocation', { name: location.name }) : t('newLocation')}
      closeLabel={t('close')}
      cancelLabel={t('cancel')}
      submitLabel={location ? t('save') : t('addLocation')}
      onClose={onClose}
      onSubmit={submit}
      pending={write.isPending}
      error={formError}
    >
      <TextInput label={t('name')} required maxLength={LOCATION_NAME_MAX} data-autofocus autoComplete="off" {...form.getInputProps('name')} />
      <TextInput label={t('addressOptional')} maxLength={LOCATION_ADDRESS_MAX} autoComplete="off" {...form.getInputProps('address')} />
      <TextInput label={t('city')} required maxLength={FACILITY_CITY_MAX} autoComplete="off" {...form.getInputProps('city')} />
      <CountrySelect
        label={t('country')}
        required
        value={form.values.country}
        onChange={(code) => form.setFieldValue('country', code)}
        error={form.errorText('country')}
        errorProps={{ role: 'alert' }}
      />
    </FormDialog>
  );
}
