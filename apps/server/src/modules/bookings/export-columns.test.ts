import { describe, expect, it } from 'vitest';
import { BOOKING_COLUMN_LABELS } from '@portal/contracts/booking-columns';
import { PDF_TABLE_WIDTH } from '../../lib/exports/pdf-writer.ts';
import type { ExportColumn } from '../../lib/exports/export-columns.ts';
import type { ExportRecord } from './repository.ts';
import { LOCALES } from '@portal/contracts/preferences';
import { BOOKING_EXPORT_COLUMNS, bookingExportColumns, bookingsExportDocument, bookingsExportName } from './export-columns.ts';
import { BOOKING_EXPORT_TEXTS } from './export-texts.ts';

const record: ExportRecord = {
  id: 7,
  ticket_id: '612345',
  status: 'no_show',
  invoice_status: 'unpaid',
  amount: '1234567.50',
  currency: 'AED',
  patient_name: 'Zainab Al Shamsi',
  facility_id: 3,
  facility_name: 'Marina Heart Centre',
  assignee_first_name: 'Lukas',
  assignee_last_name: null,
  service_name: 'Echocardiogram',
  specialty_name: null,
  local_date_time: '2024-03-02T02:30:00',
  local_created_at: '2024-02-28T17:05:09',
  sort_key: null,
  referral_agent_id: 1,
  referred_by_user_id: null,
};

const column = (label: string): ExportColumn<ExportRecord> => {
  const found = BOOKING_EXPORT_COLUMNS.find((candidate) => candidate.label === label);
  if (!found) throw new Error(`no column ${label}`);
  return found;
};

describe('bookings export columns', () => {
  it("start with the web table's seven columns, under the same labels, in the same order", () => {
    expect(BOOKING_EXPORT_COLUMNS.slice(0, 7).map((declared) => declared.label)).toEqual(Object.values(BOOKING_COLUMN_LABELS));
  });

  it("fill the PDF's table, and each is in at least one file", () => {
    const pdfWidths = BOOKING_EXPORT_COLUMNS.flatMap((declared) => (declared.pdfWidth === undefined ? [] : [declared.pdfWidth]));
    expect(pdfWidths.reduce((sum, width) => sum + width, 0)).toBeCloseTo(PDF_TABLE_WIDTH, 0);
    expect(BOOKING_EXPORT_COLUMNS.filter((declared) => declared.excelWidth === undefined && declared.pdfWidth === undefined)).toEqual([]);
    // the PDF has no room for the currency or the creation time: its Amount column prints the currency
    expect(BOOKING_EXPORT_COLUMNS.filter((declared) => declared.pdfWidth === undefined).map((declared) => declared.label)).toEqual([
      'Currency',
      'Created',
    ]);
  });

  it('write each booking as the table shows it, with typed dates and amounts in the workbook', () => {
    expect(BOOKING_EXPORT_COLUMNS.map((declared) => declared.text(record))).toEqual([
      'MT-612345',
      'Zainab Al Shamsi',
      'Marina Heart Centre',
      '2 Mar 2024 02:30',
      'Echocardiogram',
      '-',
      'Lukas',
      'No show',
      'Unpaid',
      'AED 1,234,567.50',
      'AED',
      '28 Feb 2024 17:05',
    ]);
    expect(column('App. date').excel).toMatchObject({ type: 'date-time' });
    expect(column('App. date').excel!.value(record)).toEqual(new Date('2024-03-02T02:30:00Z'));
    expect(column('Created').excel!.value(record)).toEqual(new Date('2024-02-28T17:05:09Z'));
    expect(column('Amount').excel).toMatchObject({ type: 'money' });
    expect(column('Amount').excel!.value(record)).toBe(1234567.5);
    expect(column('Amount').align).toBe('right');
    expect(column('Invoice status').pdfLabel).toBe('Invoice');

    const other = { ...record, ticket_id: null, status: 'on_hold', invoice_status: 'paid', assignee_first_name: null, specialty_name: 'Cardiology' };
    expect(['Booking Id', 'Agent assigned', 'Status', 'Invoice status', 'Specialty'].map((label) => column(label).text(other))).toEqual([
      '-',
      '-',
      'on_hold',
      'Paid',
      'Cardiology',
    ]);
  });

  it("head the file with the agent's name and logo, the filters and the time, and name it after today", () => {
    const meta = {
      agentName: 'Harbor Health Partners',
      agentLogo: '/build/logos/default.svg',
      filterLines: [['Search', '"zainab"']] as [string, string][],
      total: 12,
      timeZone: 'Asia/Dubai',
      generatedAt: '2025-03-01 09:15',
      today: '2025-03-01',
    };
    expect(bookingsExportDocument(meta)).toEqual({
      title: 'My Referrals — Bookings',
      sheetName: 'Bookings',
      rowsName: 'bookings',
      emptyText: 'No bookings to view yet.',
      organisation: { label: 'Referral agent', name: 'Harbor Health Partners', logo: '/build/logos/default.svg' },
      filterLines: [['Search', '"zainab"']],
      total: 12,
      timeZone: 'Asia/Dubai',
      generatedAt: '2025-03-01 09:15',
      locale: 'en',
    });
    expect(bookingsExportName(meta)).toBe('bookings-2025-03-01');
    expect(bookingsExportDocument(meta, 'ar')).toMatchObject({ title: 'إحالاتي — الحجوزات', sheetName: 'الحجوزات', locale: 'ar' });
  });

  it('are written in Arabic for an Arabic file: labels, statuses and dates, the figures as they are', () => {
    const arabic = bookingExportColumns('ar');
    expect(arabic.map((declared) => declared.label)).toEqual([
      'رقم الحجز',
      'اسم المريض',
      'المنشأة',
      'تاريخ الموعد',
      'الخدمة',
      'التخصص',
      'الوكيل المسؤول',
      'الحالة',
      'حالة الفاتورة',
      'المبلغ',
      'العملة',
      'تاريخ الإنشاء',
    ]);
    expect(arabic.map((declared) => declared.text(record))).toEqual([
      'MT-612345',
      'Zainab Al Shamsi',
      'Marina Heart Centre',
      '2 مارس 2024 02:30',
      'Echocardiogram',
      '-',
      'Lukas',
      'لم يحضر',
      'غير مدفوعة',
      'AED 1,234,567.50',
      'AED',
      '28 فبراير 2024 17:05',
    ]);
    // the same widths and typed cells as the English file's
    expect(arabic.map((declared) => [declared.pdfWidth, declared.excelWidth, declared.excel?.type])).toEqual(
      BOOKING_EXPORT_COLUMNS.map((declared) => [declared.pdfWidth, declared.excelWidth, declared.excel?.type]),
    );
  });

  it('have every text in every language, none blank', () => {
    const texts = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : typeof value === 'function'
          ? [String((value as (a: string, b: string) => string)('2025-03-01', '2025-03-31'))]
          : Object.values(value as Record<string, unknown>).flatMap(texts);
    for (const locale of LOCALES) {
      const all = texts(BOOKING_EXPORT_TEXTS[locale]);
      expect(all).toHaveLength(texts(BOOKING_EXPORT_TEXTS.en).length);
      for (const text of all) expect(text.trim(), locale).not.toBe('');
    }
  });
});
