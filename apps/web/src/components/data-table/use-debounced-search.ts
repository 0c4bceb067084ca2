import { useCallback, useEffect, useRef, useState } from 'react';
import { TABLE_SEARCH_DEBOUNCE_MS } from '@portal/contracts/constants';
import { useLatest } from './use-latest';

export interface UseDebouncedSearchOptions {
  /** Text from outside (e.g. the URL); a change replaces what the box shows. */
  value?: string;
  /** Called with the trimmed text once typing stops and it is not empty, and with '' at once when emptied. */
  onSearch?: (text: string) => void;
  /** @default TABLE_SEARCH_DEBOUNCE_MS (spec §5) */
  delayMs?: number;
}

export interface DebouncedSearch {
  /** What the box shows, untrimmed. */
  text: string;
  setText: (text: string) => void;
  /** Applies the text without waiting (Enter), unless it is blank or already applied. */
  applyNow: () => void;
}

/**
 * A search box's text, applied only when non-empty and only after `delayMs` without typing, so a burst of keys
 * is one request. The last applied text is remembered so nothing is sent twice (Enter, then the timer; or the
 * same text coming back from the URL).
 */
export function useDebouncedSearch({
  value,
  onSearch,
  delayMs = TABLE_SEARCH_DEBOUNCE_MS,
}: UseDebouncedSearchOptions): DebouncedSearch {
  const onSearchRef = useLatest(onSearch);
  const [text, setText] = useState(value ?? '');
  const applied = useRef((value ?? '').trim());

  // Adjusted during render rather than in an effect, so the box never shows the old text for a frame. Only a real
  // difference replaces it: the URL trims what it stores, and that must not eat the space the user just typed.
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== undefined && value.trim() !== text.trim()) setText(value);
  }
  useEffect(() => {
    if (value !== undefined) applied.current = value.trim();
  }, [value]);

  const emit = useCallback(
    (next: string) => {
      applied.current = next;
      onSearchRef.current?.(next);
    },
    [onSearchRef],
  );

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === applied.current) return undefined;
    if (trimmed === '') {
      // Emptying the box brings the whole list back at once: there is nothing left to wait for.
      emit('');
      return undefined;
    }
    const timer = window.setTimeout(() => {
      // Enter may have applied it already.
      if (trimmed !== applied.current) emit(trimmed);
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [text, delayMs, emit]);

  const applyNow = () => {
    const trimmed = text.trim();
    if (trimmed !== '' && trimmed !== applied.current) emit(trimmed);
  };

  return { text, setText, applyNow };
}
