import { useMemo } from 'react';
import { COUNTRY_CODES } from '@portal/contracts/countries';
import type { SearchableSelectOption } from '../../../components/searchable-select/searchable-select';
import { useLocale } from '../../../i18n/i18n';
import { countryName } from '../../../lib/country-names';

/** The countries as a picker offers them: named in the reader's language (Intl.DisplayNames), sorted by that name. */
export function useBankCountryOptions(): SearchableSelectOption[] {
  const locale = useLocale();
  return useMemo(
    () => COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort((a, b) => a.label.localeCompare(b.label, locale)),
    [locale],
  );
}
