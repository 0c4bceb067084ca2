/**
 * Writes a line of short single-line strings (a table row's cells) into a PDFKit document as one text object.
 *
 * Why not `doc.text()` per cell: for every string PDFKit re-lays out and re-kerns it, saves and flips the graphics
 * state, and writes eight content operators, each as its own small Buffer. A 100,000-row export makes a million
 * such calls, and they were three quarters of its time. This writes the same operators PDFKit would (the font's own
 * encoding, its kerning as TJ offsets, the same baseline), but a row at a time in one content write, and it encodes
 * each distinct string once: a table repeats its facilities, services and statuses thousands of times.
 *
 * It uses three PDFKit internals, kept here in one place: the current font (`_font`: id, ascender, encode, ref) and
 * size (`_fontSize`), and the page's font resources. A string whose glyphs need positioning (offsets, from a
 * shaped embedded font) is left to `doc.text()`.
 *
 * A cell may name another font registered with the document (`doc.registerFont`): the Arabic runs of a right-to-left
 * row (lib/exports/pdf-bidi.ts). The line keeps the baseline of the current font, so the fonts of one row line up;
 * a named font's text is laid out whole (`features: []`), which PDFKit would otherwise do word by word.
 */

interface GlyphPosition {
  xAdvance: number;
  advanceWidth: number;
  xOffset: number;
  yOffset: number;
}

interface PdfKitFont {
  id: string;
  ascender: number;
  encode(text: string, features?: PDFKit.Mixins.OpenTypeFeatures[]): [string[], GlyphPosition[]];
  ref(): unknown;
}

interface PdfKitInternals {
  _font: PdfKitFont;
  _fontSize: number;
  page: { height: number; fonts: Record<string, unknown> };
}

export interface TextCell {
  text: string;
  /** left edge of the text, in PDFKit's top-left coordinates */
  x: number;
  /** a font registered with the document to write this cell in; the current font when absent */
  font?: string;
}

/** Lay the text out whole: PDFKit's layout without features goes word by word, which scrambles right-to-left text. */
const WHOLE_TEXT: PDFKit.Mixins.OpenTypeFeatures[] = [];

/** PDFKit's number format in content streams (PDFObject.number): at most six decimals; it refuses non-finite ones. */
function pdfNumber(value: number): number {
  if (!(value > -1e21 && value < 1e21)) throw new Error(`unsupported number: ${value}`);
  return Math.round(value * 1e6) / 1e6;
}

const CACHE_LIMIT = 50_000;

interface EncodedText {
  /** the advance of the whole string in thousandths of the font size, kerning included */
  advance: number;
  /** the show-text operator, or null when the glyphs need positioning (left to doc.text) */
  show: string | null;
}

export class PdfTextLineWriter {
  /** font id → text → its width and show-text operator */
  private readonly encodings = new Map<string, Map<string, EncodedText>>();
  private cachedStrings = 0;
  /** registered font name → PDFKit's font object */
  private readonly namedFonts = new Map<string, PdfKitFont>();

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /** The width of `text` in the current font and size: `doc.widthOfString(text)`, from the same cache. (Bound: pass it on as is.) */
  readonly widthOf = (text: string): number => {
    const internals = this.doc as unknown as PdfKitInternals;
    return (this.encode(internals._font, text).advance / 1000) * internals._fontSize;
  };

  /** The width of `text` in the registered font `font` (the current one when absent), at the current size. */
  widthIn(font: string | undefined, text: string): number {
    if (font === undefined) return this.widthOf(text);
    const internals = this.doc as unknown as PdfKitInternals;
    return (this.encode(this.fontNamed(font), text, WHOLE_TEXT).advance / 1000) * internals._fontSize;
  }

  /** PDFKit's object of a registered font, without changing the current font. */
  private fontNamed(name: string): PdfKitFont {
    let font = this.namedFonts.get(name);
    if (font === undefined) {
      const internals = this.doc as unknown as PdfKitInternals;
      const current = internals._font;
      this.doc.font(name);
      font = internals._font;
      internals._font = current;
      this.namedFonts.set(name, font);
    }
    return font;
  }

  /** Writes each cell at its x with the top of the text at `top`, in the current font, size and fill colour. */
  writeLine(cells: readonly TextCell[], top: number): void {
    const internals = this.doc as unknown as PdfKitInternals;
    const font = internals._font;
    const size = internals._fontSize;
    const page = internals.page;
    if (page.fonts[font.id] == null) page.fonts[font.id] = font.ref();
    // PDFKit's pages are flipped to a top-left origin; text is written in the unflipped space, baseline at
    // the font's ascender below `top` (PDFKit's default 'top' baseline).
    const baseline = pdfNumber(page.height - top - (font.ascender / 1000) * size);
    let content = `q\n1 0 0 -1 0 ${pdfNumber(page.height)} cm\nBT\n/${font.id} ${pdfNumber(size)} Tf\n`;
    let active = font;
    const positioned: TextCell[] = [];
    for (const cell of cells) {
      if (cell.text.length === 0) continue;
      const cellFont = cell.font === undefined ? font : this.fontNamed(cell.font);
      const { show } = this.encode(cellFont, cell.text, cell.font === undefined ? undefined : WHOLE_TEXT);
      if (show === null) {
        positioned.push(cell);
        continue;
      }
      if (cellFont !== active) {
        if (page.fonts[cellFont.id] == null) page.fonts[cellFont.id] = cellFont.ref();
        content += `/${cellFont.id} ${pdfNumber(size)} Tf\n`;
        active = cellFont;
      }
      content += `1 0 0 1 ${pdfNumber(cell.x)} ${baseline} Tm\n${show}\n`;
    }
    this.doc.addContent(`${content}ET\nQ`);
    for (const cell of positioned) {
      if (cell.font === undefined) {
        this.doc.text(cell.text, cell.x, top, { lineBreak: false });
        continue;
      }
      // On the line's baseline, in its own font, then back to the line's font.
      this.doc.font(cell.font).text(cell.text, cell.x, top + (font.ascender / 1000) * size, { lineBreak: false, features: WHOLE_TEXT, baseline: 'alphabetic' });
      internals._font = font;
    }
  }

  /** The TJ operator PDFKit's text() writes for `text` (runs of glyphs split where kerning moves the next one). */
  private encode(font: PdfKitFont, text: string, features?: PDFKit.Mixins.OpenTypeFeatures[]): EncodedText {
    let fontEncodings = this.encodings.get(font.id);
    if (fontEncodings === undefined) this.encodings.set(font.id, (fontEncodings = new Map()));
    const cached = fontEncodings.get(text);
    if (cached !== undefined) return cached;
    const [glyphs, positions] = font.encode(text, features);
    let advance = 0;
    let positionedGlyphs = false;
    const runs: string[] = [];
    let start = 0;
    for (let index = 0; index < positions.length; index += 1) {
      const position = positions[index]!;
      advance += position.xAdvance;
      if (position.xOffset !== 0 || position.yOffset !== 0) positionedGlyphs = true;
      const kerning = position.xAdvance - position.advanceWidth;
      if (kerning !== 0) {
        runs.push(`<${glyphs.slice(start, index + 1).join('')}> ${pdfNumber(-kerning)}`);
        start = index + 1;
      }
    }
    if (start < positions.length) runs.push(`<${glyphs.slice(start).join('')}> 0`);
    const encoded = { advance, show: positionedGlyphs ? null : `[${runs.join(' ')}] TJ` };
    if (this.cachedStrings >= CACHE_LIMIT) {
      for (const map of this.encodings.values()) map.clear();
      this.cachedStrings = 0;
    }
    fontEncodings.set(text, encoded);
    this.cachedStrings += 1;
    return encoded;
  }
}
