import PDFDocument from 'pdfkit';
import { pdfBuffer } from '../../lib/pdf-document.ts';
import { markdownBlocks } from './agreement-text.ts';

export interface SignedPdfFacts {
  title: string;
  version: number;
  bodyMarkdown: string;
  agentName: string;
  signerName: string;
  signerEmail: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
  consentText: string;
  textSha256: string;
}

/**
 * The signed agreement as a PDF (PDFKit): the text as the signer read it, then a certificate page with the facts of
 * the signature (who, for which organisation, when in UTC, from which IP and browser, the consent given) and the
 * SHA-256 of the text shown. Built once at signing and stored; its own SHA-256 is kept with the signature.
 */
export function buildSignedPdf(facts: SignedPdfFacts): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${facts.title} (version ${facts.version})`, Author: 'Partner Portal', CreationDate: facts.signedAt } });
  const done = pdfBuffer(doc);

  doc.font('Helvetica-Bold').fontSize(18).text(facts.title);
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text(`Version ${facts.version} · ${facts.agentName}`).moveDown(1).fillColor('#000000');
  for (const block of markdownBlocks(facts.bodyMarkdown)) {
    if (block.kind === 'heading') doc.moveDown(0.4).font('Helvetica-Bold').fontSize(block.depth <= 1 ? 15 : block.depth === 2 ? 13 : 11.5).text(block.text).moveDown(0.3);
    else if (block.kind === 'item') doc.font('Helvetica').fontSize(10.5).text(block.text, { indent: 12 }).moveDown(0.15);
    else if (block.kind === 'rule') doc.moveDown(0.5);
    else doc.font('Helvetica').fontSize(10.5).text(block.text, { align: 'left' }).moveDown(0.5);
  }

  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(16).text('Certificate of electronic signature').moveDown(0.8);
  const rows: [string, string][] = [
    ['Agreement', `${facts.title}, version ${facts.version}`],
    ['Organisation', facts.agentName],
    ['Signed by', `${facts.signerName} (${facts.signerEmail})`],
    ['Signed at (UTC)', facts.signedAt.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')],
    ['IP address', facts.ip],
    ['Browser', facts.userAgent],
    ['Consent', facts.consentText],
    ['SHA-256 of the text shown', facts.textSha256],
  ];
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').fontSize(10).text(label);
    doc.font('Helvetica').fontSize(10).text(value).moveDown(0.6);
  }
  doc.moveDown(0.5).fontSize(9).fillColor('#555555').text(
    'A simple electronic signature under the US ESIGN Act and the EU eIDAS Regulation. The text shown is the agreement\u2019s title, a blank line and its body as published; its SHA-256 above identifies it exactly.',
  );
  doc.end();
  return done;
}
