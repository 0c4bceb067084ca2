import { formatBookingId } from '@portal/contracts/formatters';
import type { ExportRecord } from './repository.ts';
import type { ExportMeta } from './service.ts';

/** The columns both export formats write: the table's seven (spec §2) and what a report needs besides. */
export const EXPORT_TITLE = 'My Referrals — Bookings';

export interface ExportColumn {
  label: string;
  /** Excel column width, in characters */
  excelWidth: number;
  /** PDF column width, in points (A4 landscape with 36 pt margins leaves 770) */
  pdfWidth: number;
  align?: 'left' | 'right';
  text(record: ExportRecord): string;
}

const assignee = (record: ExportRecord) =>
  record.assignee_first_name === null ? '-' : `${record.assignee_first_name} ${record.assignee_last_name ?? ''}`.trim();

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No show',
};

export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status;
export const invoiceLabel = (status: string) => (status === 'paid' ? 'Paid' : 'Unpaid');

/** 'YYYY-MM-DDTHH:MI:SS' wall-clock text → '5 Mar 2024 14:30' (spec §9's 'D MMM Y', with the time). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function displayDateTime(local: string): string {
  const [date = '', time = ''] = local.split('T');
  const [year, month, day] = date.split('-');
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? ''} ${year} ${time.slice(0, 5)}`;
}

export const EXPORT_COLUMNS: ExportColumn[] = [
  { label: 'Booking Id', excelWidth: 14, pdfWidth: 58, text: (record) => formatBookingId(record.ticket_id) },
  { label: 'Patient name', excelWidth: 28, pdfWidth: 100, text: (record) => record.patient_name },
  { label: 'Facility', excelWidth: 36, pdfWidth: 120, text: (record) => record.facility_name },
  { label: 'App. date', excelWidth: 18, pdfWidth: 70, text: (record) => displayDateTime(record.local_date_time) },
  { label: 'Service', excelWidth: 30, pdfWidth: 106, text: (record) => record.service_name },
  { label: 'Specialty', excelWidth: 20, pdfWidth: 70, text: (record) => record.specialty_name ?? '-' },
  { label: 'Agent assigned', excelWidth: 22, pdfWidth: 80, text: assignee },
  { label: 'Status', excelWidth: 12, pdfWidth: 46, text: (record) => statusLabel(record.status) },
  { label: 'Invoice', excelWidth: 10, pdfWidth: 38, text: (record) => invoiceLabel(record.invoice_status) },
  { label: 'Amount', excelWidth: 16, pdfWidth: 82, align: 'right', text: (record) => `${record.currency} ${formatAmountText(record.amount)}` },
];

/** '1234567.50' → '1,234,567.50' on the digits (money never passes through a float here). */
export function formatAmountText(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = '00'] = amount.replace('-', '').split('.');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0')}`;
}

export function exportFilename(meta: Pick<ExportMeta, 'today'>, extension: 'xlsx' | 'pdf'): string {
  return `bookings-${meta.today}.${extension}`;
}
