import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeXlsx } from './xlsx-writer.ts';
import { collector, EARNING_COLUMNS, earnings, earningsDocument, inBatches } from './exports-test-support.ts';

async function readBack(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Earnings']);
  return workbook.getWorksheet('Earnings')!;
}

const values = (row: ExcelJS.Row) => (row.values as ExcelJS.CellValue[]).slice(1);

describe('writeXlsx, with a list that is not bookings', () => {
  it('writes the heading, then the workbook columns with their labels, widths and typed cells, across batches', async () => {
    const rows = earnings(10);
    const output = collector();
    const written = await writeXlsx(output.stream, { columns: EARNING_COLUMNS, document: earningsDocument(10), rows: inBatches(rows, 4) });
    expect(written).toBe(10);
    const sheet = await readBack(output.bytes());

    expect(values(sheet.getRow(1))).toEqual(['Earnings — March 2025']);
    expect(sheet.getRow(1).font).toMatchObject({ bold: true, size: 14 });
    expect([2, 3, 4, 5, 6].map((number) => values(sheet.getRow(number)))).toEqual([
      ['Partner', 'Harbor Health Partners'],
      ['Month', 'March 2025'],
      ['Time zone', 'Europe/Berlin'],
      ['Generated', '2025-04-01 09:30 (Europe/Berlin)'],
      ['Rows', 10],
    ]);
    // a blank row, then the table's header: the columns with an excelWidth, under their full labels
    expect(values(sheet.getRow(7))).toEqual([]);
    expect(values(sheet.getRow(8))).toEqual(['Reference', 'Partner', 'Month', 'Paid at', 'Hours', 'Amount earned', 'Note']);
    expect(sheet.columns.map((column) => column.width)).toEqual([12, 30, 12, 18, 8, 14, 40]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 8 });
    expect(sheet.autoFilter).toBe('A8:G8');

    const data = Array.from({ length: 10 }, (_, index) => sheet.getRow(9 + index));
    expect(data.map((row) => row.getCell(1).value)).toEqual(rows.map((row) => row.reference));
    expect(sheet.getRow(19).values).toEqual([]);
    const [first, second] = data as [ExcelJS.Row, ExcelJS.Row];
    // text keeps every character (only the PDF is limited to WinAnsi)
    expect(first.getCell(2).value).toBe('Zoë Ångström 李 Ćeslav');
    expect(first.getCell(3).value).toEqual(new Date('2025-03-01T00:00:00Z'));
    expect(first.getCell(3).numFmt).toBe('dd mmm yyyy');
    expect(first.getCell(4).value).toEqual(new Date('2025-04-01T14:30:00Z'));
    expect(first.getCell(4).numFmt).toBe('dd mmm yyyy hh:mm');
    expect(second.getCell(4).value).toBeNull();
    expect(first.getCell(5).value).toBe(0.5);
    expect(first.getCell(6).value).toBe(1234567.5);
    expect(first.getCell(6).numFmt).toBe('#,##0.00');
    expect(first.getCell(7).value).toBe('note 0');
    // right-aligned text is told so; numbers are right-aligned by Excel itself, so carry no alignment
    expect(first.getCell(1).alignment).toEqual({ horizontal: 'right' });
    expect(first.getCell(5).alignment).toBeUndefined();
    expect(first.getCell(5).numFmt).toBeUndefined();
    expect(first.getCell(2).alignment).toBeUndefined();
  });

  it('stops writing rows, and still closes the file, when the signal aborts', async () => {
    const abort = new AbortController();
    const output = collector();
    const batches = inBatches(earnings(12), 4, (index) => {
      if (index === 1) abort.abort();
    });
    const written = await writeXlsx(output.stream, { columns: EARNING_COLUMNS, document: earningsDocument(12), rows: batches }, { signal: abort.signal });
    expect(written).toBe(4);
    const sheet = await readBack(output.bytes());
    expect(sheet.getRow(12).getCell(1).value).toBe('E-1003');
    expect(sheet.getRow(13).values).toEqual([]);
  });
});
