import type { BookingStatus } from '@portal/contracts/bookings';
import { formatBookingId } from '@portal/contracts/formatters';
import type { Locale } from '@portal/contracts/preferences';
import {
  formatAmountText,
  wallClockDate,
  wallClockTextIn,
  type ExportColumn,
  type ExportDocument,
} from '../../lib/exports/export-columns.ts';
import { BOOKING_EXPORT_TEXTS } from './export-texts.ts';
import type { ExportRecord } from './repository.ts';
import type { ExportMeta } from './service.ts';

/**
 * The bookings export's columns, declared once for both files (lib/exports writes them), in the language of the
 * file (export-texts.ts): the table's seven (spec §2, with the web table's labels) and what a report needs besides.
 * The PDF's widths fill its 770 pt table.
 */
export function bookingExportColumns(locale: Locale): readonly ExportColumn<ExportRecord>[] {
  const texts = BOOKING_EXPORT_TEXTS[locale];
  const labels = texts.columns;
  return [
    { label: labels.bookingId, excelWidth: 14, pdfWidth: 58, text: (record) => formatBookingId(record.ticket_id) },
    { label: labels.patientName, excelWidth: 28, pdfWidth: 100, text: (record) => record.patient_name },
    { label: labels.facility, excelWidth: 36, pdfWidth: 120, text: (record) => record.facility_name },
    {
      label: labels.appointmentDate,
      excelWidth: 18,
      pdfWidth: 70,
      text: (record) => wallClockTextIn(record.local_date_time, locale),
      excel: { type: 'date-time', value: (record) => wallClockDate(record.local_date_time) },
    },
    { label: labels.service, excelWidth: 30, pdfWidth: 106, text: (record) => record.service_name },
    { label: labels.specialty, excelWidth: 20, pdfWidth: 70, text: (record) => record.specialty_name ?? '-' },
    { label: labels.agentAssigned, excelWidth: 22, pdfWidth: 80, text: assignee },
    { label: labels.status, excelWidth: 12, pdfWidth: 46, text: (record) => texts.statuses[record.status as BookingStatus] ?? record.status },
    {
      label: labels.invoiceStatus,
      pdfLabel: labels.invoice,
      excelWidth: 14,
      pdfWidth: 38,
      text: (record) => (record.invoice_status === 'paid' ? texts.invoiceStatuses.paid : texts.invoiceStatuses.unpaid),
    },
    {
      label: labels.amount,
      excelWidth: 16,
      pdfWidth: 82,
      align: 'right',
      text: (record) => `${record.currency} ${formatAmountText(record.amount)}`,
      // Excel stores every number as a double; numeric(12,2) values are exact to the cent in one.
      excel: { type: 'money', value: (record) => Number(record.amount) },
    },
    // Workbook only: a spreadsheet sums the Amount column, so the currency has a cell of its own; the PDF prints it
    // with the amount, and has no room for the creation time.
    { label: labels.currency, excelWidth: 10, text: (record) => record.currency },
    {
      label: labels.created,
      excelWidth: 18,
      text: (record) => wallClockTextIn(record.local_created_at, locale),
      excel: { type: 'date-time', value: (record) => wallClockDate(record.local_created_at) },
    },
  ];
}

/** The English file's columns. */
export const BOOKING_EXPORT_COLUMNS = bookingExportColumns('en');

function assignee(record: ExportRecord): string {
  return record.assignee_first_name === null ? '-' : `${record.assignee_first_name} ${record.assignee_last_name ?? ''}`.trim();
}

/** The heading of a bookings export: the service describes the agent and the filters (ExportMeta), in `locale`. */
export function bookingsExportDocument(meta: ExportMeta, locale: Locale = 'en'): ExportDocument {
  const texts = BOOKING_EXPORT_TEXTS[locale];
  return {
    title: texts.title,
    sheetName: texts.sheetName,
    rowsName: texts.rowsName,
    emptyText: texts.emptyText,
    organisation: { label: texts.organisationLabel, name: meta.agentName, logo: meta.agentLogo },
    filterLines: meta.filterLines,
    total: meta.total,
    timeZone: meta.timeZone,
    generatedAt: meta.generatedAt,
    locale,
  };
}

/** 'bookings-2025-03-01': today in the export's time zone. */
export const bookingsExportName = (meta: Pick<ExportMeta, 'today'>) => `bookings-${meta.today}`;
