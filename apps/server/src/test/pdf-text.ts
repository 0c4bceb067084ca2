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
    // [<48656c6c6f> -20 <...>] TJ   or   <...> Tj   or   (text) Tj
    const operators = /\[((?:\s*(?:<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)|-?[\d.]+))*)\s*\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g;
    let operator: RegExpExecArray | null;
    while ((operator = operators.exec(body))) {
      if (operator[1] !== undefined) {
        const pieces = operator[1].match(/<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\)/g) ?? [];
        texts.push(pieces.map((piece) => (piece.startsWith('<') ? decodeHex(piece.slice(1, -1)) : decodeLiteral(piece.slice(1, -1)))).join(''));
      } else if (operator[2] !== undefined) {
        texts.push(decodeHex(operator[2]));
      } else if (operator[3] !== undefined) {
        texts.push(decodeLiteral(operator[3]));
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
  return { pages, texts, info };
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
