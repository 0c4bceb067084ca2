import { memo, useMemo } from 'react';
import { Select } from '@mantine/core';
import { useLocale, useText } from '../../../i18n/i18n';
import { phoneCountryOptions } from './phone-countries';

export interface PhoneCountrySelectProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/**
 * The phone number's country (about 245 entries, "Name (+code)", searchable). Memoised: the registration form
 * re-renders on every key typed elsewhere, and this list need not.
 */
export const PhoneCountrySelect = memo(function PhoneCountrySelect({ value, onChange, error }: PhoneCountrySelectProps) {
  const t = useText('auth');
  const shared = useText('shared');
  const locale = useLocale();
  const countries = useMemo(() => phoneCountryOptions(locale).map(({ value: code, label }) => ({ value: code, label })), [locale]);
  return (
    <Select
      label={t('registration.countryCode')}
      name="phone_country"
      required
      searchable
      allowDeselect={false}
      data={countries}
      nothingFoundMessage={shared('select.noOptions')}
      autoComplete="off"
      value={value}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      error={error}
      errorProps={{ role: 'alert' }}
    />
  );
});
