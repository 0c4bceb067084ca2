import { useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useLocale, useText } from '../../i18n/i18n';
import { countryName, countryOptions } from './countries';

export interface CountrySelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string;
  onChange: (code: string) => void;
}

/**
 * A searchable list of every country by its name in the reader's language, holding its ISO code. A value that is
 * not a known code (written before codes) is offered as it is, so the field shows what the record holds.
 */
export function CountrySelect({ value, onChange, ...props }: CountrySelectProps) {
  const t = useText('console-facilities');
  const locale = useLocale();
  const data = useMemo(() => {
    const options = countryOptions(locale);
    return value && !options.some((option) => option.value === value) ? [{ value, label: countryName(value, locale) }, ...options] : options;
  }, [locale, value]);
  return (
    <Select
      searchable
      data={data}
      value={value || null}
      onChange={(code) => onChange(code ?? '')}
      nothingFoundMessage={t('noCountryFound')}
      placeholder={t('chooseCountry')}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
