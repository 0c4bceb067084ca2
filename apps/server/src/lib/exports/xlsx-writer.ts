import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { RTL_LOCALES } from '@portal/contracts/preferences';
import { EXPORT_WRITER_TEXTS, type ExcelValue, type ExportColumn, type ExportSource, type ExportWriteOptions } from './export-columns.ts';
import { waitForDrain } from './stream-pressure.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The number format of each typed cell: one place, so every list's workbook looks alike. */
const NUMBER_FORMATS: Record<ExcelValue<unknown>['type'], string | undefined> = {
  number: undefined,
  money: '#,##0.00',
  date: 'dd mmm yyyy',
  'date-time': 'dd mmm yyyy hh:mm',
};

interface SheetColumn<Row> {
  width: number;
  numFmt: string | undefined;
  alignment: Partial<ExcelJS.Alignment> | undefined;
  value(row: Row): ExcelJS.CellValue;
}

function sheetColumn<Row>(column: ExportColumn<Row> & { excelWidth: number }): SheetColumn<Row> {
  const { excel } = column;
  return {
    width: column.excelWidth,
    numFmt: excel ? NUMBER_FORMATS[excel.type] : undefined,
    // Excel right-aligns numbers and dates by itself; only a text cell needs telling.
    alignment: !excel && column.align === 'right' ? { horizontal: 'right' } : undefined,
    value: excel ? (row) => excel.value(row) : (row) => column.text(row),
  };
}

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

/**
 * Streams the workbook into `output`: the title, the organisation, the filter lines, when it was generated and
 * how many rows, then a frozen, filterable table of the columns that declare an `excelWidth`. ExcelJS's
 * streaming writer commits each row as it is written (inline strings, no shared-strings table), and between
 * batches we wait for `output` to drain, so memory holds about one batch whatever the size of the export.
 * Answers the number of rows written.
 */
export async function writeXlsx<Row>(output: Writable, source: ExportSource<Row>, options: ExportWriteOptions = {}): Promise<number> {
  const { document } = source;
  const declared = source.columns.filter((column): column is ExportColumn<Row> & { excelWidth: number } => column.excelWidth !== undefined);
  const columns = declared.map((column) => sheetColumn(column));

  // A download that goes away takes the output with it (Fastify destroys a reply's stream when the client leaves):
  // the zip can then never finish into it, and waiting for the workbook to commit would wait for ever, holding the
  // caller's export slot. Closing before the end is the end.
  const outputClosed = new Promise<void>((resolve) => {
    if (output.destroyed) resolve();
    else output.once('close', resolve);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Partner portal';
  workbook.created = new Date();
  const headerLines = 1 + 1 + document.filterLines.length + 2;
  const tableHeaderRow = headerLines + 2;
  const locale = document.locale ?? 'en';
  const texts = EXPORT_WRITER_TEXTS[locale];
  const sheet = workbook.addWorksheet(document.sheetName, {
    // A right-to-left language's sheet opens from the right, as its readers expect.
    views: [{ state: 'frozen', ySplit: tableHeaderRow, ...(RTL_LOCALES.includes(locale) ? { rightToLeft: true } : {}) }],
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = columns.map((column) => ({ width: column.width }));

  const title = sheet.addRow([document.title]);
  title.font = { bold: true, size: 14 };
  title.commit();
  const lines: [string, ExcelJS.CellValue][] = [
    [document.organisation.label, document.organisation.name],
    ...document.filterLines,
    [texts.generatedLabel, texts.generatedValue(document.generatedAt, document.timeZone)],
    [texts.rowsLabel, document.total],
  ];
  for (const [label, value] of lines) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  sheet.addRow([]).commit();

  const header = sheet.addRow(declared.map((column) => column.label));
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
  });
  header.commit();
  sheet.autoFilter = { from: { row: tableHeaderRow, column: 1 }, to: { row: tableHeaderRow, column: columns.length } };

  let written = 0;
  for await (const batch of source.rows) {
    if (options.signal?.aborted) break;
    for (const record of batch) {
      const row = sheet.addRow(columns.map((column) => column.value(record)));
      columns.forEach((column, index) => {
        if (column.numFmt) row.getCell(index + 1).numFmt = column.numFmt;
        if (column.alignment) row.getCell(index + 1).alignment = column.alignment;
      });
      row.commit();
    }
    written += batch.length;
    await waitForCompressor(sheetBacklog(sheet), options.signal);
    await waitForDrain(output, options.signal);
  }
  sheet.commit();
  await Promise.race([workbook.commit(), outputClosed]);
  return written;
}
