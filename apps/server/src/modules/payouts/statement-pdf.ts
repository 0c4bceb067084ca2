import PDFDocument from 'pdfkit';
import { numberPages, pdfBuffer, pdfTableRow, type PdfColumn } from '../../lib/pdf-document.ts';
import { minorToDecimal } from '@portal/contracts/money';
import { dayText } from '../../lib/locale.ts';
import { needsBidi } from '../../lib/exports/pdf-bidi.ts';
import { fit, TextDrawer, toWinAnsi } from '../../lib/exports/pdf-writer.ts';
import { reverseChargeApplies, type TaxProfile } from '@portal/contracts/tax-profile';
import type { StatementFacts } from './payouts.ts';

/** The business, as config's ISSUER_* set it. */
export interface StatementIssuer {
  name: string;
  address: string;
  country: string;
  taxId: string;
}

const MARGIN = 50;
const PAGE_BOTTOM = 842 - MARGIN - 20;
const GREY = '#555555';
/** Booking, facility, service, treatment date, base, commission: widths summing to A4's 495 pt between margins. */
const COLUMNS: readonly PdfColumn[] = [
  { label: 'Booking', width: 62, align: 'left' },
  { label: 'Facility', width: 130, align: 'left' },
  { label: 'Service', width: 105, align: 'left' },
  { label: 'Treatment', width: 63, align: 'left' },
  { label: 'Base', width: 70, align: 'right' },
  { label: 'Commission', width: 65, align: 'right' },
];

const COUNTRY_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });
const VAT_STATUS_TEXT: Record<TaxProfile['vat_status'], string> = { registered: 'VAT-registered', not_registered: 'Not registered for VAT', exempt: 'Exempt from VAT' };

/** The supplier's lines of the parties' block: its tax profile, or what is missing without one (never a guess). */
function supplierLines(name: string, profile: TaxProfile | null): { lines: string[]; missing: string | null } {
  if (!profile) {
    return {
      lines: [name],
      missing: "Tax profile not given: the supplier's legal name, address, tax ID and VAT status are missing. Its owners or finance members enter them under Tax details in the partner portal.",
    };
  }
  const lines = [profile.legal_name];
  if (profile.legal_name !== name) lines.push(`Trading as ${name}`);
  lines.push(profile.address_line1);
  if (profile.address_line2) lines.push(profile.address_line2);
  lines.push([profile.postal_code, profile.city].filter(Boolean).join(' '));
  lines.push(`${COUNTRY_NAMES.of(profile.country) ?? profile.country} (${profile.country})`);
  lines.push(`Tax ID: ${profile.tax_id ?? 'not given'}`);
  lines.push(profile.vat_status === 'registered' ? `VAT number: ${profile.vat_number}` : VAT_STATUS_TEXT[profile.vat_status]);
  return { lines, missing: null };
}

function amount(minor: number, currency: string): string {
  return `${currency} ${minorToDecimal(minor, currency).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/**
 * A payout's self-billing statement (PDFKit, English: a document for accountants and tax offices): its sequential
 * number, the business that issues it on the partner's behalf and the partner, every line with its base and
 * commission, the totals (commissions, clawbacks, paid), and the reverse-charge note when the partner is VAT-registered
 * in another country than the business (its tax profile says both). Written once per payout and stored (payouts.ts
 * keeps its SHA-256), so a statement keeps the profile of its day.
 */
export function buildStatementPdf(facts: StatementFacts, issuer: StatementIssuer, options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, compress: options.compress ?? true, info: { Title: `Self-billing statement ${facts.number}`, Author: issuer.name } });
  const done = pdfBuffer(doc);

  doc.font('Helvetica-Bold').fontSize(18).text('Self-billing statement');
  doc.font('Helvetica').fontSize(10).fillColor(GREY).text(`Number ${facts.number} · Paid ${facts.paidOn}${facts.bankReference ? ` · Bank reference ${facts.bankReference}` : ''}`).fillColor('#000000').moveDown(1);

  const top = doc.y;
  const half = (doc.page.width - 2 * MARGIN) / 2;
  doc.font('Helvetica-Bold').fontSize(9).text('Issued by (the customer)', MARGIN, top, { width: half - 10 });
  doc.font('Helvetica').fontSize(10).text(issuer.name, { width: half - 10 }).text(issuer.address, { width: half - 10 }).text(`Tax registration: ${issuer.taxId}`, { width: half - 10 });
  const leftBottom = doc.y;
  doc.font('Helvetica-Bold').fontSize(9).text('On behalf of (the supplier)', MARGIN + half, top, { width: half });
  const supplier = supplierLines(facts.partner.name, facts.partner.taxProfile);
  doc.font('Helvetica').fontSize(10);
  // Helvetica writes WinAnsi only: a letter outside it is written as its base letter, else '?', never as stray bytes. A
  // line with Arabic (a partner's legal name or address in Arabic) is drawn as the exports draw it: its Arabic runs
  // shaped in the embedded Arabic font, right to left, its Latin runs in Helvetica, on one line cut to the column.
  const drawer = new TextDrawer(doc);
  for (const line of supplier.lines) {
    if (needsBidi(line)) {
      const y = doc.y;
      drawer.draw(fit((text) => drawer.width(text, 'regular', 10), line, half), MARGIN + half, y, 'regular', 10);
      doc.font('Helvetica').fontSize(10);
      doc.y = y + doc.currentLineHeight(true);
    } else {
      doc.text(toWinAnsi(line), MARGIN + half, doc.y, { width: half });
    }
  }
  if (supplier.missing) doc.font('Helvetica-Oblique').fontSize(9).text(supplier.missing, { width: half }).font('Helvetica').fontSize(10);
  doc.y = Math.max(leftBottom, doc.y) + 18;

  const drawRow = (cells: readonly string[], bold: boolean) => pdfTableRow(doc, { x: MARGIN, columns: COLUMNS, cells, bold, rowHeight: 14, bottom: PAGE_BOTTOM });
  drawRow(COLUMNS.map((column) => column.label), true);
  doc.moveTo(MARGIN, doc.y - 3).lineTo(doc.page.width - MARGIN, doc.y - 3).strokeColor('#999999').lineWidth(0.5).stroke();
  let commissions = 0;
  let clawbacks = 0;
  for (const line of facts.lines) {
    if (line.kind === 'clawback') clawbacks += line.amount_minor;
    else commissions += line.amount_minor;
    drawRow(
      [line.reference, line.facility, line.kind === 'clawback' ? `Clawback: ${line.service ?? ''}` : line.kind === 'adjustment' ? `Adjustment: ${line.service ?? ''}` : (line.service ?? ''), dayText(line.treatment_on, 'en'), amount(line.base_minor, line.base_currency), amount(line.amount_minor, facts.currency)],
      false,
    );
  }

  doc.moveDown(1);
  const totals: [string, number][] = [['Commissions', commissions], ...(clawbacks !== 0 ? ([['Clawbacks (refunds after payment)', clawbacks]] as [string, number][]) : []), ['Paid', facts.amountMinor]];
  for (const [label, value] of totals) {
    if (doc.y > PAGE_BOTTOM) doc.addPage();
    const y = doc.y;
    doc.font(label === 'Paid' ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).text(label, MARGIN + 250, y, { width: 130 });
    doc.text(amount(value, facts.currency), MARGIN + 380, y, { width: 115, align: 'right' });
    doc.x = MARGIN;
  }

  doc.moveDown(2).font('Helvetica').fontSize(8.5).fillColor(GREY);
  doc.text(
    `Self-billing: this statement is issued by ${issuer.name} on behalf of ${facts.partner.taxProfile?.legal_name ?? facts.partner.name} under the self-billing arrangement of the partner programme's terms. The supplier does not issue its own invoice for these commissions.`,
    MARGIN,
    doc.y,
    { width: doc.page.width - 2 * MARGIN },
  );
  if (reverseChargeApplies(facts.partner.taxProfile, issuer.country)) {
    doc.moveDown(0.5).text('Reverse charge: the supplier is established in another country than the customer; the customer accounts for any VAT due on these services (reverse charge).', { width: doc.page.width - 2 * MARGIN });
  } else if (!facts.partner.taxProfile) {
    doc.moveDown(0.5).text("VAT treatment not determined: without the supplier's VAT status and country, this statement does not say whether the reverse charge applies.", { width: doc.page.width - 2 * MARGIN });
  }

  numberPages(doc, (page, count) => `${facts.number} · page ${page} of ${count}`, { x: MARGIN, width: doc.page.width - 2 * MARGIN, fromBottom: MARGIN, color: GREY });
  doc.end();
  return done;
}
