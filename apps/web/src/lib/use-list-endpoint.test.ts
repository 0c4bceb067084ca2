import { describe, expect, it, vi } from 'vitest';
import { HttpError, SERVICE_UNAVAILABLE_MESSAGE } from './http';
import { listFailure, listTableProps } from './use-list-endpoint';
import type { PagedQuery, PageShape } from './use-paged-query';

/** listTableProps: what a list's query and URL state tell its DataTable, for every list of the portal. */

interface Row {
  id: number;
}
type Page = PageShape & { data: Row[] };

const page = (ids: number[], total: number): Page => ({ data: ids.map((id) => ({ id })), total, last_page: Math.ceil(total / 10) });

function paged(state: Partial<PagedQuery<Page>>): PagedQuery<Page> {
  return { page: undefined, current: undefined, loading: false, failed: false, error: null, retry: vi.fn(), ...state };
}

const unfiltered = { hasFilters: false, clearFilters: vi.fn() };
const texts = { loadFailed: "Couldn't load your bookings.", refreshFailed: "Couldn't refresh the list." };

describe('listTableProps', () => {
  it('keeps the last page and its total through a reload, so nothing reads 0 while the next one loads', () => {
    const props = listTableProps<Row>(unfiltered, paged({ page: page([1, 2], 45), loading: true }));
    expect(props).toMatchObject({ rows: [{ id: 1 }, { id: 2 }], total: 45, loading: true, error: null });
  });

  it('has no total (rather than 0) before anything loaded', () => {
    const props = listTableProps<Row>(unfiltered, paged({ loading: true }));
    expect(props.rows).toEqual([]);
    expect(props.total).toBeUndefined();
  });

  it("says a first load failed in the area's words, with Retry", () => {
    const query = paged({ failed: true, error: new HttpError(500, { message: 'Server Error' }, 'Server Error') });
    const props = listTableProps<Row>(unfiltered, query, texts);
    expect(props.error).toBe(texts.loadFailed);
    expect(props.onRetry).toBe(query.retry);
  });

  it('says a reload failed while its rows stay', () => {
    const props = listTableProps<Row>(unfiltered, paged({ page: page([1], 1), failed: true, error: new TypeError('Failed to fetch') }), texts);
    expect(props.rows).toEqual([{ id: 1 }]);
    expect(props.error).toBe(texts.refreshFailed);
    expect(props.onRetry).toBeTypeOf('function');
  });

  it('passes on whether filters narrow the list, and how to clear them', () => {
    const clearFilters = vi.fn();
    const props = listTableProps<Row>({ hasFilters: true, clearFilters }, paged({ page: page([], 0) }));
    expect(props.filtered).toBe(true);
    props.onClearFilters();
    expect(clearFilters).toHaveBeenCalledTimes(1);
  });
});

describe('listFailure', () => {
  it("shows a 422's first field message and offers no Retry, which would fail the same way", () => {
    const error = new HttpError(422, { message: 'The given data was invalid.', errors: { search: ['The search is too long.'] } }, 'The given data was invalid.');
    expect(listFailure(error, false, texts)).toEqual({ message: 'The search is too long.', retryable: false });
  });

  it("says the portal is unavailable in the portal's own words, with Retry", () => {
    const error = new HttpError(503, { message: SERVICE_UNAVAILABLE_MESSAGE }, SERVICE_UNAVAILABLE_MESSAGE);
    expect(listFailure(error, true, texts)).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE, retryable: true });
  });

  it('falls back to the kit’s own words when the area gives none', () => {
    expect(listFailure(new TypeError('Failed to fetch'), false).message).toBe("Couldn't load the list.");
  });
});
