import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { initials } from '@portal/contracts/formatters';
import { PdfTextLineWriter, type TextCell } from '../pdf-text-line.ts';
import { drawSvg } from '../svg-to-pdf.ts';
import type { ExportColumn, ExportDocument, ExportSource, ExportWriteOptions } from './export-columns.ts';
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

/**
 * Streams an A4 landscape PDF into `output`: the organisation's logo (PNG/JPEG, or an SVG drawn by
 * lib/svg-to-pdf; a monogram badge with the organisation's name when there is none or it cannot be drawn), the
 * title, the filters, then a table of the columns that declare a `pdfWidth`, whose header row repeats on every
 * page, numbered 'Page N'. Pages are written as they fill; a total page count ('of M') would need every page kept
 * in memory, so it is left out. Answers the number of rows written.
 */
export async function writePdf<Row>(output: Writable, source: ExportSource<Row>, options: PdfOptions = {}): Promise<number> {
  const { document } = source;
  const columns = source.columns.filter((column): column is PdfColumn<Row> => column.pdfWidth !== undefined);
  const tableWidth = columns.reduce((sum, column) => sum + column.pdfWidth, 0);
  // Wider columns would run off the page; narrower ones leave the banded rows sticking out: a declaration mistake.
  if (tableWidth > PDF_TABLE_WIDTH + 0.5 || tableWidth < PDF_TABLE_WIDTH - 1) {
    throw new Error(`PDF export: the columns' widths add up to ${tableWidth} pt; the table is ${Math.floor(PDF_TABLE_WIDTH)} pt wide`);
  }
  const filterText = document.filterLines.map(([label, value]) => `${label}: ${value}`).join(' · ');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: 10, left: MARGIN, right: MARGIN },
    compress: options.compress ?? true,
    autoFirstPage: true,
    bufferPages: false,
    info: {
      Title: `${document.title} — ${document.organisation.name}`,
      Subject: toWinAnsi(filterText),
      Author: 'Partner portal',
      Creator: 'Partner portal',
      Keywords: `${document.rowsName}, ${document.total} rows`,
    },
  });
  const finished = new Promise<void>((resolve, reject) => {
    output.on('finish', resolve);
    output.on('close', resolve);
    output.on('error', reject);
    doc.on('error', reject);
  });
  doc.pipe(output);
  const rowText = new PdfTextLineWriter(doc);

  let pageNumber = 1;
  let y = drawFirstPageHeader(doc, document, filterText, findLogo(document.organisation.logo, options.logoDirectories ?? LOGO_DIRECTORIES));
  y = drawTableHeader(doc, columns, y);
  let rowIndex = 0;
  let written = 0;

  const finishPage = () => drawFooter(doc, document, pageNumber);

  for await (const batch of source.rows) {
    if (options.signal?.aborted) break;
    for (const record of batch) {
      if (y + ROW_HEIGHT > TABLE_BOTTOM) {
        finishPage();
        doc.addPage();
        pageNumber += 1;
        y = drawRunningHeader(doc, document);
        y = drawTableHeader(doc, columns, y);
        rowIndex = 0;
      }
      drawRow(doc, rowText, columns, record, y, rowIndex);
      y += ROW_HEIGHT;
      rowIndex += 1;
    }
    written += batch.length;
    await waitForReader(doc, 1_048_576, options.signal);
  }
  if (written === 0) {
    doc.font('Helvetica-Oblique').fontSize(9).fillColor('#555555').text(toWinAnsi(document.emptyText), MARGIN + CELL_PADDING, y + 6, { lineBreak: false });
  }
  finishPage();
  doc.end();
  await finished;
  return written;
}

/** The title as the standard fonts write it: WinAnsi has the em dash, but the heading reads better with a hyphen. */
const pdfTitle = (document: ExportDocument) => toWinAnsi(document.title.replaceAll('—', '-'));

function drawFirstPageHeader(doc: PDFKit.PDFDocument, document: ExportDocument, filterText: string, logo: Logo | null): number {
  const { name } = document.organisation;
  const logoWidth = drawLogo(doc, logo, MARGIN, MARGIN - 8, 150, 42);
  if (logoWidth > 0) {
    // The logo carries the organisation's name already: the title leads, the name follows.
    const textX = MARGIN + logoWidth + 16;
    doc.font('Helvetica-Bold').fontSize(15).fillColor(ACCENT).text(pdfTitle(document), textX, MARGIN - 4, { lineBreak: false });
    doc.font('Helvetica').fontSize(11).fillColor('#333333').text(toWinAnsi(name), textX, MARGIN + 16, { lineBreak: false });
  } else {
    const textX = drawMonogram(doc, name);
    doc.font('Helvetica-Bold').fontSize(15).fillColor(ACCENT).text(toWinAnsi(name), textX, MARGIN - 4, { lineBreak: false });
    doc.font('Helvetica').fontSize(11).fillColor('#333333').text(pdfTitle(document), textX, MARGIN + 16, { lineBreak: false });
  }

  let y = MARGIN + 44;
  doc.font('Helvetica').fontSize(8).fillColor('#333333');
  doc.text(toWinAnsi(filterText), MARGIN, y, { width: PDF_TABLE_WIDTH, lineGap: 1 });
  y = doc.y + 2;
  const generated = `Generated ${document.generatedAt} (${document.timeZone}) · ${document.total.toLocaleString('en')} ${document.rowsName}`;
  doc.text(toWinAnsi(generated), MARGIN, y, { lineBreak: false });
  return y + 16;
}

/** Draws the logo fitted into the box; the drawn width, or 0 when there is none (or it cannot be drawn). */
function drawLogo(doc: PDFKit.PDFDocument, logo: Logo | null, x: number, y: number, width: number, height: number): number {
  if (!logo) return 0;
  try {
    if (logo.kind === 'svg') return drawSvg(doc, logo.source, x, y, width, height);
    // openImage (in PDFKit, missing from its typings) decodes once and tells the size before drawing.
    const image = (doc as unknown as { openImage(source: Buffer): { width: number; height: number } }).openImage(logo.data);
    const scale = Math.min(width / image.width, height / image.height);
    doc.image(image as unknown as Buffer, x, y, { width: image.width * scale, height: image.height * scale });
    return image.width * scale;
  } catch {
    return 0;
  }
}

function drawMonogram(doc: PDFKit.PDFDocument, name: string): number {
  doc.roundedRect(MARGIN, MARGIN - 6, 36, 36, 6).fill(ACCENT);
  const letters = toWinAnsi(initials(name) || '?');
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#FFFFFF');
  const width = doc.widthOfString(letters);
  doc.text(letters, MARGIN + 18 - width / 2, MARGIN + 5, { lineBreak: false });
  return MARGIN + 46;
}

function drawRunningHeader(doc: PDFKit.PDFDocument, document: ExportDocument): number {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(ACCENT).text(toWinAnsi(document.organisation.name), MARGIN, MARGIN - 10, { lineBreak: false });
  doc.font('Helvetica').fontSize(9).fillColor('#333333');
  const title = pdfTitle(document);
  doc.text(title, PAGE_WIDTH - MARGIN - doc.widthOfString(title), MARGIN - 10, { lineBreak: false });
  return MARGIN + 6;
}

function drawTableHeader<Row>(doc: PDFKit.PDFDocument, columns: readonly PdfColumn<Row>[], y: number): number {
  doc.rect(MARGIN, y, PDF_TABLE_WIDTH, HEADER_ROW_HEIGHT).fill(ACCENT);
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE + 0.5).fillColor('#FFFFFF');
  let x = MARGIN;
  for (const column of columns) {
    const label = fit((text) => doc.widthOfString(text), toWinAnsi(column.pdfLabel ?? column.label), column.pdfWidth - 2 * CELL_PADDING);
    const textX = column.align === 'right' ? x + column.pdfWidth - CELL_PADDING - doc.widthOfString(label) : x + CELL_PADDING;
    doc.text(label, textX, y + 5.5, { lineBreak: false });
    x += column.pdfWidth;
  }
  doc.font('Helvetica').fontSize(FONT_SIZE).fillColor('#111111');
  return y + HEADER_ROW_HEIGHT;
}

function drawRow<Row>(doc: PDFKit.PDFDocument, rowText: PdfTextLineWriter, columns: readonly PdfColumn<Row>[], record: Row, y: number, rowIndex: number): void {
  if (rowIndex % 2 === 1) {
    doc.rect(MARGIN, y, PDF_TABLE_WIDTH, ROW_HEIGHT).fill('#EEF3F8');
    doc.fillColor('#111111');
  }
  const cells: TextCell[] = [];
  const { widthOf } = rowText;
  let x = MARGIN;
  for (const column of columns) {
    const text = fit(widthOf, toWinAnsi(column.text(record)), column.pdfWidth - 2 * CELL_PADDING);
    const textX = column.align === 'right' ? x + column.pdfWidth - CELL_PADDING - widthOf(text) : x + CELL_PADDING;
    cells.push({ text, x: textX });
    x += column.pdfWidth;
  }
  rowText.writeLine(cells, y + 4);
}

function drawFooter(doc: PDFKit.PDFDocument, document: ExportDocument, pageNumber: number): void {
  doc.moveTo(MARGIN, FOOTER_Y - 4).lineTo(PAGE_WIDTH - MARGIN, FOOTER_Y - 4).lineWidth(0.5).strokeColor('#BBBBBB').stroke();
  doc.font('Helvetica').fontSize(7.5).fillColor('#666666');
  doc.text(toWinAnsi(`${document.organisation.name} · generated ${document.generatedAt} (${document.timeZone})`), MARGIN, FOOTER_Y, { lineBreak: false });
  const label = `Page ${pageNumber}`;
  doc.text(label, PAGE_WIDTH - MARGIN - doc.widthOfString(label), FOOTER_Y, { lineBreak: false });
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
