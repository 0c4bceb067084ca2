import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { initials } from '@portal/contracts/formatters';
import { PdfTextLineWriter, type TextCell } from '../../lib/pdf-text-line.ts';
import { drawSvg } from '../../lib/svg-to-pdf.ts';
import { WEB_DIST } from '../../plugins/spa.ts';
import type { ExportRecord } from './repository.ts';
import type { ExportMeta } from './service.ts';
import { EXPORT_COLUMNS, EXPORT_TITLE } from './export-columns.ts';
import { waitForReader } from './stream-pressure.ts';

export const PDF_CONTENT_TYPE = 'application/pdf';
/** The SPA's public folder: logos live there before a build copies them to the dist folder. */
const WEB_PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public');

const MARGIN = 36;
const PAGE_WIDTH = 841.89;
const PAGE_HEIGHT = 595.28;
const TABLE_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const ROW_HEIGHT = 14.5;
const HEADER_ROW_HEIGHT = 18;
const FONT_SIZE = 7.5;
const CELL_PADDING = 3;
const FOOTER_Y = PAGE_HEIGHT - 26;
const TABLE_BOTTOM = FOOTER_Y - 8;
const ACCENT = '#1F4E79';

export interface PdfOptions {
  signal?: AbortSignal;
  /** false writes uncompressed content streams (tests read the text); default true */
  compress?: boolean;
  /** where `/build/logos/…` files are looked for; default the SPA's dist and public folders */
  logoDirectories?: string[];
}

/**
 * Streams an A4 landscape PDF into `output`: the referral agent's logo (PNG/JPEG, or an SVG drawn by
 * lib/svg-to-pdf; a monogram badge with the agent's name when there is none or it cannot be drawn), the title,
 * the filters, then a table whose header row repeats on every page, numbered 'Page N'. Pages are written
 * as they fill; a total page count ('of M') would need every page kept in memory, so it is left out.
 */
export async function writeBookingsPdf(
  output: Writable,
  batches: AsyncIterable<ExportRecord[]>,
  meta: ExportMeta,
  options: PdfOptions = {},
): Promise<number> {
  const filterText = meta.filterLines.map(([label, value]) => `${label}: ${value}`).join(' · ');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: MARGIN, bottom: 10, left: MARGIN, right: MARGIN },
    compress: options.compress ?? true,
    autoFirstPage: true,
    bufferPages: false,
    info: {
      Title: `${EXPORT_TITLE} — ${meta.agentName}`,
      Subject: toWinAnsi(filterText),
      Author: 'Partner portal',
      Creator: 'Partner portal',
      Keywords: `bookings, ${meta.total} rows`,
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
  let y = drawFirstPageHeader(doc, meta, filterText, options.logoDirectories ?? [WEB_DIST, WEB_PUBLIC]);
  y = drawTableHeader(doc, y);
  let rowIndex = 0;
  let written = 0;

  const finishPage = () => drawFooter(doc, meta, pageNumber);

  for await (const batch of batches) {
    if (options.signal?.aborted) break;
    for (const record of batch) {
      if (y + ROW_HEIGHT > TABLE_BOTTOM) {
        finishPage();
        doc.addPage();
        pageNumber += 1;
        y = drawRunningHeader(doc, meta);
        y = drawTableHeader(doc, y);
        rowIndex = 0;
      }
      drawRow(doc, rowText, record, y, rowIndex);
      y += ROW_HEIGHT;
      rowIndex += 1;
    }
    written += batch.length;
    await waitForReader(doc, 1_048_576, options.signal);
  }
  if (written === 0) {
    doc.font('Helvetica-Oblique').fontSize(9).fillColor('#555555').text('No bookings to view yet.', MARGIN + CELL_PADDING, y + 6, { lineBreak: false });
  }
  finishPage();
  doc.end();
  await finished;
  return written;
}

function drawFirstPageHeader(doc: PDFKit.PDFDocument, meta: ExportMeta, filterText: string, logoDirectories: string[]): number {
  const logoWidth = drawLogo(doc, findLogo(meta.agentLogo, logoDirectories), MARGIN, MARGIN - 8, 150, 42);
  if (logoWidth > 0) {
    // The logo carries the agent's name already: the title leads, the name follows.
    const textX = MARGIN + logoWidth + 16;
    doc.font('Helvetica-Bold').fontSize(15).fillColor(ACCENT).text(EXPORT_TITLE.replace('—', '-'), textX, MARGIN - 4, { lineBreak: false });
    doc.font('Helvetica').fontSize(11).fillColor('#333333').text(toWinAnsi(meta.agentName), textX, MARGIN + 16, { lineBreak: false });
  } else {
    const textX = drawMonogram(doc, meta.agentName);
    doc.font('Helvetica-Bold').fontSize(15).fillColor(ACCENT).text(toWinAnsi(meta.agentName), textX, MARGIN - 4, { lineBreak: false });
    doc.font('Helvetica').fontSize(11).fillColor('#333333').text(EXPORT_TITLE.replace('—', '-'), textX, MARGIN + 16, { lineBreak: false });
  }

  let y = MARGIN + 44;
  doc.font('Helvetica').fontSize(8).fillColor('#333333');
  doc.text(toWinAnsi(filterText), MARGIN, y, { width: TABLE_WIDTH, lineGap: 1 });
  y = doc.y + 2;
  doc.text(`Generated ${meta.generatedAt} (${meta.timeZone}) · ${meta.total.toLocaleString('en')} bookings`, MARGIN, y, {
    lineBreak: false,
  });
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

function drawMonogram(doc: PDFKit.PDFDocument, agentName: string): number {
  doc.roundedRect(MARGIN, MARGIN - 6, 36, 36, 6).fill(ACCENT);
  const letters = toWinAnsi(initials(agentName) || '?');
  doc.font('Helvetica-Bold').fontSize(14).fillColor('#FFFFFF');
  const width = doc.widthOfString(letters);
  doc.text(letters, MARGIN + 18 - width / 2, MARGIN + 5, { lineBreak: false });
  return MARGIN + 46;
}

function drawRunningHeader(doc: PDFKit.PDFDocument, meta: ExportMeta): number {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(ACCENT).text(toWinAnsi(meta.agentName), MARGIN, MARGIN - 10, { lineBreak: false });
  doc.font('Helvetica').fontSize(9).fillColor('#333333');
  const title = EXPORT_TITLE.replace('—', '-');
  doc.text(title, PAGE_WIDTH - MARGIN - doc.widthOfString(title), MARGIN - 10, { lineBreak: false });
  return MARGIN + 6;
}

function drawTableHeader(doc: PDFKit.PDFDocument, y: number): number {
  doc.rect(MARGIN, y, TABLE_WIDTH, HEADER_ROW_HEIGHT).fill(ACCENT);
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE + 0.5).fillColor('#FFFFFF');
  let x = MARGIN;
  for (const column of EXPORT_COLUMNS) {
    const label = fit((text) => doc.widthOfString(text), column.label, column.pdfWidth - 2 * CELL_PADDING);
    const textX = column.align === 'right' ? x + column.pdfWidth - CELL_PADDING - doc.widthOfString(label) : x + CELL_PADDING;
    doc.text(label, textX, y + 5.5, { lineBreak: false });
    x += column.pdfWidth;
  }
  doc.font('Helvetica').fontSize(FONT_SIZE).fillColor('#111111');
  return y + HEADER_ROW_HEIGHT;
}

function drawRow(doc: PDFKit.PDFDocument, rowText: PdfTextLineWriter, record: ExportRecord, y: number, rowIndex: number): void {
  if (rowIndex % 2 === 1) {
    doc.rect(MARGIN, y, TABLE_WIDTH, ROW_HEIGHT).fill('#EEF3F8');
    doc.fillColor('#111111');
  }
  const cells: TextCell[] = [];
  const { widthOf } = rowText;
  let x = MARGIN;
  for (const column of EXPORT_COLUMNS) {
    const text = fit(widthOf, toWinAnsi(column.text(record)), column.pdfWidth - 2 * CELL_PADDING);
    const textX = column.align === 'right' ? x + column.pdfWidth - CELL_PADDING - widthOf(text) : x + CELL_PADDING;
    cells.push({ text, x: textX });
    x += column.pdfWidth;
  }
  rowText.writeLine(cells, y + 4);
}

function drawFooter(doc: PDFKit.PDFDocument, meta: ExportMeta, pageNumber: number): void {
  doc.moveTo(MARGIN, FOOTER_Y - 4).lineTo(PAGE_WIDTH - MARGIN, FOOTER_Y - 4).lineWidth(0.5).strokeColor('#BBBBBB').stroke();
  doc.font('Helvetica').fontSize(7.5).fillColor('#666666');
  doc.text(toWinAnsi(`${meta.agentName} · generated ${meta.generatedAt} (${meta.timeZone})`), MARGIN, FOOTER_Y, { lineBreak: false });
  const label = `Page ${pageNumber}`;
  doc.text(label, PAGE_WIDTH - MARGIN - doc.widthOfString(label), FOOTER_Y, { lineBreak: false });
  doc.font('Helvetica').fontSize(FONT_SIZE).fillColor('#111111');
}

/** Shortens text with '…' to fit `width` points, as `widthOf` measures it. */
function fit(widthOf: (text: string) => number, text: string, width: number): string {
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

const LOGO_PATH = /^\/build\/(logos\/[A-Za-z0-9][A-Za-z0-9._-]*)$/;
const RASTER = ['.png', '.jpg', '.jpeg'];
const MAX_LOGO_BYTES = 2_000_000;

export type Logo = { kind: 'raster'; data: Buffer } | { kind: 'svg'; source: string };

/**
 * The agent's logo: `/build/logos/<file>`, one of the SPA's assets (dist folder, or public before a build).
 * A PNG or JPEG is drawn as is; for an SVG, a PNG/JPEG of the same name wins when there is one, else the SVG
 * is drawn by lib/svg-to-pdf (the simple shapes, paths and text logos use), falling back to a monogram.
 */
export function findLogo(logo: string | null, directories: string[]): Logo | null {
  const match = logo ? LOGO_PATH.exec(logo) : null;
  if (!match) return null;
  const relative = match[1]!;
  const extension = path.extname(relative).toLowerCase();
  const stem = relative.slice(0, relative.length - extension.length);
  const candidates = RASTER.includes(extension) ? [relative] : [...RASTER.map((raster) => `${stem}${raster}`), ...(extension === '.svg' ? [relative] : [])];
  for (const name of candidates) {
    for (const directory of directories) {
      const file = path.resolve(directory, name);
      if (!file.startsWith(path.resolve(directory) + path.sep)) continue;
      if (!existsSync(file) || statSync(file).size > MAX_LOGO_BYTES) continue;
      return name.endsWith('.svg') ? { kind: 'svg', source: readFileSync(file, 'utf8') } : { kind: 'raster', data: readFileSync(file) };
    }
  }
  return null;
}
