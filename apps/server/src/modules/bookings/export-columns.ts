import { BOOKING_COLUMN_LABELS } from '@portal/contracts/booking-columns';
import { formatBookingId } from '@portal/contracts/formatters';
import {
  formatAmountText,
  wallClockDate,
  wallClockText,
  type ExportColumn,
  type ExportDocument,
} from '../../lib/exports/export-columns.ts';
import type { ExportRecord } from './repository.ts';
import type { ExportMeta } from './service.ts';

/**
 * The bookings export's columns, declared once for both files (lib/exports writes them): the table's seven
 * (spec §2, with the web table's labels) and what a report needs besides. The PDF's widths fill its 770 pt table.
 */
export const BOOKING_EXPORT_COLUMNS: readonly ExportColumn<ExportRecord>[] = [
  { label: BOOKING_COLUMN_LABELS.bookingId, excelWidth: 14, pdfWidth: 58, text: (record) => formatBookingId(record.ticket_id) },
  { label: BOOKING_COLUMN_LABELS.patientName, excelWidth: 28, pdfWidth: 100, text: (record) => record.patient_name },
  { label: BOOKING_COLUMN_LABELS.facility, excelWidth: 36, pdfWidth: 120, text: (record) => record.facility_name },
  {
    label: BOOKING_COLUMN_LABELS.appointmentDate,
    excelWidth: 18,
    pdfWidth: 70,
    text: (record) => wallClockText(record.local_date_time),
    excel: { type: 'date-time', value: (record) => wallClockDate(record.local_date_time) },
  },
  { label: BOOKING_COLUMN_LABELS.service, excelWidth: 30, pdfWidth: 106, text: (record) => record.service_name },
  { label: BOOKING_COLUMN_LABELS.specialty, excelWidth: 20, pdfWidth: 70, text: (record) => record.specialty_name ?? '-' },
  { label: BOOKING_COLUMN_LABELS.agentAssigned, excelWidth: 22, pdfWidth: 80, text: assignee },
  { label: 'Status', excelWidth: 12, pdfWidth: 46, text: (record) => statusLabel(record.status) },
  { label: 'Invoice status', pdfLabel: 'Invoice', excelWidth: 14, pdfWidth: 38, text: (record) => invoiceLabel(record.invoice_status) },
  {
    label: 'Amount',
    excelWidth: 16,
    pdfWidth: 82,
    align: 'right',
    text: (record) => `${record.currency} ${formatAmountText(record.amount)}`,
    // Excel stores every number as a double; numeric(12,2) values are exact to the cent in one.
    excel: { type: 'money', value: (record) => Number(record.amount) },
  },
  // Workbook only: a spreadsheet sums the Amount column, so the currency has a cell of its own; the PDF prints it
  // with the amount, and has no room for the creation time.
  { label: 'Currency', excelWidth: 10, text: (record) => record.currency },
  {
    label: 'Created',
    excelWidth: 18,
    text: (record) => wallClockText(record.local_created_at),
    excel: { type: 'date-time', value: (record) => wallClockDate(record.local_created_at) },
  },
];

function assignee(record: ExportRecord): string {
  return record.assignee_first_name === null ? '-' : `${record.assignee_first_name} ${record.assignee_last_name ?? ''}`.trim();
}

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No show',
};

function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

function invoiceLabel(status: string): string {
  return status === 'paid' ? 'Paid' : 'Unpaid';
}

/** The heading of a bookings export: the service describes the agent and the filters (ExportMeta). */
export function bookingsExportDocument(meta: ExportMeta): ExportDocument {
  return {
    title: 'My Referrals — Bookings',
    sheetName: 'Bookings',
    rowsName: 'bookings',
    emptyText: 'No bookings to view yet.',
    organisation: { label: 'Referral agent', name: meta.agentName, logo: meta.agentLogo },
    filterLines: meta.filterLines,
    total: meta.total,
    timeZone: meta.timeZone,
    generatedAt: meta.generatedAt,
  };
}

/** 'bookings-2025-03-01': today in the export's time zone. */
export const bookingsExportName = (meta: Pick<ExportMeta, 'today'>) => `bookings-${meta.today}`;
