import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, LIST_DEBOUNCE_MS } from '@portal/contracts/constants';
import { toListQuery, useLastLoaded, useListState, type ListQuery, type UseListStateOptions } from './use-list-state';

describe('toListQuery', () => {
  it('keeps only non-empty values', () => {
    expect(toListQuery({ page: 1, per_page: 10, search: '', from: '', to: '', sort: '' })).toEqual({
      page: 1,
      per_page: 10,
    });
    expect(
      toListQuery({ page: 2, per_page: 5, search: ' ada ', from: '2024-03-01', to: '2024-03-31', sort: '-date' }),
    ).toEqual({ page: 2, per_page: 5, search: 'ada', from: '2024-03-01', to: '2024-03-31', sort: '-date' });
  });

  it('drops whitespace-only text and unusable numbers', () => {
    expect(toListQuery({ page: 0, per_page: Number.NaN, search: '   ', from: '', to: '', sort: '' })).toEqual({});
  });
});

describe('useListState', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const renderList = (options: UseListStateOptions = {}) =>
    renderHook((props: UseListStateOptions) => useListState(props), { initialProps: options });

  it('starts on page 1 with the default page size, or the caller one', () => {
    expect(renderList().result.current.params).toEqual({
      page: 1,
      per_page: DEFAULT_PAGE_SIZE,
      search: '',
      from: '',
      to: '',
      sort: '',
    });
    const { result } = renderList({ perPage: 10, initial: { search: 'ada', page: 3 } });
    expect(result.current.params).toMatchObject({ per_page: 10, search: 'ada', page: 3 });
    // The first request needs no wait.
    expect(result.current.query).toEqual({ page: 3, per_page: 10, search: 'ada' });
  });

  it('turns rapid changes into one debounced value after 500 ms', () => {
    const { result } = renderList();
    const seen: ListQuery[] = [result.current.query];

    act(() => result.current.setSearch('a'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.setSearch('ad'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.setRange({ from: '2024-03-01', to: '2024-03-31' }));
    act(() => result.current.setSort('-date_time'));

    expect(result.current.params).toMatchObject({ search: 'ad', from: '2024-03-01', sort: '-date_time' });
    expect(result.current.pending).toBe(true);
    expect(result.current.query).toBe(seen[0]);

    act(() => vi.advanceTimersByTime(LIST_DEBOUNCE_MS - 1));
    expect(result.current.query).toBe(seen[0]);

    act(() => vi.advanceTimersByTime(1));
    expect(result.current.pending).toBe(false);
    expect(result.current.query).toEqual({
      page: 1,
      per_page: DEFAULT_PAGE_SIZE,
      search: 'ad',
      from: '2024-03-01',
      to: '2024-03-31',
      sort: '-date_time',
    });
  });

  it('does not restart the debounce for a change to the same value', () => {
    const { result } = renderList({ initial: { search: 'ada' } });
    const before = result.current.params;
    act(() => result.current.setSearch('ada'));
    expect(result.current.params).toBe(before);
    expect(result.current.pending).toBe(false);
  });

  it('sets the page without touching filters, and filters go back to page 1', () => {
    const { result } = renderList({ initial: { search: 'ada' } });
    act(() => result.current.setPage(4));
    expect(result.current.params).toMatchObject({ page: 4, search: 'ada' });

    act(() => result.current.setPerPage(50));
    expect(result.current.params).toMatchObject({ page: 1, per_page: 50 });

    act(() => result.current.setPage(3));
    act(() => result.current.setSearch('bob'));
    expect(result.current.params.page).toBe(1);

    act(() => result.current.setPage(0));
    expect(result.current.params.page).toBe(1);
  });

  it('resets the page to 1 when the route changes', () => {
    const { result, rerender } = renderList({ routeKey: '/bookings?facility=1' });
    act(() => result.current.setPage(5));
    act(() => vi.advanceTimersByTime(LIST_DEBOUNCE_MS));
    expect(result.current.query.page).toBe(5);

    rerender({ routeKey: '/bookings?facility=2' });
    expect(result.current.params.page).toBe(1);
    act(() => vi.advanceTimersByTime(LIST_DEBOUNCE_MS));
    expect(result.current.query.page).toBe(1);

    // The same route keeps the page.
    act(() => result.current.setPage(2));
    rerender({ routeKey: '/bookings?facility=2' });
    expect(result.current.params.page).toBe(2);
  });

  it('reset clears the filters and the page size', () => {
    const { result } = renderList({ perPage: 10 });
    act(() => {
      result.current.setSearch('ada');
      result.current.setRange({ from: '2024-01-01', to: '2024-01-31' });
      result.current.setSort('name');
      result.current.setPerPage(100);
      result.current.setPage(3);
    });
    act(() => result.current.reset());
    expect(result.current.params).toEqual({ page: 1, per_page: 10, search: '', from: '', to: '', sort: '' });
  });
});

describe('useLastLoaded', () => {
  it('keeps the last defined value and follows new ones', () => {
    const { result, rerender } = renderHook(({ value }: { value: string | undefined }) => useLastLoaded(value), {
      initialProps: { value: undefined as string | undefined },
    });
    expect(result.current).toBeUndefined();
    rerender({ value: 'first' });
    expect(result.current).toBe('first');
    rerender({ value: undefined });
    expect(result.current).toBe('first');
    rerender({ value: 'second' });
    expect(result.current).toBe('second');
  });
});

describe('useListState with TanStack Query', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(fetchList: (query: ListQuery) => Promise<string[]>) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    return renderHook(
      () => {
        const list = useListState({ perPage: 10 });
        const rows = useQuery({
          queryKey: ['rows', list.query],
          queryFn: () => fetchList(list.query),
          placeholderData: keepPreviousData,
        });
        const lastRows = useLastLoaded(rows.data);
        return { list, rows, lastRows };
      },
      { wrapper },
    );
  }

  it('sends one request for a burst of changes, with only non-empty values', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchList = vi.fn(async (query: ListQuery) => [JSON.stringify(query)]);
    const { result } = setup(fetchList);
    await waitFor(() => expect(result.current.rows.data).toBeDefined());
    expect(fetchList).toHaveBeenCalledTimes(1);

    act(() => result.current.list.setSearch('a'));
    act(() => result.current.list.setSearch('ad'));
    act(() => result.current.list.setSearch('ada'));
    act(() => vi.advanceTimersByTime(LIST_DEBOUNCE_MS));

    await waitFor(() => expect(fetchList).toHaveBeenCalledTimes(2));
    expect(fetchList).toHaveBeenLastCalledWith({ page: 1, per_page: 10, search: 'ada' });
  });

  it('keeps the last rows visible when a request fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let failSecond: (error: Error) => void = () => {};
    const fetchList = vi
      .fn<(query: ListQuery) => Promise<string[]>>()
      .mockResolvedValueOnce(['row 1', 'row 2'])
      .mockImplementationOnce(
        () =>
          new Promise<string[]>((_, reject) => {
            failSecond = reject;
          }),
      );
    const { result } = setup(fetchList);
    await waitFor(() => expect(result.current.rows.data).toEqual(['row 1', 'row 2']));

    act(() => result.current.list.setPage(2));
    act(() => vi.advanceTimersByTime(LIST_DEBOUNCE_MS));

    // While page 2 loads, keepPreviousData shows page 1.
    await waitFor(() => expect(fetchList).toHaveBeenCalledTimes(2));
    expect(result.current.rows.isFetching).toBe(true);
    expect(result.current.rows.data).toEqual(['row 1', 'row 2']);

    act(() => failSecond(new Error('offline')));
    await waitFor(() => expect(result.current.rows.isError).toBe(true));
    expect(result.current.rows.isFetching).toBe(false);
    // keepPreviousData lets go once the request fails; useLastLoaded does not.
    expect(result.current.rows.data).toBeUndefined();
    expect(result.current.lastRows).toEqual(['row 1', 'row 2']);
  });

});
