import type { Locale } from '@portal/contracts/preferences';

/**
 * What a list declares to export its rows as Excel and PDF files: its columns, each once, and the document's
 * heading. The writers (xlsx-writer.ts, pdf-writer.ts) know nothing of the rows beyond these declarations, so any
 * list can export by declaring its columns (bookings: modules/bookings/export-columns.ts).
 */

export type ExportFormat = 'xlsx' | 'pdf';

/**
 * A typed workbook cell, for values a spreadsheet should compute with rather than read as text. The type picks the
 * cell's number format here, once, so every list's files look alike. `null` leaves the cell empty.
 */
export type ExcelValue<Row> =
  | { type: 'number'; value(row: Row): number | null }
  /** two decimals with thousands separators; the currency, when there is one, belongs in a column of its own */
  | { type: 'money'; value(row: Row): number | null }
  /** a Date whose UTC fields are the wall clock to show (wallClockDate): Excel has no time zones */
  | { type: 'date'; value(row: Row): Date | null }
  | { type: 'date-time'; value(row: Row): Date | null };

export interface ExportColumn<Row> {
  /** the column's header (the workbook's, and the PDF's unless pdfLabel is given) */
  label: string;
  /** a shorter header for the PDF, where the column is narrower than its label */
  pdfLabel?: string;
  /** Excel column width, in characters; without it the column is left out of the workbook */
  excelWidth?: number;
  /** PDF column width, in points; without it the column is left out of the PDF (PDF_TABLE_WIDTH in all) */
  pdfWidth?: number;
  /** 'right' for amounts: in the PDF always; in the workbook for text cells (Excel right-aligns typed values itself) */
  align?: 'left' | 'right';
  /** the cell as text: what the PDF prints, and the workbook's cell unless `excel` is given */
  text(row: Row): string;
  excel?: ExcelValue<Row>;
}

/** The heading of an exported file: what the list is, whose it is, and which rows it holds. */
export interface ExportDocument {
  /** e.g. 'My Referrals — Bookings' */
  title: string;
  /** the workbook's one sheet */
  sheetName: string;
  /** what a row is, plural and lower-case: '1,234 bookings' */
  rowsName: string;
  /** printed in place of the table when there is no row */
  emptyText: string;
  /** whose list it is: shown with its logo on the PDF, and as a `label: name` line in the workbook */
  organisation: { label: string; name: string; logo: string | null };
  /** [label, value] lines describing the filters, the sort and the time zone */
  filterLines: [string, string][];
  /** the rows the file will hold (counted before it is written) */
  total: number;
  timeZone: string;
  /** now, as wall-clock time in timeZone ('YYYY-MM-DD HH:mm') */
  generatedAt: string;
  /**
   * The language the list wrote its words in, and the writers write theirs in (exportWriterTexts); a right-to-left
   * one lays the PDF out from the right. English when not given.
   */
  locale?: Locale;
}

/** What the writers take: the declared columns, the heading, and the rows in batches as they are read. */
export interface ExportSource<Row> {
  columns: readonly ExportColumn<Row>[];
  document: ExportDocument;
  rows: AsyncIterable<Row[]>;
}

export interface ExportWriteOptions {
  /** stops writing rows (after the current batch) when aborted: the download went away */
  signal?: AbortSignal;
}

/**
 * A value that reads left to right whatever surrounds it (a date, a time, a zone name), for texts in a right-to-left
 * language: without the isolate, the bidirectional algorithm lays '2025-04-01' out as '01-04-2025' beside Arabic.
 */
export function leftToRight(value: string): string {
  return `\u2066${value}\u2069`;
}

/** The writers' own words (the heading's 'Generated' line, the footer, page numbers), in each language. */
export interface ExportWriterTexts {
  /** the PDF's line under the filters: when, in which zone, how many rows */
  generatedLine(generatedAt: string, timeZone: string, count: string, rowsName: string): string;
  /** the PDF's footer: whose file, generated when */
  footer(organisation: string, generatedAt: string, timeZone: string): string;
  page(pageNumber: number): string;
  /** the PDF's Keywords */
  keywords(rowsName: string, total: number): string;
  /** the workbook's heading lines */
  generatedLabel: string;
  generatedValue(generatedAt: string, timeZone: string): string;
  rowsLabel: string;
}

export const EXPORT_WRITER_TEXTS: Readonly<Record<Locale, ExportWriterTexts>> = {
  en: {
    generatedLine: (at, zone, count, rowsName) => `Generated ${at} (${zone}) · ${count} ${rowsName}`,
    footer: (organisation, at, zone) => `${organisation} · generated ${at} (${zone})`,
    page: (pageNumber) => `Page ${pageNumber}`,
    keywords: (rowsName, total) => `${rowsName}, ${total} rows`,
    generatedLabel: 'Generated',
    generatedValue: (at, zone) => `${at} (${zone})`,
    rowsLabel: 'Rows',
  },
  ar: {
    generatedLine: (at, zone, count, rowsName) => `أُنشئ في ${leftToRight(at)} (${leftToRight(zone)}) · ${count} ${rowsName}`,
    footer: (organisation, at, zone) => `${organisation} · أُنشئ في ${leftToRight(at)} (${leftToRight(zone)})`,
    page: (pageNumber) => `صفحة ${pageNumber}`,
    keywords: (rowsName, total) => `${rowsName}، ${total} صف`,
    generatedLabel: 'تاريخ الإنشاء',
    generatedValue: (at, zone) => `${leftToRight(at)} (${leftToRight(zone)})`,
    rowsLabel: 'عدد الصفوف',
  },
};

/** A count as the files write it: grouped, in Latin digits in every language (as the rows' figures are). */
export function countText(count: number): string {
  return count.toLocaleString('en');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DDTHH:MI:SS' wall-clock text → '5 Mar 2024 14:30' (spec §9's 'D MMM Y', with the time). */
export function wallClockText(local: string): string {
  const [date = '', time = ''] = local.split('T');
  const [year, month, day] = date.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''} ${year} ${time.slice(0, 5)}`;
}

/** The month names of a language, from Intl ('مارس'), in Latin-digit dates: '5 مارس 2024 14:30'. */
const MONTH_NAMES = new Map<Locale, string[]>();
function monthNames(locale: Locale): string[] {
  let names = MONTH_NAMES.get(locale);
  if (!names) {
    const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    names = Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2024, month, 1)));
    MONTH_NAMES.set(locale, names);
  }
  return names;
}

/** wallClockText in a language: English's spec format, another language's month names ('5 مارس 2024 14:30'). */
export function wallClockTextIn(local: string, locale: Locale): string {
  if (locale === 'en') return wallClockText(local);
  const [date = '', time = ''] = local.split('T');
  const [year, month, day] = date.split('-');
  return `${Number(day)} ${monthNames(locale)[Number(month) - 1] ?? ''} ${year} ${time.slice(0, 5)}`.trimEnd();
}

/** Wall-clock text 'YYYY-MM-DDTHH:MI:SS' as a Date whose UTC fields are that wall clock, for a date cell. */
export function wallClockDate(local: string): Date {
  return new Date(`${local}Z`);
}

/** '1234567.50' → '1,234,567.50' on the digits (money never passes through a float here). */
export function formatAmountText(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = '00'] = amount.replace('-', '').split('.');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0')}`;
}
