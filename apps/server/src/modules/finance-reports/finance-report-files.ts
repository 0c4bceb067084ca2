import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { numberPages, pdfBuffer, pdfTableRow, type PdfColumn } from '../../lib/pdf-document.ts';
import type { FinanceFigures } from '@portal/contracts/finance-reports';
import { minorToDecimal } from '@portal/contracts/money';
import { formatAmountText } from '../../lib/exports/export-columns.ts';

/**
 * A finance report's two files (English: documents for accountants): the balance's movements over the period and every
 * movement behind them. The PDF by PDFKit, the workbook by ExcelJS (amounts as numbers, so a spreadsheet adds them).
 */

export interface FinanceMovement {
  day: string;
  kind: 'accrued' | 'adjustment' | 'reversed' | 'clawback' | 'paid';
  /** the booking ('MT-482913') or the payout's statement ('SB-2026-000123') */
  reference: string;
  detail: string;
  amount_minor: number;
}

export interface FinanceReportFacts {
  agentName: string;
  kind: 'monthly' | 'yearly';
  /** 'October 2026', '2026' */
  periodLabel: string;
  currency: string;
  version: number;
  generatedAt: Date;
  figures: FinanceFigures;
  movements: FinanceMovement[];
}

const KIND_LABELS: Record<FinanceMovement['kind'], string> = { accrued: 'Commission earned', adjustment: 'Adjustment', reversed: 'Commission reversed', clawback: 'Clawback', paid: 'Payout paid' };

export const FIGURE_ROWS: [keyof FinanceFigures, string][] = [
  ['opening_minor', 'Opening balance'],
  ['accrued_minor', 'Commissions earned and adjusted'],
  ['reversed_minor', 'Reversed (refunded before payout)'],
  ['clawbacks_minor', 'Clawbacks (refunded after payout)'],
  ['paid_minor', 'Paid out'],
  ['closing_minor', 'Closing balance'],
];

function title(facts: FinanceReportFacts): string {
  return `${facts.kind === 'monthly' ? 'Monthly' : 'Yearly'} commission statement, ${facts.periodLabel}, ${facts.currency}`;
}

const money = (minor: number, currency: string) => `${currency} ${formatAmountText(minorToDecimal(minor, currency))}`;

export function buildFinanceReportPdf(facts: FinanceReportFacts, options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, bufferPages: true, compress: options.compress ?? true, info: { Title: title(facts), Author: facts.agentName, CreationDate: facts.generatedAt } });
  const done = pdfBuffer(doc);
  const width = doc.page.width - 100;
  const bottom = doc.page.height - 70;

  doc.font('Helvetica-Bold').fontSize(16).text(title(facts));
  doc.font('Helvetica').fontSize(10).fillColor('#555555').text(`${facts.agentName} · version ${facts.version} · written ${facts.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`).fillColor('#000000').moveDown(1);

  for (const [key, label] of FIGURE_ROWS) {
    const y = doc.y;
    const strong = key === 'opening_minor' || key === 'closing_minor';
    doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(10.5).text(label, 50, y, { width: 300 });
    doc.text(money(facts.figures[key], facts.currency), 350, y, { width: width - 300, align: 'right' });
    doc.moveDown(0.3);
  }

  doc.moveDown(1).font('Helvetica-Bold').fontSize(12).text('Movements', 50);
  doc.moveDown(0.4);
  if (facts.movements.length === 0) doc.font('Helvetica').fontSize(10).text('No movement in this period.');
  const columns: PdfColumn[] = [
    { label: 'Date', width: 70, align: 'left' },
    { label: 'Movement', width: 115, align: 'left' },
    { label: 'Reference', width: 85, align: 'left' },
    { label: 'Detail', width: 135, align: 'left' },
    { label: 'Amount', width: 90, align: 'right' },
  ];
  const row = (cells: string[], bold: boolean) => pdfTableRow(doc, { x: 50, columns, cells, bold, rowHeight: 13, bottom });
  if (facts.movements.length > 0) row(columns.map((column) => column.label), true);
  for (const movement of facts.movements) row([movement.day, KIND_LABELS[movement.kind], movement.reference, movement.detail, money(movement.amount_minor, facts.currency)], false);

  numberPages(doc, (page, count) => `${title(facts)} · version ${facts.version} · page ${page} of ${count}`, { x: 50, width, fromBottom: 40, color: '#555555' });
  doc.end();
  return done;
}

export async function buildFinanceReportXlsx(facts: FinanceReportFacts): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = facts.agentName;
  workbook.created = facts.generatedAt;
  const digits = minorToDecimal(1, facts.currency).split('.')[1]?.length ?? 0;
  const numberFormat = digits === 0 ? '#,##0' : `#,##0.${'0'.repeat(digits)}`;
  const amount = (minor: number) => Number(minorToDecimal(minor, facts.currency));

  const summary = workbook.addWorksheet('Summary');
  summary.columns = [{ width: 38 }, { width: 18 }];
  summary.addRow([title(facts)]).font = { bold: true, size: 13 };
  summary.addRow([`${facts.agentName} · version ${facts.version} · written ${facts.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`]);
  summary.addRow([]);
  summary.addRow(['', facts.currency]).font = { bold: true };
  for (const [key, label] of FIGURE_ROWS) {
    const added = summary.addRow([label, amount(facts.figures[key])]);
    added.getCell(2).numFmt = numberFormat;
    if (key === 'opening_minor' || key === 'closing_minor') added.font = { bold: true };
  }

  const sheet = workbook.addWorksheet('Movements');
  sheet.columns = [
    { header: 'Date', key: 'day', width: 12 },
    { header: 'Movement', key: 'kind', width: 22 },
    { header: 'Reference', key: 'reference', width: 18 },
    { header: 'Detail', key: 'detail', width: 48 },
    { header: `Amount (${facts.currency})`, key: 'amount', width: 16 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const movement of facts.movements) {
    const added = sheet.addRow({ day: movement.day, kind: KIND_LABELS[movement.kind], reference: movement.reference, detail: movement.detail, amount: amount(movement.amount_minor) });
    added.getCell('amount').numFmt = numberFormat;
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
