import { describe, expect, it } from 'vitest';
import { NEXT_LABEL, PREVIOUS_LABEL, lastPageOf, pageUrlBuilder, paginate, paginationLinks } from './paginate.ts';

const url = (page: number) => `/list?page=${page}`;
/** The labels between Previous and Next. */
const window = (currentPage: number, lastPage: number) =>
  paginationLinks({ currentPage, lastPage, pageUrl: url })
    .slice(1, -1)
    .map((link) => link.label)
    .join(' ');

describe('paginate (Laravel LengthAwarePaginator)', () => {
  it('describes a middle page', () => {
    const result = paginate({ rows: ['k', 'l', 'm', 'n', 'o'], total: 23, page: 3, perPage: 5, pageUrl: url });
    expect(result).toMatchObject({ total: 23, current_page: 3, last_page: 5, per_page: 5, from: 11, to: 15 });
    expect(result.links[0]).toEqual({ url: '/list?page=2', label: PREVIOUS_LABEL, active: false });
    expect(result.links.at(-1)).toEqual({ url: '/list?page=4', label: NEXT_LABEL, active: false });
    expect(result.links.filter((link) => link.active)).toEqual([{ url: '/list?page=3', label: '3', active: true }]);
  });

  it('describes an empty list as one page with nothing on it', () => {
    const result = paginate({ rows: [], total: 0, page: 1, perPage: 10, pageUrl: url });
    expect(result).toMatchObject({ data: [], total: 0, current_page: 1, last_page: 1, from: null, to: null });
    expect(result.links).toEqual([
      { url: null, label: PREVIOUS_LABEL, active: false },
      { url: '/list?page=1', label: '1', active: true },
      { url: null, label: NEXT_LABEL, active: false },
    ]);
  });

  it('keeps the total on a page past the end', () => {
    const result = paginate({ rows: [], total: 12, page: 7, perPage: 10, pageUrl: url });
    expect(result).toMatchObject({ last_page: 2, from: null, to: null, current_page: 7 });
    expect(result.links[0]!.url).toBe('/list?page=6');
    expect(result.links.at(-1)!.url).toBeNull();
    expect(result.links.some((link) => link.active)).toBe(false);
  });

  it('counts pages', () => {
    expect(lastPageOf(0, 10)).toBe(1);
    expect(lastPageOf(10, 10)).toBe(1);
    expect(lastPageOf(11, 10)).toBe(2);
    expect(lastPageOf(100_000, 10)).toBe(10_000);
  });
});

describe('paginationLinks window (UrlWindow, 3 on each side)', () => {
  it('lists every page below 14 pages', () => {
    expect(window(1, 13)).toBe('1 2 3 4 5 6 7 8 9 10 11 12 13');
  });

  it('near the start: the first 10 pages, then the last two', () => {
    expect(window(1, 50)).toBe('1 2 3 4 5 6 7 8 9 10 ... 49 50');
    expect(window(7, 50)).toBe('1 2 3 4 5 6 7 8 9 10 ... 49 50');
  });

  it('in the middle: the first two, 3 each side of the current page, the last two', () => {
    expect(window(8, 50)).toBe('1 2 ... 5 6 7 8 9 10 11 ... 49 50');
    expect(window(2_000, 10_000)).toBe('1 2 ... 1997 1998 1999 2000 2001 2002 2003 ... 9999 10000');
  });

  it('near the end: the first two, then the last 10 pages', () => {
    expect(window(44, 50)).toBe('1 2 ... 41 42 43 44 45 46 47 48 49 50');
    expect(window(50, 50)).toBe('1 2 ... 41 42 43 44 45 46 47 48 49 50');
  });

  it('gives separators no URL', () => {
    const links = paginationLinks({ currentPage: 20, lastPage: 50, pageUrl: url });
    for (const link of links.filter((item) => item.label === '...')) expect(link).toEqual({ url: null, label: '...', active: false });
  });
});

describe('pageUrlBuilder', () => {
  it('keeps the other parameters, drops empty ones, puts page last and encodes values', () => {
    const build = pageUrlBuilder('http://localhost:3000/api/clients/bookings', {
      search: 'MT-12 khan&co',
      from: '',
      to: undefined,
      per_page: 10,
      page: '4',
    });
    expect(build(2)).toBe('http://localhost:3000/api/clients/bookings?search=MT-12%20khan%26co&per_page=10&page=2');
  });

  it('gives ?page=N alone without parameters', () => {
    expect(pageUrlBuilder('/x', {})(3)).toBe('/x?page=3');
  });
});
