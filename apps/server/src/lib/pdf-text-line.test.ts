import { describe, expect, it } from 'vitest';
import { pdfText, renderPdf } from '../test/pdf-text.ts';
import { PdfTextLineWriter, type TextCell } from './pdf-text-line.ts';

const render = (draw: (doc: PDFKit.PDFDocument) => void) => renderPdf(draw, { size: 'A4', layout: 'landscape' });

/** The page's content stream: where the text is placed and what it shows, graphics-state noise aside. */
function textPlacement(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  return [...raw.matchAll(/^(1 0 0 1 [\d.-]+ [\d.-]+ Tm|\/F\d+ [\d.]+ Tf|\[.*\] TJ)$/gm)].map((match) => match[1]!);
}

// Kerning pairs (AV, Wa, To, y.), a WinAnsi letter (í), a repeated string and a plain one.
const CELLS: TextCell[] = [
  { text: 'AVATAR Wayfarer', x: 40 },
  { text: 'Clínica Tokyo y.', x: 160.25 },
  { text: 'AVATAR Wayfarer', x: 300 },
  { text: 'EUR 1,234.50', x: 420.123456789 },
];

describe('PdfTextLineWriter', () => {
  it('writes the same text operators, at the same places, as doc.text() per cell', async () => {
    const top = 120.5;
    const expected = await render((doc) => {
      doc.font('Helvetica').fontSize(7.5);
      for (const cell of CELLS) doc.text(cell.text, cell.x, top, { lineBreak: false });
      doc.font('Helvetica-Bold').fontSize(9).text('Total', 40, top + 20, { lineBreak: false });
    });
    const written = await render((doc) => {
      const writer = new PdfTextLineWriter(doc);
      doc.font('Helvetica').fontSize(7.5);
      writer.writeLine(CELLS, top);
      doc.font('Helvetica-Bold').fontSize(9);
      writer.writeLine([{ text: 'Total', x: 40 }], top + 20);
    });
    const placement = textPlacement(written);
    const reference = textPlacement(expected);
    expect(placement.filter((line) => line.endsWith('TJ'))).toHaveLength(5);
    expect(placement.filter((line) => !line.endsWith('Tf'))).toEqual(reference.filter((line) => !line.endsWith('Tf')));
    // PDFKit sets the font before each string; the writer once per line.
    expect(placement.filter((line) => line.endsWith('Tf'))).toEqual(['/F1 7.5 Tf', '/F2 9 Tf']);
    expect(new Set(reference.filter((line) => line.endsWith('Tf')))).toEqual(new Set(['/F1 7.5 Tf', '/F2 9 Tf']));
    expect(pdfText(written).texts).toEqual(pdfText(expected).texts);
    // Both fonts are resources of the page, so a viewer can draw them.
    expect(written.toString('latin1')).toMatch(/\/Font <<\n\/F\d+ \d+ 0 R\n\/F\d+ \d+ 0 R\n>>/);
  });

  it('writes one text object a line, unflipped to PDF space inside its own graphics state', async () => {
    const pdf = await render((doc) => {
      doc.font('Helvetica').fontSize(7.5);
      new PdfTextLineWriter(doc).writeLine([{ text: 'To', x: 40 }, { text: 'Paid', x: 100 }], 120.5);
    });
    // A4 landscape is 595.28 high; Helvetica's ascender is 718/1000: the baseline is 595.28 - 120.5 - 5.385.
    expect(pdf.toString('latin1')).toContain(
      'q\n1 0 0 -1 0 595.28 cm\nBT\n/F1 7.5 Tf\n1 0 0 1 40 469.395 Tm\n[<54> 120 <6f> 0] TJ\n1 0 0 1 100 469.395 Tm\n[<50> 40 <616964> 0] TJ\nET\nQ',
    );
  });

  it('makes the font a resource of each page it writes on, also where nothing else used it', async () => {
    const pdf = await render((doc) => {
      const writer = new PdfTextLineWriter(doc);
      doc.font('Helvetica').fontSize(9);
      writer.writeLine([{ text: 'first page', x: 40 }], 100);
      doc.addPage();
      doc.font('Helvetica').fontSize(9);
      writer.writeLine([{ text: 'second page', x: 40 }], 100);
    });
    const raw = pdf.toString('latin1');
    const fontResources = [...raw.matchAll(/\/Font <<\n\/F1 (\d+) 0 R\n>>/g)].map((match) => match[1]);
    expect(fontResources).toHaveLength(2);
    expect(new Set(fontResources).size).toBe(1);
    expect(pdfText(pdf).texts).toEqual(['first page', 'second page']);
  });

  it('refuses a position that is not a number, as PDFKit does, instead of writing a broken file', async () => {
    await render((doc) => {
      doc.font('Helvetica').fontSize(9);
      expect(() => new PdfTextLineWriter(doc).writeLine([{ text: 'x', x: Number.NaN }], 10)).toThrow('unsupported number: NaN');
      expect(() => doc.text('x', Number.NaN, 10, { lineBreak: false })).toThrow('unsupported number: NaN');
    });
  });

  it('measures a string as doc.widthOfString does, kerning included, in the current font and size', async () => {
    await render((doc) => {
      const writer = new PdfTextLineWriter(doc);
      for (const [font, size] of [['Helvetica', 7.5], ['Helvetica-Bold', 12], ['Helvetica', 12]] as const) {
        doc.font(font).fontSize(size);
        for (const { text } of CELLS) expect(writer.widthOf(text)).toBeCloseTo(doc.widthOfString(text), 9);
      }
      // the kerned width is narrower than the sum of the glyphs
      doc.font('Helvetica').fontSize(10);
      expect(writer.widthOf('AV')).toBeLessThan(writer.widthOf('A') + writer.widthOf('V'));
    });
  });

  it('skips empty cells and leaves strings whose glyphs need positioning to doc.text()', async () => {
    const pdf = await render((doc) => {
      const writer = new PdfTextLineWriter(doc);
      doc.font('Helvetica').fontSize(10);
      // A shaped font would report offsets for combining marks; the standard fonts never do, so fake one.
      const font = (doc as unknown as { _font: { encode(text: string): [string[], { xOffset: number; yOffset: number }[]] } })._font;
      const encode = font.encode.bind(font);
      font.encode = (text: string) => {
        const [glyphs, positions] = encode(text);
        return [glyphs, text === 'Mark' ? positions.map((position, index) => ({ ...position, yOffset: index === 3 ? 40 : 0 })) : positions];
      };
      writer.writeLine([{ text: 'Plain', x: 40 }, { text: '', x: 80 }, { text: 'Mark', x: 120 }], 100);
    });
    expect(pdfText(pdf).texts.join('')).toBe('PlainMark');
    // PDFKit moves the text matrix for the offset glyph
    expect(pdf.toString('latin1')).toMatch(/1 0 0 1 [\d.]+ [\d.]+ Tm\n\[<6b> 0\] TJ/);
  });
});
