import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { TestClient } from '../../test/http-client.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createBooking } from '../../test/booking-factories.ts';
import { pdfText } from '../../test/pdf-text.ts';

/** The bookings exports are written in the language of the partner who asks for them (their saved one). */
describe('bookings exports in the partner’s language', () => {
  let context: TestContext;
  let partner: CreatedPartner;
  let client: TestClient;
  beforeAll(async () => {
    context = await createTestApp();
    partner = await createPartner(context.database.pool, { locale: 'ar' });
    client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    await createBooking(context.database.pool, {
      referralAgentId: partner.referralAgentId,
      ticketId: '612345',
      patient: 'Zainab Al Shamsi',
      facility: 'Marina Heart Centre',
      dateTime: '2024-03-01T22:30:00Z',
      status: 'confirmed',
      invoiceStatus: 'unpaid',
      amount: '999999.99',
      currency: 'AED',
    });
  });
  afterAll(async () => {
    await context.close();
  });

  async function workbookOf(url: string) {
    const response = await client.get(url);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawBody as unknown as ArrayBuffer);
    return workbook;
  }

  it('writes an Arabic PDF: the heading, the labels, the statuses and the footer in Arabic, with its Arabic font', async () => {
    const response = await client.get('/api/clients/bookings?format=pdf&timezone=Asia/Dubai', { 'accept-language': 'en' });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawBody);
    expect(Object.values(text.fonts).some((font) => font.baseFont.endsWith('IBMPlexSansArabic-Regular') && font.program)).toBe(true);
    // PDFKit draws Arabic from the left, last letter first: reversed, the drawn glyphs read as written
    const reading = text.runs
      .filter((run) => text.fonts[run.font ?? '']?.program)
      .flatMap((run) => run.glyphs)
      .reverse()
      .join('');
    for (const words of ['إحالاتي', 'الحجوزات', 'رقم الحجز', 'اسم المريض', 'الحالة', 'مؤكد', 'غير مدفوعة', 'مارس', 'الترتيب حسب', 'صفحة']) {
      expect(reading).toContain(words);
    }
    expect(text.texts).toEqual(expect.arrayContaining(['MT-612345', 'Zainab Al Shamsi', 'AED 999,999.99', 'Asia/Dubai']));
    expect(text.texts.join('\n')).not.toMatch(/My Referrals|Booking Id|Page 1/);
  });

  it('writes an Arabic workbook that opens from the right, with Arabic headers and the same typed cells', async () => {
    const workbook = await workbookOf('/api/clients/bookings?format=xlsx&timezone=Asia/Dubai');
    const sheet = workbook.getWorksheet('الحجوزات')!;
    expect(sheet).toBeDefined();
    expect(sheet.views[0]).toMatchObject({ rightToLeft: true });
    expect(sheet.getRow(1).getCell(1).value).toBe('إحالاتي — الحجوزات');
    let header: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === 'رقم الحجز') header = row;
    });
    expect((header!.values as ExcelJS.CellValue[]).slice(1, 4)).toEqual(['رقم الحجز', 'اسم المريض', 'المنشأة']);
    const data = sheet.getRow(header!.number + 1);
    expect(data.getCell(1).value).toBe('MT-612345');
    expect(data.getCell(8).value).toBe('مؤكد');
    expect((data.getCell(4).value as Date).toISOString()).toBe('2024-03-02T02:30:00.000Z');
    expect(data.getCell(10).value).toBe(999999.99);
  });

  it('writes English again once the partner switches back', async () => {
    expect((await client.patch('/api/user/preferences', { locale: 'en' })).statusCode).toBe(200);
    const text = pdfText((await client.get('/api/clients/bookings?format=pdf')).rawBody);
    expect(text.texts).toEqual(expect.arrayContaining(['My Referrals - Bookings', 'Booking Id', 'Confirmed', 'Page 1']));
    expect(Object.values(text.fonts).every((font) => font.program === null)).toBe(true);
    const workbook = await workbookOf('/api/clients/bookings?format=xlsx');
    expect(workbook.getWorksheet('Bookings')).toBeDefined();
    await client.patch('/api/user/preferences', { locale: 'ar' });
  });
});
