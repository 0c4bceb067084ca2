import type { Paginated, PaginationLink } from '@portal/contracts/pagination';

/**
 * Laravel's LengthAwarePaginator, the wire shape of every paged list (ARCHITECTURE "wire conventions"):
 * `{data, links, total, current_page, last_page, per_page, from, to}`, with `links` built like
 * `linkCollection()` over Laravel's UrlWindow (3 pages each side of the current one, '...' separators,
 * '&laquo; Previous' and 'Next &raquo;' around them).
 */

export const PREVIOUS_LABEL = '&laquo; Previous';
export const NEXT_LABEL = 'Next &raquo;';
const ON_EACH_SIDE = 3;

export interface PaginateInput<Row> {
  rows: Row[];
  total: number;
  page: number;
  perPage: number;
  /** The URL of a page; see pageUrlBuilder. */
  pageUrl: (page: number) => string;
  onEachSide?: number;
}

export function lastPageOf(total: number, perPage: number): number {
  return Math.max(Math.ceil(total / perPage), 1);
}

export function paginate<Row>({ rows, total, page, perPage, pageUrl, onEachSide }: PaginateInput<Row>): Paginated<Row> {
  const lastPage = lastPageOf(total, perPage);
  const from = rows.length > 0 ? (page - 1) * perPage + 1 : null;
  return {
    data: rows,
    links: paginationLinks({ currentPage: page, lastPage, pageUrl, onEachSide }),
    total,
    current_page: page,
    last_page: lastPage,
    per_page: perPage,
    from,
    to: from === null ? null : from + rows.length - 1,
  };
}

type Element = number[] | '...';

/** Laravel's UrlWindow::get() followed by elements(): page-number runs with '...' between them. */
function windowElements(currentPage: number, lastPage: number, onEachSide: number): Element[] {
  const range = (start: number, end: number) => Array.from({ length: Math.max(0, end - start + 1) }, (_, index) => start + index);
  // Small lists show every page.
  if (lastPage < onEachSide * 2 + 8) return [range(1, lastPage)];
  const window = onEachSide + 4;
  const start = range(1, 2);
  const finish = range(lastPage - 1, lastPage);
  if (currentPage <= window) return [range(1, window + onEachSide), '...', finish];
  if (currentPage > lastPage - window) return [start, '...', range(lastPage - (window + (onEachSide - 1)), lastPage)];
  return [start, '...', range(currentPage - onEachSide, currentPage + onEachSide), '...', finish];
}

export function paginationLinks({
  currentPage,
  lastPage,
  pageUrl,
  onEachSide = ON_EACH_SIDE,
}: {
  currentPage: number;
  lastPage: number;
  pageUrl: (page: number) => string;
  onEachSide?: number;
}): PaginationLink[] {
  const links: PaginationLink[] = [
    { url: currentPage > 1 ? pageUrl(currentPage - 1) : null, label: PREVIOUS_LABEL, active: false },
  ];
  for (const element of windowElements(currentPage, lastPage, onEachSide)) {
    if (element === '...') {
      links.push({ url: null, label: '...', active: false });
      continue;
    }
    for (const page of element) links.push({ url: pageUrl(page), label: String(page), active: page === currentPage });
  }
  links.push({ url: currentPage < lastPage ? pageUrl(currentPage + 1) : null, label: NEXT_LABEL, active: false });
  return links;
}

/**
 * Page URLs like Laravel's `withQueryString()`: the list's path with the request's other parameters
 * (empty ones left out) and `page` last. Values are percent-encoded (RFC 3986).
 */
export function pageUrlBuilder(
  baseUrl: string,
  query: Record<string, string | number | boolean | null | undefined>,
): (page: number) => string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || value === undefined || value === null || value === '') continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  const prefix = `${baseUrl}?${parts.length > 0 ? `${parts.join('&')}&` : ''}page=`;
  return (page) => `${prefix}${page}`;
}

/**
 * The request's own values of `keys` (the last of a repeated key, trimmed; empty ones left out), read from its URL:
 * what page links carry, as Laravel's withQueryString() does, rather than the parsed values with their defaults.
 */
export function requestQueryValues(url: string, keys: readonly string[]): Record<string, string> {
  // The query string alone (what `new URL(url).searchParams` reads, without parsing the rest of a URL).
  const hash = url.indexOf('#');
  const path = hash === -1 ? url : url.slice(0, hash);
  const start = path.indexOf('?');
  // (from the '?' on: URLSearchParams drops exactly one leading '?', as URL's search does)
  const params = new URLSearchParams(start === -1 ? '' : path.slice(start));
  const query: Record<string, string> = {};
  for (const key of keys) {
    const values = params.getAll(key);
    const value = values[values.length - 1]?.trim();
    if (value) query[key] = value;
  }
  return query;
}
