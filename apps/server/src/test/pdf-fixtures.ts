/**
 * Small PDFs for upload tests: a real one (one blank page, which pdf-lib reads), a PDF/HTML polyglot and a PDF that
 * runs a script when opened (the outside probe's N7 files).
 */
export const ONE_PAGE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
export const PDF_HTML_POLYGLOT = Buffer.from('%PDF-1.4\n<html><script>alert(document.cookie)</script></html>\n');
export const PDF_WITH_SCRIPT = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> >>\nendobj\n' +
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n' +
    'trailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
