import { sharedText } from '../../i18n/i18n';
/** Pure parts of the table widget: cell lookup, totals, sort cycling and the copied text. */

/** A table row: an id plus the fields the headers name (spec §3 "Table row"). */
export interface TableRow {
  id: string | number;
}

export type SortDirection = 'asc' | 'desc' | null;

/**
 * Reads a row field by a header's `value`. A dotted path reaches nested fields ('provider.name'), which is how the
 * Booking entity of spec §3 is shaped; a key that itself contains a dot is tried first.
 */
export function getCellValue(row: TableRow, path: string): unknown {
  const record = row as unknown as Record<string, unknown>;
  if (path in record) return record[path];
  return path.split('.').reduce<unknown>((current, key) => {
    if (current === null || current === undefined || typeof current !== 'object') return undefined;
    return (current as Record<string, unknown>)[key];
  }, row);
}

/** 'name' → asc, '-name' → desc, anything else → not sorted by this column. */
export function sortDirection(sort: string, column: string): SortDirection {
  if (sort === column) return 'asc';
  if (sort === `-${column}`) return 'desc';
  return null;
}

/** Clicking a column header cycles ascending → descending → unsorted; another column starts ascending. */
export function nextSort(sort: string, column: string): string {
  switch (sortDirection(sort, column)) {
    case 'asc':
      return `-${column}`;
    case 'desc':
      return '';
    default:
      return column;
  }
}

/**
 * The sorts a list offers where it has no column headers to click (the cards): each sortable column ascending
 * and descending, as the values nextSort cycles through.
 */
export function nextSortOptions(headers: readonly { text: string; value: string; sort?: boolean }[]): { value: string; label: string }[] {
  return headers
    .filter((header) => header.sort)
    .flatMap((header) => [
      { value: header.value, label: sharedText('table.sortAscending', { column: header.text }) },
      { value: `-${header.value}`, label: sharedText('table.sortDescending', { column: header.text }) },
    ]);
}

const PLAIN_DECIMAL = /^(-)?(\d*)(?:\.(\d+))?$/;

/**
 * Sums a column exactly: amounts arrive as strings ('12.50') and float addition would turn 0.1 + 0.2 into
 * 0.30000000000000004. Each value is scaled to the largest number of decimals seen and added as a BigInt.
 * Values that are not numbers (a '-' placeholder, null) are skipped. Returns null when nothing was summed.
 */
export function sumColumn(values: unknown[]): string | null {
  const parsed: { negative: boolean; integer: string; fraction: string }[] = [];
  for (const value of values) {
    if (typeof value !== 'number' && typeof value !== 'string') continue;
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    const text = typeof value === 'number' ? numberToPlain(value) : value.trim().replaceAll(',', '');
    const match = PLAIN_DECIMAL.exec(text);
    if (!match || (!match[2] && !match[3])) continue;
    parsed.push({ negative: match[1] === '-', integer: match[2] || '0', fraction: match[3] ?? '' });
  }
  if (parsed.length === 0) return null;

  const scale = Math.max(...parsed.map((value) => value.fraction.length));
  const total = parsed.reduce((sum, value) => {
    const units = BigInt(value.integer + value.fraction.padEnd(scale, '0'));
    return sum + (value.negative ? -units : units);
  }, 0n);

  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const integer = scale === 0 ? digits : digits.slice(0, -scale);
  const fraction = scale === 0 ? '' : `.${digits.slice(-scale)}`;
  return `${negative ? '-' : ''}${integer}${fraction}`;
}

function numberToPlain(value: number): string {
  const text = String(value);
  // Exponent forms (1e21, 1e-7) are outside what a table column holds; toFixed gives a plain form for the small.
  return /e/i.test(text) ? value.toFixed(20).replace(/\.?0+$/, '') : text;
}

/**
 * The table as the user sees it, tab-separated: one line per header, body and footer row, one field per cell.
 * Cells and rows marked `data-copy-skip` (check boxes, the empty-state and placeholder rows) are left out.
 * Reading the DOM rather than the data means custom cell renderers are copied as displayed.
 */
export function tableToText(table: HTMLTableElement): string {
  const lines: string[] = [];
  for (const row of Array.from(table.rows)) {
    if (row.hasAttribute('data-copy-skip')) continue;
    const cells = Array.from(row.cells).filter((cell) => !cell.hasAttribute('data-copy-skip'));
    lines.push(cells.map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim()).join('\t'));
  }
  return lines.join('\n');
}

/**
 * The cards (DataTableCards) as the same tab-separated text as the table: the column names, then one line per
 * card with each `data-copy-cell` in the place its index names (blank where a card has no such field).
 */
export function cardsToText(list: HTMLElement): string {
  const header = list.getAttribute('data-copy-header') ?? '';
  const columns = header.split('\t').length;
  const lines = [header];
  for (const card of Array.from(list.querySelectorAll<HTMLElement>('[data-copy-row]'))) {
    const cells: string[] = Array.from({ length: columns }, () => '');
    for (const cell of Array.from(card.querySelectorAll<HTMLElement>('[data-copy-cell]'))) {
      const index = Number(cell.getAttribute('data-copy-cell'));
      if (Number.isInteger(index) && index >= 0 && index < columns) cells[index] = (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
    }
    lines.push(cells.join('\t'));
  }
  return lines.join('\n');
}

/**
 * A column's alignment as a side of the line rather than of the screen: 'right' (numbers, amounts) is where the line
 * ends, which is the left in a right-to-left language.
 */
export function logicalAlign(align: 'left' | 'center' | 'right' | undefined): 'start' | 'center' | 'end' | undefined {
  if (align === 'right') return 'end';
  if (align === 'left') return 'start';
  return align;
}
