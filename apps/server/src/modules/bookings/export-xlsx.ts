import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatBookingId } from '@portal/contracts/formatters';
import type { ExportRecord } from './repository.ts';
import type { ExportMeta } from './service.ts';
import { EXPORT_TITLE, invoiceLabel, statusLabel } from './export-columns.ts';
import { waitForDrain } from './stream-pressure.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DATE_TIME_FORMAT = 'dd mmm yyyy hh:mm';
const AMOUNT_FORMAT = '#,##0.00';

interface SheetColumn {
  label: string;
  width: number;
  numFmt?: string;
  value(record: ExportRecord): ExcelJS.CellValue;
}

/** Wall-clock text 'YYYY-MM-DDTHH:MI:SS' as a Date whose UTC fields are that wall clock: Excel has no zones. */
const wallClockDate = (local: string) => new Date(`${local}Z`);

const COLUMNS: SheetColumn[] = [
  { label: 'Booking Id', width: 14, value: (record) => formatBookingId(record.ticket_id) },
  { label: 'Patient name', width: 28, value: (record) => record.patient_name },
  { label: 'Facility', width: 36, value: (record) => record.facility_name },
  { label: 'App. date', width: 18, numFmt: DATE_TIME_FORMAT, value: (record) => wallClockDate(record.local_date_time) },
  { label: 'Service', width: 30, value: (record) => record.service_name },
  { label: 'Specialty', width: 20, value: (record) => record.specialty_name ?? '-' },
  {
    label: 'Agent assigned',
    width: 22,
    value: (record) =>
      record.assignee_first_name === null ? '-' : `${record.assignee_first_name} ${record.assignee_last_name ?? ''}`.trim(),
  },
  { label: 'Status', width: 12, value: (record) => statusLabel(record.status) },
  { label: 'Invoice status', width: 14, value: (record) => invoiceLabel(record.invoice_status) },
  // Excel stores every number as a double; numeric(12,2) values are exact to the cent in one.
  { label: 'Amount', width: 16, numFmt: AMOUNT_FORMAT, value: (record) => Number(record.amount) },
  { label: 'Currency', width: 10, value: (record) => record.currency },
  { label: 'Created', width: 18, numFmt: DATE_TIME_FORMAT, value: (record) => wallClockDate(record.local_created_at) },
];

/**
 * ExcelJS writes the sheet's XML into a stream that it pipes to the zip compressor without looking at
 * back-pressure; rows arriving faster than zlib compresses pile up in that pipe (measured: +120 MB for
 * 100,000 rows). Its buffered length (ExcelJS/archiver internals: `worksheet.stream.pipes[0]._writableState`)
 * is read here; if a future version hides it, only the HTTP output is waited on.
 */
function sheetBacklog(sheet: ExcelJS.Worksheet): (() => number) | undefined {
  const stream = (sheet as unknown as { stream?: { pipes?: { _writableState?: { length?: number } }[] } }).stream;
  const state = stream?.pipes?.[0]?._writableState;
  return state && typeof state.length === 'number' ? () => state.length ?? 0 : undefined;
}

async function waitForCompressor(backlog: (() => number) | undefined, signal?: AbortSignal): Promise<void> {
  while (backlog && backlog() > 1_048_576 && !signal?.aborted) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

export interface WriteOptions {
  signal?: AbortSignal;
}

/**
 * Streams the workbook into `output`: ExcelJS's streaming writer commits each row as it is written (inline
 * strings, no shared-strings table), and between batches we wait for `output` to drain, so memory holds
 * about one batch whatever the size of the export.
 */
export async function writeBookingsWorkbook(
  output: Writable,
  batches: AsyncIterable<ExportRecord[]>,
  meta: ExportMeta,
  options: WriteOptions = {},
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Partner portal';
  workbook.created = new Date();
  const headerLines = 1 + 1 + meta.filterLines.length + 2;
  const tableHeaderRow = headerLines + 2;
  const sheet = workbook.addWorksheet('Bookings', {
    views: [{ state: 'frozen', ySplit: tableHeaderRow }],
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = COLUMNS.map((column) => ({ width: column.width }));

  const title = sheet.addRow([EXPORT_TITLE]);
  title.font = { bold: true, size: 14 };
  title.commit();
  const lines: [string, ExcelJS.CellValue][] = [
    ['Referral agent', meta.agentName],
    ...meta.filterLines,
    ['Generated', `${meta.generatedAt} (${meta.timeZone})`],
    ['Rows', meta.total],
  ];
  for (const [label, value] of lines) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  sheet.addRow([]).commit();

  const header = sheet.addRow(COLUMNS.map((column) => column.label));
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
  });
  header.commit();
  sheet.autoFilter = { from: { row: tableHeaderRow, column: 1 }, to: { row: tableHeaderRow, column: COLUMNS.length } };

  let written = 0;
  for await (const batch of batches) {
    if (options.signal?.aborted) break;
    for (const record of batch) {
      const row = sheet.addRow(COLUMNS.map((column) => column.value(record)));
      COLUMNS.forEach((column, index) => {
        if (column.numFmt) row.getCell(index + 1).numFmt = column.numFmt;
      });
      row.commit();
    }
    written += batch.length;
    await waitForCompressor(sheetBacklog(sheet), options.signal);
    await waitForDrain(output, options.signal);
  }
  sheet.commit();
  await workbook.commit();
  return written;
}
