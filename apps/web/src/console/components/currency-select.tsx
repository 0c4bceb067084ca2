import { useMemo } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { CURRENCY_CODES } from '@portal/contracts/money';
import type { Locale } from '@portal/contracts/preferences';
import { useLocale } from '../../i18n/i18n';

/** 'AED · UAE Dirham' in the reader's language (Intl.DisplayNames); the code alone where the platform has no name. */
export function currencyLabel(code: string, locale: Locale): string {
  const name = new Intl.DisplayNames([locale], { type: 'currency' }).of(code);
  return name && name !== code ? `${code} · ${name}` : code;
}

export interface CurrencySelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'nothingFoundMessage' | 'placeholder'> {
  value: string;
  onChange: (code: string) => void;
  /** the area's words: 'Choose a currency', 'No currency matches' */
  placeholder: string;
  nothingFoundMessage: string;
}

/** A searchable list of every ISO 4217 currency, by code and name, holding the code. */
export function CurrencySelect({ value, onChange, ...props }: CurrencySelectProps) {
  const locale = useLocale();
  const data = useMemo(() => CURRENCY_CODES.map((code) => ({ value: code, label: currencyLabel(code, locale) })), [locale]);
  return (
    <Select
      searchable
      data={data}
      value={value || null}
      onChange={(code) => onChange(code ?? '')}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
