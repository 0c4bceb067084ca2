import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { z } from 'zod';
import { LIST_DEBOUNCE_MS } from '@portal/contracts/constants';
import { enumQueryField, listQuerySchema, sortQueryField, textQueryField } from '@portal/contracts/list-query';
import {
  hasListFilters,
  listDefaults,
  readListParams,
  toQueryValues,
  useUrlListParams,
  writeListParams,
  type ListParams,
  type UseUrlListParamsOptions,
} from './use-url-list-params';

/**
 * A list schema written with plain zod, not the contracts' builder: the hook must take any object schema whose
 * fields are optional or defaulted, with a rule across fields.
 */
const schema = z
  .object({
    search: z.string().trim().max(20).optional(),
    status: z.enum(['open', 'closed']).optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    sort: z.enum(['name', '-name', 'amount', '-amount']).default('-name'),
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().pipe(z.union([z.literal(5), z.literal(10), z.literal(50)])).default(10),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { path: ['from'], message: 'from after to' });

type Params = ListParams<typeof schema>;
const DEFAULTS: Params = { sort: '-name', page: 1, per_page: 10 };
const read = (query: string) => readListParams(schema, new URLSearchParams(query));

describe('readListParams', () => {
  it('reads each field from the URL through the schema', () => {
    expect(read('search=+ada+&status=open&from=2024-03-01&to=2024-03-31&sort=amount&page=3&per_page=50')).toEqual({
      search: 'ada',
      status: 'open',
      from: '2024-03-01',
      to: '2024-03-31',
      sort: 'amount',
      page: 3,
      per_page: 50,
    });
  });

  it('gives the schema defaults for an empty URL', () => {
    expect(read('')).toEqual(DEFAULTS);
    expect(listDefaults(schema)).toEqual(DEFAULTS);
  });

  it.each([
    ['status=maybe&search=ada', { status: undefined, search: 'ada' }],
    ['sort=colour', { sort: '-name' }],
    ['page=0', { page: 1 }],
    ['page=abc&per_page=5', { page: 1, per_page: 5 }],
    ['per_page=7', { per_page: 10 }],
    [`search=${'x'.repeat(21)}`, { search: undefined }],
    ['from=2024-02-30&to=2024-03-01', { from: undefined, to: '2024-03-01' }],
    // A rule across fields: either end could be the wrong one, so the range goes as a whole.
    ['from=2024-03-31&to=2024-03-01&status=open', { from: undefined, to: undefined, status: 'open' }],
  ])('falls back to the default for what the schema refuses: %s', (query, expected) => {
    const params = read(query) as Record<string, unknown>;
    expect(Object.fromEntries(Object.keys(expected).map((key) => [key, params[key]]))).toEqual(expected);
  });

  it('counts a repeated key as its last value', () => {
    expect(read('status=closed&status=open').status).toBe('open');
  });

  it('reads only the fields given, under their URL names', () => {
    const params = readListParams(schema, new URLSearchParams('state=closed&status=open&page=2'), { status: 'state', page: 'page' });
    expect(params).toEqual({ ...DEFAULTS, status: 'closed', page: 2 });
  });
});

describe('writeListParams', () => {
  it('leaves out empty values and defaults, and keeps keys it does not own', () => {
    const written = writeListParams(schema, new URLSearchParams('utm_source=mail&page=4&search=old'), {
      ...DEFAULTS,
      search: '   ',
      status: null,
      from: '',
      page: 1,
    });
    expect(written.toString()).toBe('utm_source=mail');
  });

  it('round-trips through the URL', () => {
    const params: Params = { search: 'Zainab Al', status: 'closed', from: '2024-01-01', to: '2024-01-31', sort: 'amount', page: 2, per_page: 50 };
    const written = writeListParams(schema, new URLSearchParams(), params);
    expect(read(written.toString())).toEqual(params);
  });
});

describe('toQueryValues and hasListFilters', () => {
  it('keeps only non-empty values', () => {
    expect(toQueryValues({ search: '  ', status: undefined, from: null, to: ' 2024-01-01 ', page: 1, flag: false })).toEqual({
      to: '2024-01-01',
      page: 1,
      flag: false,
    });
  });

  it('counts filters that differ from their default, not the page or its size', () => {
    expect(hasListFilters(schema, { ...DEFAULTS, page: 4, per_page: 50 })).toBe(false);
    expect(hasListFilters(schema, { ...DEFAULTS, status: 'open' })).toBe(true);
    expect(hasListFilters(schema, { ...DEFAULTS, sort: 'amount' })).toBe(true);
  });
});

describe('useUrlListParams', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function renderList(path: string, options: UseUrlListParamsOptions<typeof schema> = {}) {
    const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
    const view = renderHook(
      () => ({ list: useUrlListParams(schema, options), location: useLocation(), navigationType: useNavigationType() }),
      { wrapper },
    );
    const search = () => Object.fromEntries(new URLSearchParams(view.result.current.location.search));
    return { ...view, search };
  }

  it('opens on what the URL says and sends it at once, with only non-empty values', () => {
    const { result } = renderList('/list?status=open&search=&page=2');
    expect(result.current.list.params).toEqual({ ...DEFAULTS, status: 'open', search: '', page: 2 });
    expect(result.current.list.query).toEqual({ status: 'open', sort: '-name', page: 2, per_page: 10 });
    expect(result.current.list.pending).toBe(false);
  });

  it('writes a change to the URL at once and sends it once the URL has been still for the debounce', () => {
    const { result, search } = renderList('/list');
    const first = result.current.list.query;

    act(() => result.current.list.set({ search: 'a' }));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.list.set({ search: 'ada' }));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.list.set({ status: 'closed' }));

    expect(search()).toEqual({ search: 'ada', status: 'closed' });
    expect(result.current.list.params).toMatchObject({ search: 'ada', status: 'closed' });
    expect(result.current.list.pending).toBe(true);
    expect(result.current.list.query).toBe(first);

    act(() => vi.advanceTimersByTime(LIST_DEBOUNCE_MS - 1));
    expect(result.current.list.query).toBe(first);

    act(() => vi.advanceTimersByTime(1));
    expect(result.current.list.pending).toBe(false);
    expect(result.current.list.query).toEqual({ search: 'ada', status: 'closed', sort: '-name', page: 1, per_page: 10 });
  });

  it('sends every change at once with debounceMs 0', () => {
    const { result } = renderList('/list', { debounceMs: 0 });
    act(() => result.current.list.set({ status: 'open' }));
    expect(result.current.list.pending).toBe(false);
    expect(result.current.list.query).toMatchObject({ status: 'open' });
  });

  it('goes back to page 1 on any change but the page, which keeps the filters', () => {
    const { result, search } = renderList('/list?status=open&page=3');

    act(() => result.current.list.setPage(4));
    expect(search()).toEqual({ status: 'open', page: '4' });

    act(() => result.current.list.set({ search: 'bob' }));
    expect(search()).toEqual({ status: 'open', search: 'bob' });

    act(() => result.current.list.setPage(2));
    act(() => result.current.list.set({ per_page: 50 }));
    expect(search()).toEqual({ status: 'open', search: 'bob', per_page: '50' });

    act(() => result.current.list.setPage(2));
    act(() => result.current.list.set({ sort: 'amount' }));
    expect(search()).toEqual({ status: 'open', search: 'bob', per_page: '50', sort: 'amount' });
  });

  it('keeps both of two changes made before the first is rendered (two selects changed in a row)', () => {
    const { result, search } = renderList('/list?page=3');
    act(() => {
      const { set } = result.current.list;
      set({ status: 'open' });
      set({ search: 'ada' });
    });
    expect(search()).toEqual({ status: 'open', search: 'ada' });
    expect(result.current.list.params).toMatchObject({ status: 'open', search: 'ada', page: 1 });

    act(() => result.current.list.set({ status: 'closed' }));
    expect(search()).toEqual({ status: 'closed', search: 'ada' });
  });

  it('drops empty values and defaults from the URL', () => {
    const { result, search } = renderList('/list?status=open&search=ada&sort=amount');
    act(() => result.current.list.set({ status: null, search: '  ', sort: '-name' }));
    expect(search()).toEqual({});
  });

  it('adds no history entry when nothing changes, and replaces one when asked', () => {
    const { result } = renderList('/list?status=open');
    const before = result.current.location;

    act(() => result.current.list.set({ status: 'open', search: '' }));
    expect(result.current.location).toBe(before);

    act(() => result.current.list.set({ status: 'closed' }));
    expect(result.current.navigationType).toBe('PUSH');
    act(() => result.current.list.setPage(2, { replace: true }));
    expect(result.current.navigationType).toBe('REPLACE');
  });

  it('clears the filters, keeping the page size and keys it does not own', () => {
    const { result, search } = renderList('/list?utm_source=mail&status=open&search=ada&sort=amount&page=3&per_page=50');
    expect(result.current.list.hasFilters).toBe(true);
    act(() => result.current.list.clearFilters());
    expect(search()).toEqual({ utm_source: 'mail', per_page: '50' });
    expect(result.current.list.hasFilters).toBe(false);
  });

  it('reads invalid URL values as their defaults, and writes them out on the next change', () => {
    const { result, search } = renderList('/list?status=maybe&page=-1&per_page=7&from=2024-03-31&to=2024-03-01');
    expect(result.current.list.params).toEqual(DEFAULTS);
    expect(result.current.list.query).toEqual({ sort: '-name', page: 1, per_page: 10 });

    act(() => result.current.list.set({ search: 'ada' }));
    expect(search()).toEqual({ search: 'ada' });
  });

  it('works with a schema built by the contracts (listQuerySchema), renaming a field in the URL', () => {
    const contractSchema = listQuerySchema({
      filters: {
        search: textQueryField('search', 50),
        state: enumQueryField('state', ['open', 'closed'] as const),
        sort: sortQueryField(['name'] as const),
      },
      defaultPageSize: 20,
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/list?status=closed&sort=-name&per_page=13']}>{children}</MemoryRouter>
    );
    const { result } = renderHook(
      () => useUrlListParams(contractSchema, { urlKeys: { search: 'search', state: 'status', sort: 'sort', page: 'page', per_page: 'per_page' } }),
      { wrapper },
    );
    expect(result.current.params).toEqual({ state: 'closed', sort: '-name', page: 1, per_page: 20 });
    expect(result.current.query).toEqual({ state: 'closed', sort: '-name', page: 1, per_page: 20 });
  });
});
