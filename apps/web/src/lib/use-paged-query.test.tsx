import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { z } from 'zod';
import { LIST_DEBOUNCE_MS } from '@portal/contracts/constants';
import { paginatedSchema, type Paginated } from '@portal/contracts/pagination';
import { usePagedQuery } from './use-paged-query';
import { useUrlListParams, type QueryValues } from './use-url-list-params';

const rowSchema = z.object({ id: z.number(), name: z.string() });
const pageSchema = paginatedSchema(rowSchema);
type Row = z.infer<typeof rowSchema>;
type Page = Paginated<Row>;

const listSchema = z.object({
  search: z.string().trim().optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().default(10),
});

function pageOf(names: string[], total = names.length): Page {
  return { data: names.map((name, index) => ({ id: index + 1, name })), links: [], total, current_page: 1, last_page: Math.max(1, Math.ceil(total / 10)), per_page: 10, from: 1, to: names.length };
}

/** A request the test answers when it chooses, so "still loading" is a state the test holds, not a race. */
interface Held {
  query: QueryValues;
  resolve: (body: unknown) => void;
  reject: (error: Error) => void;
}

/**
 * Fake timers only, no waitFor: TanStack Query delivers results on timers, and each step below runs them out
 * explicitly, so every assertion reads a settled state.
 */
const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('usePagedQuery', () => {
  let held: Held[];
  let client: QueryClient;

  beforeEach(() => {
    vi.useFakeTimers();
    held = [];
    client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
  });
  afterEach(() => {
    client.clear();
    vi.useRealTimers();
  });

  /** The fetcher of a feature's api file: the answer is parsed with the contract's paginator schema. */
  const fetchRows = (query: QueryValues) =>
    new Promise<unknown>((resolve, reject) => held.push({ query, resolve, reject })).then((body) => pageSchema.parse(body));
  const rowsOptions = (query: QueryValues) => queryOptions({ queryKey: ['rows', query], queryFn: () => fetchRows(query) });

  function renderList(path = '/rows') {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    return renderHook(
      () => {
        const list = useUrlListParams(listSchema);
        return { list, rows: usePagedQuery(rowsOptions(list.query), list) };
      },
      { wrapper },
    );
  }

  async function answer(body: unknown) {
    const request = held.at(-1)!;
    await act(async () => request.resolve(body));
    await flush();
  }

  it('loads the first page at once and reads it', async () => {
    const { result } = renderList('/rows?search=ada');
    await flush();
    expect(held.map((request) => request.query)).toEqual([{ search: 'ada', page: 1, per_page: 10 }]);
    expect(result.current.rows).toMatchObject({ page: undefined, current: undefined, loading: true, failed: false });

    await answer(pageOf(['Ada']));
    expect(result.current.rows.page?.data).toEqual([{ id: 1, name: 'Ada' }]);
    expect(result.current.rows.current).toBe(result.current.rows.page);
    expect(result.current.rows.loading).toBe(false);
  });

  it('keeps the last rows and total while the debounce waits and the next page loads', async () => {
    const { result } = renderList();
    await flush();
    await answer(pageOf(['Ada', 'Grace'], 45));
    const first = result.current.rows.page;

    act(() => result.current.list.set({ search: 'bob' }));
    // Waiting for the debounce already counts as loading: the table shows it at once.
    expect(result.current.rows).toMatchObject({ page: first, current: undefined, loading: true });
    expect(held).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(LIST_DEBOUNCE_MS));
    expect(held.map((request) => request.query)).toEqual([
      { page: 1, per_page: 10 },
      { search: 'bob', page: 1, per_page: 10 },
    ]);
    expect(result.current.rows.page).toBe(first);
    expect(result.current.rows.page?.total).toBe(45);
    expect(result.current.rows).toMatchObject({ current: undefined, loading: true });

    await answer(pageOf(['Bob']));
    expect(result.current.rows.page?.data.map((row) => row.name)).toEqual(['Bob']);
    expect(result.current.rows.current).toBe(result.current.rows.page);
  });

  it('turns a burst of changes into one request', async () => {
    const { result } = renderList();
    await flush();
    await answer(pageOf([]));

    for (const search of ['a', 'ad', 'ada']) {
      act(() => result.current.list.set({ search }));
      await act(() => vi.advanceTimersByTimeAsync(LIST_DEBOUNCE_MS / 2));
    }
    expect(held).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(LIST_DEBOUNCE_MS / 2));
    expect(held.map((request) => request.query.search)).toEqual([undefined, 'ada']);
  });

  it('keeps the last rows after a failure, says it failed, and a retry asks again', async () => {
    const { result } = renderList();
    await flush();
    await answer(pageOf(['Ada']));
    const first = result.current.rows.page;

    act(() => result.current.list.setPage(2));
    await act(() => vi.advanceTimersByTimeAsync(LIST_DEBOUNCE_MS));
    await act(async () => held.at(-1)!.reject(new Error('offline')));
    await flush();
    expect(result.current.rows).toMatchObject({ page: first, current: undefined, loading: false, failed: true });
    expect(result.current.rows.error?.message).toBe('offline');

    act(() => result.current.rows.retry());
    await flush();
    expect(held).toHaveLength(3);
    expect(held[2]!.query).toEqual({ page: 2, per_page: 10 });
    expect(result.current.rows).toMatchObject({ page: first, loading: true, failed: false });

    await answer(pageOf(['Page 2']));
    expect(result.current.rows).toMatchObject({ failed: false, error: null, loading: false });
    expect(result.current.rows.page?.data[0]?.name).toBe('Page 2');
  });

  it('reports a failed refresh of the rows shown only while nothing else is under way', async () => {
    const { result } = renderList();
    await flush();
    await answer(pageOf(['Ada']));

    // A refresh of the same page fails: TanStack keeps its rows and its error.
    act(() => result.current.rows.retry());
    await act(async () => held.at(-1)!.reject(new Error('offline')));
    await flush();
    expect(result.current.rows).toMatchObject({ failed: true, loading: false });
    expect(result.current.rows.page?.data[0]?.name).toBe('Ada');

    // Trying again: the error is still TanStack's, but it is not reported while the request runs.
    act(() => result.current.rows.retry());
    await flush();
    expect(result.current.rows.error?.message).toBe('offline');
    expect(result.current.rows).toMatchObject({ failed: false, loading: true });
    await act(async () => held.at(-1)!.reject(new Error('still offline')));
    await flush();
    expect(result.current.rows.failed).toBe(true);

    // Nor while a change waits for the debounce: the old failure is about to be replaced.
    act(() => result.current.list.set({ search: 'ada' }));
    expect(result.current.rows).toMatchObject({ failed: false, loading: true });
  });

  it('treats an answer that does not match the contract as a failure, not as rows', async () => {
    const { result } = renderList();
    await flush();
    await answer({ data: [{ id: 'one' }], total: 1 });
    expect(result.current.rows).toMatchObject({ page: undefined, failed: true });
    expect(result.current.rows.error).toBeInstanceOf(z.ZodError);
  });
});
