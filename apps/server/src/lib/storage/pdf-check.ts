import { readFile } from 'node:fs/promises';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from 'pdf-lib';

/**
 * Names that make a PDF do something rather than show something: scripts, actions that open or send, forms that
 * submit, embedded files and rich media. A document the portal keeps for people to read has none of them.
 */
const ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'OpenAction', 'AA', 'SubmitForm', 'ImportData', 'GoToR', 'GoToE', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA']);
/** What a browser's sniffer takes for a web page in the first bytes of a file (WHATWG MIME Sniffing, HTML patterns). */
const HTML_IN_HEAD = /<(?:!doctype\s+html|html|head|body|script|iframe|svg|object|embed|style|title|table|a\s|img|div|p\s|p>|br|h1|font|b>|!--)/i;

export type PdfProblem = 'not_a_pdf' | 'html_inside' | 'active_content' | 'encrypted';

/**
 * Checks an upload that starts like a PDF by its content (issue 33, the outside probe's N7: a `%PDF` header over an
 * HTML page was stored as a PDF): it must parse as a PDF with at least one page (pdf-lib), carry no HTML a browser's
 * sniffer would find in its first kilobyte, not be encrypted (its content could not be checked), and hold no script,
 * action or embedded file anywhere in its objects. Answers the first problem, or null for a PDF that only shows.
 */
export async function pdfProblem(file: string): Promise<PdfProblem | null> {
  const bytes = await readFile(file);
  if (HTML_IN_HEAD.test(bytes.subarray(0, 1024).toString('latin1'))) return 'html_inside';
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { throwOnInvalidObject: true, updateMetadata: false });
    if (document.getPageCount() === 0) return 'not_a_pdf';
  } catch (error) {
    return (error as Error).name === 'EncryptedPDFError' ? 'encrypted' : 'not_a_pdf';
  }
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (holdsActiveName(object, 0)) return 'active_content';
  }
  return null;
}

/** Whether `object` (a dictionary, stream or array, with what it holds directly) names anything in ACTIVE_NAMES. */
function holdsActiveName(object: PDFObject, depth: number): boolean {
  if (depth > 32) return false;
  if (object instanceof PDFName) return ACTIVE_NAMES.has(object.decodeText());
  if (object instanceof PDFArray) return object.asArray().some((item) => holdsActiveName(item, depth + 1));
  const dictionary = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : undefined;
  if (!dictionary) return false;
  for (const [key, value] of dictionary.entries()) {
    if (ACTIVE_NAMES.has(key.decodeText()) || holdsActiveName(value, depth + 1)) return true;
  }
  return false;
}
