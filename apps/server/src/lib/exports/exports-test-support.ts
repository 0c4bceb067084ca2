import { Writable } from 'node:stream';
import { formatAmountText, wallClockDate, wallClockText, type ExportColumn, type ExportDocument } from './export-columns.ts';

/**
 * A list that is not bookings, for the writers' tests: a partner's earnings. Its columns exercise every kind of
 * declaration: typed cells (number, money, date, date-time, an empty one), a workbook-only and a PDF-only column,
 * a shorter PDF header, right-aligned text and numbers.
 */
export interface Earning {
  reference: string;
  partner: string;
  /** first day of the month, 'YYYY-MM-DD' */
  month: string;
  /** wall clock 'YYYY-MM-DDTHH:MI:SS', or null while unpaid */
  paidAt: string | null;
  hours: number;
  amount: string;
  note: string;
  code: string;
}

export const EARNING_COLUMNS: readonly ExportColumn<Earning>[] = [
  { label: 'Reference', excelWidth: 12, pdfWidth: 90, align: 'right', text: (row) => row.reference },
  { label: 'Partner', excelWidth: 30, pdfWidth: 250, text: (row) => row.partner },
  {
    label: 'Month',
    excelWidth: 12,
    pdfWidth: 80,
    text: (row) => wallClockText(`${row.month}T00:00:00`).slice(0, -6),
    excel: { type: 'date', value: (row) => wallClockDate(`${row.month}T00:00:00`) },
  },
  {
    label: 'Paid at',
    excelWidth: 18,
    pdfWidth: 100,
    text: (row) => (row.paidAt ? wallClockText(row.paidAt) : 'unpaid'),
    excel: { type: 'date-time', value: (row) => (row.paidAt ? wallClockDate(row.paidAt) : null) },
  },
  { label: 'Hours', excelWidth: 8, pdfWidth: 50, align: 'right', text: (row) => String(row.hours), excel: { type: 'number', value: (row) => row.hours } },
  {
    label: 'Amount earned',
    pdfLabel: 'Earned',
    excelWidth: 14,
    pdfWidth: 100,
    align: 'right',
    text: (row) => `EUR ${formatAmountText(row.amount)}`,
    excel: { type: 'money', value: (row) => Number(row.amount) },
  },
  { label: 'Note', excelWidth: 40, text: (row) => row.note },
  { label: 'Code', pdfWidth: 100, text: (row) => row.code },
];

export function earnings(count: number): Earning[] {
  return Array.from({ length: count }, (_, index) => ({
    reference: `E-${1000 + index}`,
    partner: index === 0 ? 'Zoë Ångström 李 Ćeslav' : `Partner ${index}`,
    month: '2025-03-01',
    paidAt: index % 2 === 0 ? `2025-04-0${1 + (index % 9)}T14:3${index % 10}:00` : null,
    hours: index + 0.5,
    amount: index === 0 ? '1234567.5' : `${index}.25`,
    note: `note ${index}`,
    code: `code-${index}`,
  }));
}

export function earningsDocument(total: number): ExportDocument {
  return {
    title: 'Earnings — March 2025',
    sheetName: 'Earnings',
    rowsName: 'earnings',
    emptyText: 'No earnings yet.',
    organisation: { label: 'Partner', name: 'Harbor Health Partners', logo: null },
    filterLines: [
      ['Month', 'March 2025'],
      ['Time zone', 'Europe/Berlin'],
    ],
    total,
    timeZone: 'Europe/Berlin',
    generatedAt: '2025-04-01 09:30',
  };
}

/** The rows in batches of `size`, as a service reads them; `onBatch` runs as each is handed out. */
export async function* inBatches<Row>(rows: Row[], size: number, onBatch?: (index: number) => void): AsyncGenerator<Row[]> {
  for (let index = 0; index * size < rows.length; index += 1) {
    onBatch?.(index);
    yield rows.slice(index * size, (index + 1) * size);
  }
}

/** A writable that keeps what it is given, for reading a written file back. */
export function collector(): { stream: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  return { stream, bytes: () => Buffer.concat(chunks) };
}
