import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/**
 * The text a PDF written by PDFKit shows, for assertions: each content stream is inflated when it is
 * FlateDecode-compressed, and the strings of its text operators (Tj, and TJ arrays, whose pieces are split
 * by kerning) are decoded (PDFKit writes standard-font text as hex WinAnsi codes). One string per text
 * operator, in drawing order; join them to search. Also returns the document information (Title, Subject…).
 */
export interface PdfText {
  pages: number;
  texts: string[];
  info: Record<string, string>;
  /**
   * The text operators again, with what `texts` flattens: the font resource they were written in and, glyph by
   * glyph in drawing (visual) order, the glyph's code in the font and the text it stands for (an embedded font's
   * ToUnicode map; one glyph may stand for several characters, as a ligature does).
   */
  runs: PdfTextRun[];
  /** The fonts of the file by resource name ('F3'): their BaseFont, and the embedded font program if any. */
  fonts: Record<string, PdfFont>;
}

export interface PdfTextRun {
  font: string | null;
  codes: string[];
  glyphs: string[];
}

export interface PdfFont {
  baseFont: string;
  /** the embedded TrueType program (FontFile2), decompressed */
  program: Buffer | null;
}

/** 'N 0 obj … endobj' bodies by object number (PDFKit writes no object streams). */
function objectsOf(raw: string): Map<number, { start: number; body: string }> {
  const objects = new Map<number, { start: number; body: string }>();
  const pattern = /(?:^|\n)(\d+) 0 obj\b/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endobj', start);
    if (end < 0) break;
    objects.set(Number(match[1]), { start, body: raw.slice(start, end) });
  }
  return objects;
}

/** The decoded bytes of the stream of object `number`. */
function streamOf(pdf: Buffer, raw: string, objects: Map<number, { start: number; body: string }>, number: number): Buffer | null {
  const object = objects.get(number);
  if (!object) return null;
  const marker = /stream\r?\n/.exec(object.body);
  if (!marker) return null;
  const start = object.start + marker.index + marker[0].length;
  const end = raw.indexOf('endstream', start);
  const bytes = pdf.subarray(start, end);
  return /\/Filter\s*\/FlateDecode/.test(object.body.slice(0, marker.index)) ? inflateSync(bytes) : bytes;
}

/** A ToUnicode CMap's bfchar and bfrange entries: code (hex, as the content writes it) → text. */
function parseToUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => {
    let text = '';
    for (const unit of hex.replace(/\s+/g, '').match(/.{4}/g) ?? []) text += String.fromCharCode(Number.parseInt(unit, 16));
    return text;
  };
  const hexOf = (value: number, width: number) => value.toString(16).padStart(width, '0');
  for (const block of cmap.matchAll(/beginbfchar([^]*?)endbfchar/g)) {
    for (const entry of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(entry[1]!.toLowerCase(), utf16(entry[2]!));
  }
  for (const block of cmap.matchAll(/beginbfrange([^]*?)endbfrange/g)) {
    for (const entry of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const width = entry[1]!.length;
      const low = Number.parseInt(entry[1]!, 16);
      const high = Number.parseInt(entry[2]!, 16);
      if (entry[3]!.startsWith('[')) {
        const targets = [...entry[3]!.matchAll(/<([0-9a-fA-F\s]+)>/g)].map((target) => utf16(target[1]!));
        targets.forEach((target, index) => map.set(hexOf(low + index, width), target));
      } else {
        const first = Number.parseInt(entry[3]!.slice(1, -1).replace(/\s+/g, ''), 16);
        for (let code = low; code <= high; code += 1) map.set(hexOf(code, width), String.fromCharCode(first + code - low));
      }
    }
  }
  return map;
}

/** The fonts by resource name, with their ToUnicode maps and embedded programs. */
function fontsOf(pdf: Buffer, raw: string): { fonts: Record<string, PdfFont>; unicode: Map<string, Map<string, string>> } {
  const objects = objectsOf(raw);
  const fonts: Record<string, PdfFont> = {};
  const unicode = new Map<string, Map<string, string>>();
  const reference = (body: string, key: string) => {
    const found = new RegExp(`/${key}\\s*\\[?\\s*(\\d+) 0 R`).exec(body);
    return found ? Number(found[1]) : null;
  };
  for (const [, name, number] of raw.matchAll(/\/(F\d+)\s+(\d+)\s+0\s+R/g)) {
    if (fonts[name!]) continue;
    const body = objects.get(Number(number))?.body ?? '';
    const baseFont = /\/BaseFont\s*\/([^\s/>]+)/.exec(body)?.[1] ?? '';
    let program: Buffer | null = null;
    const descendant = reference(body, 'DescendantFonts');
    const descriptor = descendant === null ? null : reference(objects.get(descendant)?.body ?? '', 'FontDescriptor');
    const file = descriptor === null ? null : reference(objects.get(descriptor)?.body ?? '', 'FontFile2');
    if (file !== null) program = streamOf(pdf, raw, objects, file);
    fonts[name!] = { baseFont, program };
    const toUnicode = reference(body, 'ToUnicode');
    if (toUnicode !== null) unicode.set(name!, parseToUnicode(streamOf(pdf, raw, objects, toUnicode)?.toString('latin1') ?? ''));
  }
  return { fonts, unicode };
}

const WIN_ANSI_HIGH: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰', 0x8a: 'Š', 0x8b: '‹',
  0x8c: 'Œ', 0x8e: 'Ž', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™',
  0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
};

function decodeHex(hex: string): string {
  let text = '';
  for (let index = 0; index + 1 < hex.length; index += 2) {
    const code = Number.parseInt(hex.slice(index, index + 2), 16);
    text += WIN_ANSI_HIGH[code] ?? String.fromCharCode(code);
  }
  return text;
}

function decodeLiteral(literal: string): string {
  return literal.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escape: string) => {
    const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    return simple[escape] ?? String.fromCharCode(Number.parseInt(escape, 8));
  });
}

function decodeInfoString(value: string): string {
  if (value.startsWith('<')) {
    const hex = value.slice(1, -1);
    if (hex.toLowerCase().startsWith('feff')) {
      let text = '';
      for (let index = 4; index + 3 < hex.length; index += 4) text += String.fromCharCode(Number.parseInt(hex.slice(index, index + 4), 16));
      return text;
    }
    return decodeHex(hex);
  }
  const literal = decodeLiteral(value.slice(1, -1));
  if (!literal.startsWith('\u00fe\u00ff')) return literal;
  // UTF-16BE with its byte-order mark, as PDFKit writes non-ASCII strings
  let text = '';
  for (let index = 2; index + 1 < literal.length; index += 2) text += String.fromCharCode((literal.charCodeAt(index) << 8) | literal.charCodeAt(index + 1));
  return text;
}

export function pdfText(pdf: Buffer): PdfText {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  const runs: PdfTextRun[] = [];
  const { fonts, unicode } = fontsOf(pdf, raw);
  /** One text operator's strings: WinAnsi bytes, or 4-digit glyph codes through the font's ToUnicode map. */
  const decode = (font: string | null, pieces: string[]) => {
    const map = font === null ? undefined : unicode.get(font);
    const codes: string[] = [];
    const glyphs: string[] = [];
    for (const piece of pieces) {
      if (map && piece.startsWith('<')) {
        for (const code of piece.slice(1, -1).toLowerCase().match(/.{4}/g) ?? []) {
          codes.push(code);
          glyphs.push(map.get(code) ?? '\uFFFD');
        }
      } else {
        const text = piece.startsWith('<') ? decodeHex(piece.slice(1, -1)) : decodeLiteral(piece.slice(1, -1));
        codes.push(...[...text].map((character) => character.charCodeAt(0).toString(16)));
        glyphs.push(...text);
      }
    }
    texts.push(glyphs.join(''));
    runs.push({ font, codes, glyphs });
  };
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(raw))) {
    const dictionary = match[1]!;
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let content = pdf.subarray(start, end);
    if (/\/Filter\s*\/FlateDecode/.test(dictionary)) {
      try {
        content = inflateSync(content);
      } catch {
        continue;
      }
    }
    const body = content.toString('latin1');
    // /F1 7.5 Tf   then   [<48656c6c6f> -20 <...>] TJ   or   <...> Tj   or   (text) Tj
    const operators =
      /\/(F\d+)\s+[\d.]+\s+Tf|\[((?:\s*(?:<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)|-?[\d.]+))*)\s*\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g;
    let operator: RegExpExecArray | null;
    let font: string | null = null;
    while ((operator = operators.exec(body))) {
      if (operator[1] !== undefined) {
        font = operator[1];
      } else if (operator[2] !== undefined) {
        decode(font, operator[2].match(/<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)/g) ?? []);
      } else if (operator[3] !== undefined) {
        decode(font, [`<${operator[3]}>`]);
      } else if (operator[4] !== undefined) {
        decode(font, [`(${operator[4]})`]);
      }
    }
  }
  const info: Record<string, string> = {};
  const stringPattern = '(<[0-9a-fA-F]*>|\\((?:\\\\.|[^\\\\)])*\\))';
  for (const key of ['Title', 'Subject', 'Author', 'Creator', 'Keywords', 'Producer']) {
    // a direct string, or (as PDFKit writes them) a reference to an object holding one
    const direct = new RegExp(`/${key}\\s*${stringPattern}`).exec(raw);
    if (direct) {
      info[key] = decodeInfoString(direct[1]!);
      continue;
    }
    const reference = new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`).exec(raw);
    const object = reference ? new RegExp(`(?:^|\\n)${reference[1]} 0 obj\\s*${stringPattern}\\s*endobj`).exec(raw) : null;
    if (object) info[key] = decodeInfoString(object[1]!);
  }
  const pages = (raw.match(/\/Type\s*\/Page\b/g) ?? []).length;
  return { pages, texts, info, runs, fonts };
}

/** Draws into a new uncompressed PDFKit document and answers the whole file, for pdfText and raw assertions. */
export async function renderPdf(draw: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({ ...options, compress: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  draw(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
