/**
 * What the portal's documents written with PDFKit (a signed agreement, a payout's statement, a finance report) share:
 * the file as one Buffer once written, a row of fixed-width cells that start a page when the page is full, and
 * "page n of N" in the bottom margin of every page (the document must be made with `bufferPages: true`).
 */

export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

export interface PdfColumn {
  label: string;
  width: number;
  align: 'left' | 'right';
}

/** One line of a table at `x`: each cell cut to its column with an ellipsis; a new page first when past `bottom`. */
export function pdfTableRow(doc: PDFKit.PDFDocument, options: { x: number; columns: readonly PdfColumn[]; cells: readonly string[]; bold: boolean; rowHeight: number; bottom: number }): void {
  if (doc.y > options.bottom) doc.addPage();
  const y = doc.y;
  let x = options.x;
  doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
  options.columns.forEach((column, index) => {
    doc.text(options.cells[index] ?? '', x + 2, y, { width: column.width - 4, align: column.align, lineBreak: false, ellipsis: true });
    x += column.width;
  });
  doc.y = y + options.rowHeight;
  doc.x = options.x;
}

/** `text(n, N)` at the right of every page's bottom margin, `fromBottom` points above the page's edge. */
export function numberPages(doc: PDFKit.PDFDocument, text: (page: number, count: number) => string, options: { x: number; width: number; fromBottom: number; color: string }): void {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    // The footer sits in the bottom margin: without this PDFKit would start a page for it.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(options.color).text(text(index + 1, range.count), options.x, doc.page.height - options.fromBottom, { width: options.width, align: 'right', lineBreak: false });
  }
}
