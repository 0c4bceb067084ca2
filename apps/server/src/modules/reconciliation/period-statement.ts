import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { BOOKING_ID_PREFIX } from '@portal/contracts/constants';
import { decimalToMinor, minorToDecimal } from '@portal/contracts/money';
import type { Queryable } from '../../db/queryable.ts';
import { numberPages, pdfBuffer, pdfTableRow, type PdfColumn } from '../../lib/pdf-document.ts';
import type { FileStore, StoredFile } from '../../lib/storage/file-store.ts';

/**
 * The period statement the lock writes (issue 35): every line of the period in its state, as CSV and PDF, stored once
 * with their SHA-256 on the period (whose row never changes again). No patient name: references, dates, services,
 * amounts and the facility's initials at most.
 */

/** A signed decimal ('-25.00', '+40', '12.345') in minor units of `currency`; null when it has too many decimals. */
export function signedDecimalToMinor(value: string, currency: string): number | null {
  const trimmed = value.trim();
  const negative = trimmed.startsWith('-');
  const magnitude = decimalToMinor(trimmed.replace(/^[-+]/, ''), currency);
  if (magnitude === null) return null;
  return negative ? -magnitude : magnitude;
}

/** A CSV cell: quoted when it must be, and never read as a formula by a spreadsheet. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

interface StatementRow {
  state: string;
  decision: string | null;
  ticket_id: string | null;
  booking_day: string | null;
  facility_ref: string | null;
  line_day: string | null;
  service: string | null;
  booking_amount: string | null;
  line_amount: string | null;
  commission: string | null;
}

const HEADERS = ['State', 'Decision', 'Booking', 'Booking date', 'Facility reference', 'Statement date', 'Service', 'Booking amount', 'Billed amount', 'Commission'];
const COLUMNS: PdfColumn[] = [
  { label: 'State', width: 62, align: 'left' },
  { label: 'Decision', width: 48, align: 'left' },
  { label: 'Booking', width: 52, align: 'left' },
  { label: 'Date', width: 52, align: 'left' },
  { label: 'Facility ref.', width: 70, align: 'left' },
  { label: 'Service', width: 95, align: 'left' },
  { label: 'Booking amt.', width: 58, align: 'right' },
  { label: 'Billed', width: 58, align: 'right' },
  { label: 'Commission', width: 52, align: 'right' },
];

async function store(storage: FileStore, kind: string, bytes: Buffer, filename: string): Promise<{ file: StoredFile; sha256: string }> {
  const file = await storage.save(kind, Readable.from([bytes]), { filename });
  return { file, sha256: createHash('sha256').update(bytes).digest('hex') };
}

export async function writePeriodStatement(db: Queryable, storage: FileStore, periodId: number, kind: string) {
  const { rows: heads } = await db.query<{ agent: string; facility: string; month: string; currency: string; account_number: string | null }>(
    `SELECT a.name AS agent, f.name AS facility, to_char(p.month, 'YYYY-MM') AS month, p.currency, ac.account_number
       FROM reconciliation_periods p JOIN referral_agents a ON a.id = p.referral_agent_id JOIN facilities f ON f.id = p.facility_id
       LEFT JOIN reconciliation_accounts ac ON ac.referral_agent_id = p.referral_agent_id AND ac.facility_id = p.facility_id
      WHERE p.id = $1`,
    [periodId],
  );
  const head = heads[0]!;
  const { rows } = await db.query<StatementRow>(
    `SELECT i.state, i.decision, b.ticket_id, (b.date_time AT TIME ZONE 'UTC')::date::text AS booking_day, l.facility_ref, l.treatment_on::text AS line_day,
            coalesce(l.service, sv.name) AS service, b.amount_minor::text AS booking_amount, l.amount_minor::text AS line_amount, cl.amount_minor::text AS commission
       FROM reconciliation_items i
       LEFT JOIN bookings b ON b.id = i.booking_id
       LEFT JOIN facility_service_details fd ON fd.id = b.facility_service_detail_id LEFT JOIN services sv ON sv.id = fd.service_id
       LEFT JOIN commission_lines cl ON cl.booking_id = b.id AND cl.kind = 'commission'
       LEFT JOIN reconciliation_statement_lines l ON l.id = i.statement_line_id
      WHERE i.period_id = $1 ORDER BY i.state, coalesce(l.row_number, 2147483647), i.booking_id`,
    [periodId],
  );
  const money = (value: string | null) => (value === null ? '' : minorToDecimal(Number(value), head.currency));
  const cells = (row: StatementRow) => [
    row.state,
    row.decision ?? '',
    row.ticket_id === null ? '' : `${BOOKING_ID_PREFIX}${row.ticket_id}`,
    row.booking_day ?? '',
    row.facility_ref ?? '',
    row.line_day ?? '',
    row.service ?? '',
    money(row.booking_amount),
    money(row.line_amount),
    money(row.commission),
  ];
  const csv = [HEADERS, ...rows.map(cells)].map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';

  const doc = new PDFDocument({ size: 'A4', margin: 40, bufferPages: true, info: { Title: `Reconciliation ${head.facility} ${head.month}` } });
  const written = pdfBuffer(doc);
  doc.font('Helvetica-Bold').fontSize(14).text(`Reconciliation statement: ${head.facility}, ${head.month}`);
  doc.font('Helvetica').fontSize(9).text(`${head.agent}${head.account_number ? `, account ${head.account_number}` : ''}. Amounts in ${head.currency}. ${rows.length} lines.`);
  doc.moveDown();
  pdfTableRow(doc, { x: 40, columns: COLUMNS, cells: COLUMNS.map((column) => column.label), bold: true, rowHeight: 14, bottom: 780 });
  for (const row of rows) {
    const [state, decision, booking, bookingDay, facilityRef, lineDay, service, bookingAmount, billed, commission] = cells(row);
    pdfTableRow(doc, { x: 40, columns: COLUMNS, cells: [state!, decision!, booking!, lineDay || bookingDay!, facilityRef!, service!, bookingAmount!, billed!, commission!], bold: false, rowHeight: 14, bottom: 780 });
  }
  numberPages(doc, (page, count) => `Page ${page} of ${count}`, { x: 40, width: 515, fromBottom: 30, color: '#555555' });
  doc.end();
  const pdf = await written;
  const name = `reconciliation-${head.month}-${periodId}`;
  return { csv: await store(storage, kind, Buffer.from(csv, 'utf8'), `${name}.csv`), pdf: await store(storage, kind, pdf, `${name}.pdf`) };
}
