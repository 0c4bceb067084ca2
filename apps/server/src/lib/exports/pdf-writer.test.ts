import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfText, type PdfText } from '../../test/pdf-text.ts';
import type { ExportDocument } from './export-columns.ts';
import { fit, toWinAnsi, writePdf, type PdfOptions } from './pdf-writer.ts';
import { findLogo } from './pdf-logo.ts';
import { collector, EARNING_COLUMNS, earnings, earningsDocument, inBatches, type Earning } from './exports-test-support.ts';

const HEADERS = ['Reference', 'Partner', 'Month', 'Paid at', 'Hours', 'Earned', 'Code'];

async function render(rows: Earning[], options: PdfOptions = {}, document: ExportDocument = earningsDocument(rows.length)) {
  const output = collector();
  const written = await writePdf(output.stream, { columns: EARNING_COLUMNS, document, rows: inBatches(rows, 7) }, { compress: false, ...options });
  return { written, pdf: output.bytes() };
}

describe('writePdf, with a list that is not bookings', () => {
  const logos = mkdtempSync(path.join(tmpdir(), 'export-logos-'));
  mkdirSync(path.join(logos, 'logos'));
  writeFileSync(
    path.join(logos, 'logos', 'harbor.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 50"><rect width="200" height="50" fill="#123456"/><text x="10" y="30">HARBOR MARK</text></svg>',
  );
  afterAll(() => rmSync(logos, { recursive: true, force: true }));

  it('writes the heading and the PDF columns of each row, WinAnsi-safe, with a monogram when there is no logo', async () => {
    const rows = earnings(3);
    const { written, pdf } = await render(rows);
    expect(written).toBe(3);
    const { texts, info, pages } = pdfText(pdf);
    expect(pages).toBe(1);
    // monogram (the organisation's initials), then the name leads and the title follows
    expect(texts.slice(0, 3)).toEqual(['HP', 'Harbor Health Partners', 'Earnings - March 2025']);
    expect(texts).toContain('Month: March 2025 · Time zone: Europe/Berlin');
    expect(texts).toContain('Generated 2025-04-01 09:30 (Europe/Berlin) · 3 earnings');
    const header = texts.indexOf('Reference');
    // the columns with a pdfWidth, the short header where one is declared; the workbook-only Note is left out
    expect(texts.slice(header, header + 7)).toEqual(HEADERS);
    expect(texts.slice(header + 7, header + 14)).toEqual(['E-1000', 'Zoë Ångström ? Ceslav', '1 Mar 2025', '1 Apr 2025 14:30', '0.5', 'EUR 1,234,567.50', 'code-0']);
    expect(texts.slice(header + 14, header + 21)).toEqual(['E-1001', 'Partner 1', '1 Mar 2025', 'unpaid', '1.5', 'EUR 1.25', 'code-1']);
    expect(texts.join('\n')).not.toMatch(/Note|note 0|Amount earned/);
    expect(texts).toContain('Harbor Health Partners · generated 2025-04-01 09:30 (Europe/Berlin)');
    expect(texts).toContain('Page 1');
    expect(info).toMatchObject({ Title: 'Earnings — March 2025 — Harbor Health Partners', Subject: 'Month: March 2025 · Time zone: Europe/Berlin', Keywords: 'earnings, 3 rows' });
  });

  it('repeats the table header and a running header on every page, and numbers the pages', async () => {
    const { written, pdf } = await render(earnings(70));
    expect(written).toBe(70);
    const { texts, pages } = pdfText(pdf);
    expect(pages).toBe(3);
    expect(texts.filter((text) => text === 'Reference')).toHaveLength(3);
    expect(texts.filter((text) => text.startsWith('Page '))).toEqual(['Page 1', 'Page 2', 'Page 3']);
    // pages after the first lead with the organisation and the title instead of the full heading
    expect(texts.filter((text) => text === 'Harbor Health Partners')).toHaveLength(3);
    expect(texts.filter((text) => text === 'Earnings - March 2025')).toHaveLength(3);
    expect(texts.filter((text) => /^E-\d+$/.test(text))).toEqual(earnings(70).map((row) => row.reference));
  });

  it("prints the list's empty text when there is no row", async () => {
    const { written, pdf } = await render([]);
    expect(written).toBe(0);
    const { texts } = pdfText(pdf);
    expect(texts).toContain('No earnings yet.');
    expect(texts).toContain('Generated 2025-04-01 09:30 (Europe/Berlin) · 0 earnings');
  });

  it("draws the organisation's logo, then the title and the name beside it", async () => {
    const document = { ...earningsDocument(1), organisation: { label: 'Partner', name: 'Harbor Health Partners', logo: '/build/logos/harbor.svg' } };
    const { pdf } = await render(earnings(1), { logoDirectories: [logos] }, document);
    const { texts } = pdfText(pdf);
    expect(texts.slice(0, 3)).toEqual(['HARBOR MARK', 'Earnings - March 2025', 'Harbor Health Partners']);
    expect(texts).not.toContain('HP');
  });

  it('stops writing rows when the signal aborts', async () => {
    const abort = new AbortController();
    const output = collector();
    const rows = inBatches(earnings(21), 7, (index) => {
      if (index === 1) abort.abort();
    });
    const written = await writePdf(output.stream, { columns: EARNING_COLUMNS, document: earningsDocument(21), rows }, { compress: false, signal: abort.signal });
    expect(written).toBe(7);
    const { texts } = pdfText(output.bytes());
    expect(texts.filter((text) => /^E-\d+$/.test(text))).toHaveLength(7);
    expect(texts).toContain('Page 1');
  });

  it("refuses columns whose widths do not fill the page's table", async () => {
    const narrow = EARNING_COLUMNS.filter((column) => column.label !== 'Code');
    await expect(writePdf(collector().stream, { columns: narrow, document: earningsDocument(0), rows: inBatches([], 1) })).rejects.toThrow(
      "PDF export: the columns' widths add up to 670 pt; the table is 769 pt wide",
    );
    const wide = [...EARNING_COLUMNS, { label: 'Extra', pdfWidth: 10, text: () => '' }];
    await expect(writePdf(collector().stream, { columns: wide, document: earningsDocument(0), rows: inBatches([], 1) })).rejects.toThrow(
      'add up to 780 pt',
    );
  });
});

describe('toWinAnsi', () => {
  it("keeps WinAnsi characters, drops accents it lacks, and writes '?' for other scripts", () => {
    expect(toWinAnsi('Plain text 123')).toBe('Plain text 123');
    expect(toWinAnsi('Zoë — “Ångström” €5')).toBe('Zoë — “Ångström” €5');
    expect(toWinAnsi('Ćeslav Dvořák')).toBe('Ceslav Dvorák');
    expect(toWinAnsi('Łódź 李')).toBe('?ódz ?');
  });
});

describe('fit', () => {
  const widthOf = (text: string) => text.length * 10;

  it('keeps text that fits, and shortens the rest with an ellipsis, without a trailing space', () => {
    expect(fit(widthOf, 'short', 50)).toBe('short');
    expect(fit(widthOf, 'much longer text', 60)).toBe('much…');
    expect(fit(widthOf, 'ab cdef', 40)).toBe('ab…');
    expect(fit(widthOf, 'anything', 5)).toBe('…');
  });
});

describe('findLogo', () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'find-logo-'));
  mkdirSync(path.join(directory, 'logos'));
  writeFileSync(path.join(directory, 'logos', 'both.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(directory, 'logos', 'both.png'), Buffer.from('png bytes'));
  writeFileSync(path.join(directory, 'logos', 'vector.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>');
  writeFileSync(path.join(directory, 'secret.png'), Buffer.from('not a logo'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('finds an SVG, or the raster of the same name when there is one', () => {
    expect(findLogo('/build/logos/vector.svg', [directory])).toEqual({ kind: 'svg', source: '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>' });
    expect(findLogo('/build/logos/both.svg', [directory])).toEqual({ kind: 'raster', data: Buffer.from('png bytes') });
  });

  it('answers null for no logo, a missing file, or a path outside /build/logos', () => {
    expect(findLogo(null, [directory])).toBeNull();
    expect(findLogo('/build/logos/missing.svg', [directory])).toBeNull();
    expect(findLogo('/build/secret.png', [directory])).toBeNull();
    expect(findLogo('/build/logos/../secret.png', [directory])).toBeNull();
    expect(findLogo('https://example.com/logos/vector.svg', [directory])).toBeNull();
  });
});

describe('writePdf, in Arabic', () => {
  const ARABIC_LABELS = ['المرجع', 'الشريك', 'الشهر', 'تاريخ الدفع', 'الساعات', 'المبلغ المكتسب', 'ملاحظة', 'الرمز'];
  const columns = EARNING_COLUMNS.map((column, index) => ({ ...column, label: ARABIC_LABELS[index]!, ...(index === 5 ? { pdfLabel: 'المكتسب' } : {}) }));
  const rows = earnings(3).map((row, index) => (index === 1 ? { ...row, partner: 'عيادة لبيب (دبي)' } : row));
  const document: ExportDocument = {
    ...earningsDocument(3),
    locale: 'ar',
    title: 'الأرباح — مارس 2025',
    rowsName: 'ربح',
    emptyText: 'لا توجد أرباح بعد.',
    organisation: { label: 'الشريك', name: 'شركاء هاربر الصحيون', logo: null },
    filterLines: [['الشهر', 'مارس 2025']],
  };

  async function arabicPdf() {
    const output = collector();
    await writePdf(output.stream, { columns, document, rows: inBatches(rows, 7) }, { compress: false });
    return pdfText(output.bytes());
  }

  /**
   * The Arabic glyphs as a reader reads them: PDFKit draws Arabic from the left, last letter first (and splits a
   * word's operator where a glyph is positioned), so the whole drawn sequence, reversed, holds each word as written.
   */
  const arabicReading = (text: PdfText) =>
    text.runs
      .filter((run) => text.fonts[run.font ?? '']?.program)
      .flatMap((run) => run.glyphs)
      .reverse()
      .join('');

  it('embeds a font with Arabic glyphs and writes the heading, the labels, the footer and the data in Arabic', async () => {
    const text = await arabicPdf();
    const embedded = Object.values(text.fonts).filter((font) => font.program);
    expect(embedded.map((font) => font.baseFont.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['IBMPlexSansArabic-Bold', 'IBMPlexSansArabic-Regular']);
    const reading = arabicReading(text);
    for (const word of ['شركاء هاربر الصحيون', 'الأرباح', 'مارس', 'الشهر', ...ARABIC_LABELS.slice(0, 5), 'المكتسب', 'الرمز', 'صفحة', 'أُنشئ في', 'عيادة لبيب', 'دبي']) {
      expect(reading).toContain(word);
    }
    // Latin values stay in Helvetica, left to right, beside the Arabic
    expect(text.texts).toEqual(expect.arrayContaining(['E-1000', 'EUR 1,234,567.50', '2025', 'Europe/Berlin']));
    expect(text.info).toMatchObject({ Title: 'الأرباح — مارس 2025 — شركاء هاربر الصحيون', Keywords: 'ربح، 3 صف' });
  });

  it('shapes the words: a letter takes its joining form, and the glyphs run right to left', async () => {
    const text = await arabicPdf();
    // 'لبيب': lam, beh, yeh, beh; drawn from the left as beh, yeh, beh, lam
    const word = text.runs.find((run) => run.glyphs.join('').includes('بيبل'))!;
    const start = word.glyphs.join('').indexOf('بيبل');
    const glyphs = word.glyphs.slice(start, start + 4);
    const codes = word.codes.slice(start, start + 4);
    expect(glyphs).toEqual(['ب', 'ي', 'ب', 'ل']);
    // the final beh and the medial beh are different glyphs of the font
    expect(codes[0]).not.toBe(codes[2]);
  });

  it("mirrors brackets and keeps a Latin name's order inside Arabic text", async () => {
    const text = await arabicPdf();
    // 'عيادة لبيب (دبي)' reads right to left: its opening bracket is drawn at the right as ')'
    const cell = text.runs.findIndex((run) => run.glyphs.join('').includes('بيد'));
    expect(text.texts[cell - 1]).toBe('(');
    expect(text.texts[cell + 1]).toBe(')');
    expect(text.texts).toContain('Zoë Ångström ? Ceslav');
  });

  it('leaves an English file as it was: the standard fonts only, nothing embedded', async () => {
    const { pdf } = await render(earnings(3));
    expect(Object.values(pdfText(pdf).fonts).every((font) => font.program === null)).toBe(true);
    expect(pdf.toString('latin1')).not.toContain('/Lang');
  });
});
