import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { LIST_DEBOUNCE_MS } from '@portal/contracts/constants';
import { LEARNING_SEARCH_MAX_LENGTH } from '@portal/contracts/learning';

/** A search field that tells its owner the text once typing pauses (spec §9's list debounce). */
export function SearchBox({ value, onSearch, label, placeholder }: { value: string; onSearch: (text: string) => void; label: string; placeholder: string }) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, LIST_DEBOUNCE_MS);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (debounced.trim() !== value) onSearch(debounced.trim());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new pause in typing searches
  }, [debounced]);
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      maxLength={LEARNING_SEARCH_MAX_LENGTH}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(text.trim());
      }}
    />
  );
}
