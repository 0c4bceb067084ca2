import { useEffect, useRef } from 'react';

/**
 * The latest value behind a stable ref. Timers and effects read callbacks through it so they never call a stale
 * one, and never restart just because a parent passed a new arrow function.
 */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
