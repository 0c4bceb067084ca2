import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useDebouncedSearch, type UseDebouncedSearchOptions } from './use-debounced-search';

// Fake timers: the debounce is driven by advancing the clock, so "not yet" checks see exactly the wait, not a sleep.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(initial: Partial<UseDebouncedSearchOptions> = {}) {
  const onSearch = vi.fn();
  const hook = renderHook((props: UseDebouncedSearchOptions) => useDebouncedSearch(props), {
    initialProps: { onSearch, delayMs: 300, ...initial },
  });
  return { ...hook, onSearch };
}

describe('useDebouncedSearch', () => {
  it('applies the trimmed text once the delay has passed without typing', () => {
    const { result, onSearch } = setup();

    act(() => result.current.setText('ad'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.setText('ada '));
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('ada');
    expect(result.current.text).toBe('ada ');
  });

  it('defaults to the spec delay of 800 ms', () => {
    const { result, onSearch } = setup({ delayMs: undefined });
    act(() => result.current.setText('ada'));
    act(() => vi.advanceTimersByTime(799));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledWith('ada');
  });

  it('applies at once with applyNow, and not again when the delay ends', () => {
    const { result, onSearch } = setup();
    act(() => result.current.setText('turing'));
    act(() => result.current.applyNow());
    expect(onSearch).toHaveBeenCalledWith('turing');

    act(() => vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('never applies blank text, and applies emptying at once', () => {
    const { result, onSearch } = setup({ value: 'ada' });
    act(() => result.current.setText('   '));
    // Blank is empty: the whole list comes back without waiting.
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('');

    act(() => result.current.applyNow());
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('shows a value from outside without applying it again', () => {
    const { result, rerender, onSearch } = setup({ value: 'hopper' });
    expect(result.current.text).toBe('hopper');

    rerender({ onSearch, delayMs: 300, value: 'lovelace' });
    expect(result.current.text).toBe('lovelace');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('keeps a trailing space the user typed when the value comes back trimmed', () => {
    const { result, rerender, onSearch } = setup({ value: '' });
    act(() => result.current.setText('ada '));
    act(() => vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledWith('ada');

    rerender({ onSearch, delayMs: 300, value: 'ada' });
    expect(result.current.text).toBe('ada ');
  });
});
