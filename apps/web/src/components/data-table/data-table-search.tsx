import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { DebouncedSearch } from './use-debounced-search';
import { useText } from '../../i18n/i18n';

/** spec §2 (English, for tests); shown from the shared catalogue. */

export interface DataTableSearchProps {
  /** From useDebouncedSearch, which decides when the text is applied. */
  search: DebouncedSearch;
  placeholder?: string;
}

/** The header's search box (spec §2): typing is debounced, Enter applies at once, the clear button empties it. */
export function DataTableSearch({ search, placeholder }: DataTableSearchProps) {
  const t = useText('shared');
  return (
    <TextInput
      aria-label={t('table.search')}
      placeholder={placeholder ?? t('table.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={search.text}
      onChange={(event) => search.setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        // For people who type and press Enter rather than wait.
        if (event.key === 'Enter') search.applyNow();
      }}
      rightSection={search.text ? <CloseButton size="sm" aria-label={t('table.clearSearch')} onClick={() => search.setText('')} /> : null}
      style={{ flex: '1 1 14rem', maxWidth: '24rem' }}
    />
  );
}
