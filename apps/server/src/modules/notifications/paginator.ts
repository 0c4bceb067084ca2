import type { Paginated, PaginationLink } from '@portal/contracts/pagination';

/**
 * Laravel's length-aware paginator shape (ARCHITECTURE "wire conventions"), with its link window: every page
 * up to 13 pages, else the first two, three each side of the current one and the last two, with '...' gaps.
 * Local to this module until a shared lib/paginate.ts exists.
 */
const ON_EACH_SIDE = 3;

export function paginate<Row>(input: {
  rows: Row[];
  total: number;
  page: number;
  perPage: number;
  /** The list's path, e.g. '/api/notifications'. */
  path: string;
  /** Other query values every page link keeps (filters). */
  query?: Record<string, string>;
}): Paginated<Row> {
  const { rows, total, page, perPage, path } = input;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (target: number) => {
    const search = new URLSearchParams({ ...input.query, page: String(target), per_page: String(perPage) });
    return `${path}?${search.toString()}`;
  };
  const pageLink = (target: number): PaginationLink => ({ url: url(target), label: String(target), active: target === page });
  const gap: PaginationLink = { url: null, label: '...', active: false };
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => pageLink(from + index));

  let pages: PaginationLink[];
  const window = ON_EACH_SIDE * 2;
  if (lastPage < window + 8) {
    pages = range(1, lastPage);
  } else if (page <= window) {
    pages = [...range(1, window + 2), gap, ...range(lastPage - 1, lastPage)];
  } else if (page > lastPage - window) {
    pages = [...range(1, 2), gap, ...range(lastPage - (window + 2) + 1, lastPage)];
  } else {
    pages = [...range(1, 2), gap, ...range(page - ON_EACH_SIDE, page + ON_EACH_SIDE), gap, ...range(lastPage - 1, lastPage)];
  }

  const from = rows.length > 0 ? (page - 1) * perPage + 1 : null;
  return {
    data: rows,
    links: [
      { url: page > 1 ? url(page - 1) : null, label: '&laquo; Previous', active: false },
      ...pages,
      { url: page < lastPage ? url(page + 1) : null, label: 'Next &raquo;', active: false },
    ],
    total,
    current_page: page,
    last_page: lastPage,
    per_page: perPage,
    from,
    to: from === null ? null : from + rows.length - 1,
  };
}
