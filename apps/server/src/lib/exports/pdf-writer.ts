import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { initials } from '@portal/contracts/formatters';
import { RTL_LOCALES } from '@portal/contracts/preferences';
import { PdfTextLineWriter, type TextCell } from '../pdf-text-line.ts';
import { drawSvg } from '../svg-to-pdf.ts';
import {
  countText,
  EXPORT_WRITER_TEXTS,
  type ExportColumn,
  type ExportDocument,
  type ExportSource,
  type ExportWriteOptions,
  type ExportWriterTexts,
} from './export-columns.ts';
import { needsBidi, visualRuns, type VisualRun } from './pdf-bidi.ts';
import { findLogo, LOGO_DIRECTORIES, type Logo } from './pdf-logo.ts';
import { waitForReader } from './stream-pressure.ts';

export const PDF_CONTENT_TYPE = 'application/pdf';

const MARGIN = 36;
const PAGE_WIDTH = 841.89;
const PAGE_HEIGHT = 595.28;
/** What the columns' `pdfWidth`s may add up to: A4 landscape less two 36 pt margins, about 770 pt. */
export const PDF_TABLE_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const ROW_HEIGHT = 14.5;
const HEADER_ROW_HEIGHT = 18;
const FONT_SIZE = 7.5;
const CELL_PADDING = 3;
const FOOTER_Y = PAGE_HEIGHT - 26;
const TABLE_BOTTOM = FOOTER_Y - 8;
const ACCENT = '#1F4E79';

export interface PdfOptions extends ExportWriteOptions {
  /** false writes uncompressed content streams (tests read the text); default true */
  compress?: boolean;
  /** where `/build/logos/…` files are looked for; default the SPA's dist and public folders */
  logoDirectories?: readonly string[];
}

type PdfColumn<Row> = ExportColumn<Row> & { pdfWidth: number };

export type Weight = 'regular' | 'bold' | 'oblique';

/**
 * The fonts: Helvetica (a standard font: nothing to embed, fast layout) for Latin text, as every English file has
 * always used; IBM Plex Sans Arabic (its Arabic subset, from @fontsource, embedded only when a file has Arabic
 * text) for the Arabic runs of a line (pdf-bidi.ts). Plex has no italic: the oblique style uses its regular face.
 */
const LATIN_FONTS: Record<Weight, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold', oblique: 'Helvetica-Oblique' };
const ARABIC_FONTS: Record<Weight, string> = { regular: 'PortalArabic', bold: 'PortalArabic-Bold', oblique: 'PortalArabic' };
const ARABIC_FONT_FILES = {
  PortalArabic: '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff',
  'PortalArabic-Bold': '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff',
} as const;
/** Helvetica's ascender (per 1000 of the size): where PDFKit puts its baseline below a text's top. */
const LATIN_ASCENDER = 718;
/** An Arabic run is laid out whole, never word by word (pdf-bidi.ts). */
const WHOLE_TEXT: PDFKit.Mixins.OpenTypeFeatures[] = [];

const require = createRequire(import.meta.url);
let arabicFontData: Record<keyof typeof ARABIC_FONT_FILES, Buffer> | null = null;
function arabicFonts(): Record<keyof typeof ARABIC_FONT_FILES, Buffer> {
  arabicFontData ??= {
    PortalArabic: readFileSync(require.resolve(ARABIC_FONT_FILES.PortalArabic)),
    'PortalArabic-Bold': readFileSync(require.resolve(ARABIC_FONT_FILES['PortalArabic-Bold'])),
  };
  return arabicFontData;
}

/**
 * Draws one-line texts in the writer's fonts. A text without right-to-left characters is drawn exactly as the
 * writer always drew it (Helvetica, WinAnsi: an English file is unchanged); one with Arabic is cut into visual runs,
 * each in its font, on Helvetica's baseline.
 */
export class TextDrawer {
  private readonly runs = new Map<string, VisualRun[]>();
  private registered = false;

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  runsOf(text: string): VisualRun[] {
    let runs = this.runs.get(text);
    if (runs === undefined) {
      runs = visualRuns(text);
      if (this.runs.size > 10_000) this.runs.clear();
      this.runs.set(text, runs);
    }
    return runs;
  }

  /** The registered name of a run's font, registering the Arabic fonts the first time one is needed. */
  fontOf(run: VisualRun, weight: Weight): string {
    if (run.font === 'latin') return LATIN_FONTS[weight];
    if (!this.registered) {
      for (const [name, data] of Object.entries(arabicFonts())) this.doc.registerFont(name, data);
      this.registered = true;
    }
    return ARABIC_FONTS[weight];
  }

  private runText(run: VisualRun): string {
    return run.font === 'latin' ? toWinAnsi(run.text) : run.text;
  }

  width(text: string, weight: Weight, size: number): number {
    if (!needsBidi(text)) return this.doc.font(LATIN_FONTS[weight]).fontSize(size).widthOfString(toWinAnsi(text));
    let width = 0;
    for (const run of this.runsOf(text)) {
      this.doc.font(this.fontOf(run, weight)).fontSize(size);
      width += this.doc.widthOfString(this.runText(run), run.font === 'arabic' ? { features: WHOLE_TEXT } : {});
    }
    this.doc.font(LATIN_FONTS[weight]);
    return width;
  }

  /** Draws `text` with its top at `y`, from `x`, or ending at `right` when given (right-aligned). */
  draw(text: string, x: number, y: number, weight: Weight, size: number, options: { right?: number } = {}): void {
    if (!needsBidi(text)) {
      const plain = toWinAnsi(text);
      this.doc.font(LATIN_FONTS[weight]).fontSize(size);
      const left = options.right === undefined ? x : options.right - this.doc.widthOfString(plain);
      this.doc.text(plain, left, y, { lineBreak: false });
      return;
    }
    let cursor = options.right === undefined ? x : options.right - this.width(text, weight, size);
    const baseline = y + (LATIN_ASCENDER / 1000) * size;
    for (const run of this.runsOf(text)) {
      const runText = this.runText(run);
      const features = run.font === 'arabic' ? { features: WHOLE_TEXT } : {};
      this.doc.font(this.fontOf(run, weight)).fontSize(size);
      this.doc.text(runText, cursor, baseline, { lineBreak: false, baseline: 'alphabetic', ...features });
      cursor += this.doc.widthOfString(runText, features);
    }
    this.doc.font(LATIN_FONTS[weight]);
  }
}

/** Where things go across the page: from the left in a left-to-right file, mirrored from the right otherwise. */
interface Layout {
  rtl: boolean;
  texts: ExportWriterTexts;
  drawer: TextDrawer;
}

/**
 * Streams an A4 landscape PDF into `output`: the organisation's logo (PNG/JPEG, or an SVG drawn by
 * lib/svg-to-pdf; a monogram badge with the organisation's name when there is none or it cannot be drawn), the
 * title, the filters, then a table of the columns that declare a `pdfWidth`, whose header row repeats on every
 * page, numbered 'Page N'. Pages are written as they fill; a total page count ('of M') would need every page kept
 * in memory, so it is left out. Answers the number of rows written. The file's own words are in the document's
 * language; in a right-to-left one the page is laid out from the right (the first column at the right edge).
 */
export async function writePdf<Row>(output: Writable, source: ExportSource<Row>, options: PdfOptions = {}): Promise<number> {
  const { document } = source;
  const locale = document.locale ?? 'en';
  const columns = source.columns.filter((column): column is PdfColumn<Row> => column.pdfWidth !== undefined);
  const tableWidth = columns.reduce((sum, column) => sum + column.pdfWidth, 0);
  // Wider columns would run off the page; narrower ones leave the banded rows sticking out: a declaration mistake.
  if (tableWidth > PDF_TABLE_WIDTH + 0.5 || tableWidth < PDF_TABLE_WIDTH - 1) {
    throw new Error(`PDF export: the columns' widths add up to ${tableWidth} pt; the table is ${Math.floor(PDF_TABLE_WIDTH)} pt wide`);
  }
  const texts = EXPORT_WRITER_TEXTS[locale];
  const filterText = document.filterLines.map(([label, value]) => `${label}: ${value}`).join(' · ');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: 10, left: MARGIN, right: MARGIN },
    compress: options.compress ?? true,
    autoFirstPage: true,
    bufferPages: false,
    // The catalogue's language, for readers and screen readers (left out in English, whose files stay as they were).
    ...(locale === 'en' ? {} : { lang: locale }),
    info: {
      Title: `${document.title} — ${document.organisation.name}`,
      Subject: needsBidi(filterText) ? filterText : toWinAnsi(filterText),
      Author: 'Partner portal',
      Creator: 'Partner portal',
      Keywords: texts.keywords(document.rowsName, document.total),
    },
  });
  const finished = new Promise<void>((resolve, reject) => {
    output.on('finish', resolve);
    output.on('close', resolve);
    output.on('error', reject);
    doc.on('error', reject);
  });
  doc.pipe(output);
  const layout: Layout = { rtl: RTL_LOCALES.includes(locale), texts, drawer: new TextDrawer(doc) };
  const rowText = new PdfTextLineWriter(doc);

  let pageNumber = 1;
  let y = drawFirstPageHeader(doc, layout, document, filterText, findLogo(document.organisation.logo, options.logoDirectories ?? LOGO_DIRECTORIES));
  y = drawTableHeader(doc, layout, columns, y);
  let rowIndex = 0;
  let written = 0;

  const finishPage = () => drawFooter(doc, layout, document, pageNumber);

  for await (const batch of source.rows) {
    if (options.signal?.aborted) break;
    for (const record of batch) {
      if (y + ROW_HEIGHT > TABLE_BOTTOM) {
        finishPage();
        doc.addPage();
        pageNumber += 1;
        y = drawRunningHeader(doc, layout, document);
        y = drawTableHeader(doc, layout, columns, y);
        rowIndex = 0;
      }
      drawRow(doc, layout, rowText, columns, record, y, rowIndex);
      y += ROW_HEIGHT;
      rowIndex += 1;
    }
    written += batch.length;
    await waitForReader(doc, 1_048_576, options.signal);
  }
  if (written === 0) {
    doc.fillColor('#555555');
    drawStart(layout, document.emptyText, MARGIN + CELL_PADDING, y + 6, 'oblique', 9);
  }
  finishPage();
  doc.end();
  await finished;
  return written;
}

/** Draws a one-line text from the start of the line: its left edge at `x` (mirrored from the right in a right-to-left file). */
function drawStart(layout: Layout, text: string, x: number, y: number, weight: Weight, size: number): void {
  if (layout.rtl) layout.drawer.draw(text, 0, y, weight, size, { right: PAGE_WIDTH - x });
  else layout.drawer.draw(text, x, y, weight, size);
}

/** Draws a one-line text at the end of the line, ending at `right` (starting at the mirrored point in a right-to-left file). */
function drawEnd(layout: Layout, text: string, right: number, y: number, weight: Weight, size: number): void {
  if (layout.rtl) layout.drawer.draw(text, PAGE_WIDTH - right, y, weight, size);
  else layout.drawer.draw(text, 0, y, weight, size, { right });
}

/** The title as the standard fonts write it: WinAnsi has the em dash, but the heading reads better with a hyphen. */
const pdfTitle = (document: ExportDocument) => document.title.replaceAll('—', '-');

function drawFirstPageHeader(doc: PDFKit.PDFDocument, layout: Layout, document: ExportDocument, filterText: string, logo: Logo | null): number {
  const { name } = document.organisation;
  const logoX = layout.rtl ? PAGE_WIDTH - MARGIN - 150 : MARGIN;
  const logoWidth = drawLogo(doc, logo, logoX, MARGIN - 8, 150, 42, layout.rtl);
  if (logoWidth > 0) {
    // The logo carries the organisation's name already: the title leads, the name follows.
    const textX = MARGIN + logoWidth + 16;
    doc.fillColor(ACCENT);
    drawStart(layout, pdfTitle(document), textX, MARGIN - 4, 'bold', 15);
    doc.fillColor('#333333');
    drawStart(layout, name, textX, MARGIN + 16, 'regular', 11);
  } else {
    const textX = drawMonogram(doc, layout, name);
    doc.fillColor(ACCENT);
    drawStart(layout, name, textX, MARGIN - 4, 'bold', 15);
    doc.fillColor('#333333');
    drawStart(layout, pdfTitle(document), textX, MARGIN + 16, 'regular', 11);
  }

  let y = MARGIN + 44;
  doc.font('Helvetica').fontSize(8).fillColor('#333333');
  if (needsBidi(filterText)) {
    // One line per filter group that fits: the wrapping PDFKit does cannot lay out right-to-left text.
    for (const line of wrapSegments(layout, filterText.split(' · '), 8, PDF_TABLE_WIDTH)) {
      drawStart(layout, line, MARGIN, y, 'regular', 8);
      y += 10;
    }
    y += 2;
  } else {
    doc.text(toWinAnsi(filterText), MARGIN, y, { width: PDF_TABLE_WIDTH, lineGap: 1 });
    y = doc.y + 2;
  }
  drawStart(layout, layout.texts.generatedLine(document.generatedAt, document.timeZone, countText(document.total), document.rowsName), MARGIN, y, 'regular', 8);
  return y + 16;
}

/** Segments joined with ' · ' into lines no wider than `width`. */
function wrapSegments(layout: Layout, segments: string[], size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const segment of segments) {
    const candidate = line === '' ? segment : `${line} · ${segment}`;
    if (line !== '' && layout.drawer.width(candidate, 'regular', size) > width) {
      lines.push(line);
      line = segment;
    } else line = candidate;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Draws the logo fitted into the box (against its right edge when `alignRight`); the drawn width, or 0 when there is none. */
function drawLogo(doc: PDFKit.PDFDocument, logo: Logo | null, x: number, y: number, width: number, height: number, alignRight = false): number {
  if (!logo) return 0;
  try {
    if (logo.kind === 'svg') return drawSvg(doc, logo.source, x, y, width, height);
    // openImage (in PDFKit, missing from its typings) decodes once and tells the size before drawing.
    const image = (doc as unknown as { openImage(source: Buffer): { width: number; height: number } }).openImage(logo.data);
    const scale = Math.min(width / image.width, height / image.height);
    const drawnX = alignRight ? x + width - image.width * scale : x;
    doc.image(image as unknown as Buffer, drawnX, y, { width: image.width * scale, height: image.height * scale });
    return image.width * scale;
  } catch {
    return 0;
  }
}

function drawMonogram(doc: PDFKit.PDFDocument, layout: Layout, name: string): number {
  const badgeX = layout.rtl ? PAGE_WIDTH - MARGIN - 36 : MARGIN;
  doc.roundedRect(badgeX, MARGIN - 6, 36, 36, 6).fill(ACCENT);
  const letters = initials(name) || '?';
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#FFFFFF');
  layout.drawer.draw(letters, badgeX + 18 - layout.drawer.width(letters, 'bold', 14) / 2, MARGIN + 5, 'bold', 14);
  return MARGIN + 46;
}

function drawRunningHeader(doc: PDFKit.PDFDocument, layout: Layout, document: ExportDocument): number {
  doc.fillColor(ACCENT);
  drawStart(layout, document.organisation.name, MARGIN, MARGIN - 10, 'bold', 9);
  doc.fillColor('#333333');
  drawEnd(layout, pdfTitle(document), PAGE_WIDTH - MARGIN, MARGIN - 10, 'regular', 9);
  return MARGIN + 6;
}

/** The left edge of each column, in the file's direction: the first column at the right edge of a right-to-left file. */
function columnLefts<Row>(layout: Layout, columns: readonly PdfColumn<Row>[]): number[] {
  let x = layout.rtl ? PAGE_WIDTH - MARGIN : MARGIN;
  return columns.map((column) => {
    if (layout.rtl) x -= column.pdfWidth;
    const left = x;
    if (!layout.rtl) x += column.pdfWidth;
    return left;
  });
}

/** Whether a column's text sits against the cell's right edge: 'right' (an amount) in English, mirrored otherwise. */
const alignedRight = (layout: Layout, column: { align?: 'left' | 'right' }) => (column.align === 'right') !== layout.rtl;

function drawTableHeader<Row>(doc: PDFKit.PDFDocument, layout: Layout, columns: readonly PdfColumn<Row>[], y: number): number {
  doc.rect(MARGIN, y, PDF_TABLE_WIDTH, HEADER_ROW_HEIGHT).fill(ACCENT);
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE + 0.5).fillColor('#FFFFFF');
  const lefts = columnLefts(layout, columns);
  columns.forEach((column, index) => {
    const x = lefts[index]!;
    const label = fit((text) => layout.drawer.width(text, 'bold', FONT_SIZE + 0.5), column.pdfLabel ?? column.label, column.pdfWidth - 2 * CELL_PADDING);
    if (alignedRight(layout, column)) layout.drawer.draw(label, 0, y + 5.5, 'bold', FONT_SIZE + 0.5, { right: x + column.pdfWidth - CELL_PADDING });
    else layout.drawer.draw(label, x + CELL_PADDING, y + 5.5, 'bold', FONT_SIZE + 0.5);
  });
  doc.font('Helvetica').fontSize(FONT_SIZE).fillColor('#111111');
  return y + HEADER_ROW_HEIGHT;
}

function drawRow<Row>(
  doc: PDFKit.PDFDocument,
  layout: Layout,
  rowText: PdfTextLineWriter,
  columns: readonly PdfColumn<Row>[],
  record: Row,
  y: number,
  rowIndex: number,
): void {
  if (rowIndex % 2 === 1) {
    doc.rect(MARGIN, y, PDF_TABLE_WIDTH, ROW_HEIGHT).fill('#EEF3F8');
    doc.fillColor('#111111');
  }
  const cells: TextCell[] = [];
  const { widthOf } = rowText;
  const lefts = columnLefts(layout, columns);
  columns.forEach((column, index) => {
    const x = lefts[index]!;
    const value = column.text(record);
    const room = column.pdfWidth - 2 * CELL_PADDING;
    const right = alignedRight(layout, column);
    if (!needsBidi(value)) {
      const text = fit(widthOf, toWinAnsi(value), room);
      cells.push({ text, x: right ? x + column.pdfWidth - CELL_PADDING - widthOf(text) : x + CELL_PADDING });
      return;
    }
    // Arabic in the cell: its visual runs, each in its font, side by side.
    const runsWidth = (text: string) => layout.drawer.runsOf(text).reduce((sum, run) => sum + rowText.widthIn(runFont(layout, run), runText(run)), 0);
    const text = fit(runsWidth, value, room);
    let cursor = right ? x + column.pdfWidth - CELL_PADDING - runsWidth(text) : x + CELL_PADDING;
    for (const run of layout.drawer.runsOf(text)) {
      const font = runFont(layout, run);
      cells.push({ text: runText(run), x: cursor, ...(font === undefined ? {} : { font }) });
      cursor += rowText.widthIn(font, runText(run));
    }
  });
  rowText.writeLine(cells, y + 4);
}

/** A row's run font: undefined (the line's Helvetica) for Latin, the registered Arabic font otherwise. */
function runFont(layout: Layout, run: VisualRun): string | undefined {
  return run.font === 'latin' ? undefined : layout.drawer.fontOf(run, 'regular');
}

function runText(run: VisualRun): string {
  return run.font === 'latin' ? toWinAnsi(run.text) : run.text;
}

function drawFooter(doc: PDFKit.PDFDocument, layout: Layout, document: ExportDocument, pageNumber: number): void {
  doc.moveTo(MARGIN, FOOTER_Y - 4).lineTo(PAGE_WIDTH - MARGIN, FOOTER_Y - 4).lineWidth(0.5).strokeColor('#BBBBBB').stroke();
  doc.font('Helvetica').fontSize(7.5).fillColor('#666666');
  drawStart(layout, layout.texts.footer(document.organisation.name, document.generatedAt, document.timeZone), MARGIN, FOOTER_Y, 'regular', 7.5);
  drawEnd(layout, layout.texts.page(pageNumber), PAGE_WIDTH - MARGIN, FOOTER_Y, 'regular', 7.5);
  doc.font('Helvetica').fontSize(FONT_SIZE).fillColor('#111111');
}

/** Shortens text with '…' to fit `width` points, as `widthOf` measures it. */
export function fit(widthOf: (text: string) => number, text: string, width: number): string {
  if (widthOf(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (widthOf(`${text.slice(0, middle).trimEnd()}…`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${text.slice(0, low).trimEnd()}…`;
}

const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * The PDF uses the standard Helvetica fonts (no font file to ship, fast layout), which cover WinAnsi only:
 * accented Latin letters outside it lose their accent, other scripts show as '?'. The workbook keeps every
 * character.
 */
export function toWinAnsi(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  let result = '';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(character)) {
      result += character;
      continue;
    }
    const base = character.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    result += /^[\x20-\x7e]+$/.test(base) ? base : '?';
  }
  return result;
}
