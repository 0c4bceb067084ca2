import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../../test/production-env.ts';
import { bookingPageSchema, facilityOptionsSchema, type BookingPage } from '@portal/contracts/bookings';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { TestClient, type TestResponse } from '../../test/http-client.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createBooking, createClient } from '../../test/booking-factories.ts';
import { pdfText } from '../../test/pdf-text.ts';

/**
 * GET /api/clients/bookings and /api/general/get-facilities through the whole app with a signed-in session.
 * Partner A's agent has 23 bookings with known names, dates and amounts; partner B's agent has its own,
 * which A must never see, whatever A asks for.
 */
describe('bookings API', () => {
  let context: TestContext;
  let partnerA: CreatedPartner;
  let partnerB: CreatedPartner;
  let colleagueOfA: CreatedPartner;
  let clientA: TestClient;
  let clientB: TestClient;
  const bIds = new Set<number>();
  const facilities: Record<string, number> = {};

  async function listA(query = ''): Promise<BookingPage> {
    const response = await clientA.get(`/api/clients/bookings${query}`);
    expect(response.statusCode, response.body).toBe(200);
    // Patients and money: no browser or proxy may keep the answer.
    expect(response.headers['cache-control']).toBe('no-store');
    return bookingPageSchema.parse(response.json());
  }

  async function allRows(client: TestClient, query = ''): Promise<BookingPage['data']> {
    const rows: BookingPage['data'] = [];
    for (let page = 1; ; page += 1) {
      const response = await client.get(`/api/clients/bookings?per_page=5&page=${page}${query}`);
      const body = bookingPageSchema.parse(response.json());
      rows.push(...body.data);
      if (page >= body.last_page) return rows;
    }
  }

  beforeAll(async () => {
    context = await createTestApp();
    const pool = context.database.pool;
    partnerA = await createPartner(pool, { firstName: 'Alice' });
    partnerB = await createPartner(pool, { firstName: 'Bob' });
    colleagueOfA = await createPartner(pool, { referralAgentId: partnerA.referralAgentId });
    const a = partnerA.referralAgentId;
    const common = { referralAgentId: a, referredByUserId: partnerA.userId };
    // 20 regular bookings, one a day through January 2025 at 09:00 UTC, alternating facility and invoice status.
    for (let day = 1; day <= 20; day += 1) {
      const booking = await createBooking(pool, {
        ...common,
        ticketId: String(500_100 + day),
        dateTime: `2025-01-${String(day).padStart(2, '0')}T09:00:00Z`,
        createdAt: `2024-12-${String(day).padStart(2, '0')}T12:00:00Z`,
        patient: `Regular Patient ${String(day).padStart(2, '0')}`,
        facility: day % 2 === 0 ? 'Marina Heart Centre' : 'Bangkok Smile Dental',
        facilityCountry: day % 2 === 0 ? 'United Arab Emirates' : 'Thailand',
        service: day % 2 === 0 ? 'Coronary Angiography' : 'Dental Implant',
        specialty: day % 2 === 0 ? 'Cardiology' : 'Dentistry',
        assignee: day % 2 === 0 ? 'Amira Haddad' : 'Rohan Mehta',
        invoiceStatus: day % 4 === 0 ? 'unpaid' : 'paid',
        amount: day % 2 === 0 ? '12500.50' : '1450.00',
        currency: day % 2 === 0 ? 'AED' : 'THB',
      });
      facilities[day % 2 === 0 ? 'marina' : 'bangkok'] = booking.facilityId;
    }
    // Three with distinctive data.
    await createBooking(pool, {
      ...common,
      ticketId: '612345',
      dateTime: '2024-03-01T22:30:00Z', // 2 March 2024 in Dubai (UTC+4)
      createdAt: '2024-02-10T08:00:00Z',
      patient: 'Zainab Al Shamsi',
      facility: 'Marina Heart Centre',
      service: 'Coronary Angiography',
      specialty: 'Cardiology',
      assignee: null,
      invoiceStatus: 'unpaid',
      amount: '999999.99',
    });
    await createBooking(pool, {
      ...common,
      ticketId: null,
      dateTime: '2026-02-14T10:15:00Z',
      createdAt: '2025-12-24T10:00:00Z',
      patient: 'Søren Öztürk',
      facility: 'Bangkok Smile Dental',
      facilityCountry: 'Thailand',
      service: 'Full Body Check-up',
      specialty: null,
      status: 'pending',
      invoiceStatus: 'unpaid',
      amount: '0.50',
      currency: 'THB',
    });
    // A colleague (same agent) referred this one: the whole agent's list includes it.
    await createBooking(pool, {
      referralAgentId: a,
      referredByUserId: colleagueOfA.userId,
      ticketId: '50%_off',
      dateTime: '2023-06-30T06:00:00Z',
      createdAt: '2023-06-01T06:00:00Z',
      patient: 'Colleague Referral',
      facility: 'Marina Heart Centre',
      service: 'Coronary Angiography',
      amount: '100.00',
    });

    // Partner B: its own facility and a look-alike of A's data.
    for (const [index, patient] of ['Bartholomew Quist', 'Zainab Al Shamsi', 'Regular Patient 01'].entries()) {
      const booking = await createBooking(pool, {
        referralAgentId: partnerB.referralAgentId,
        referredByUserId: partnerB.userId,
        ticketId: String(900_001 + index),
        dateTime: `2025-01-0${index + 1}T09:00:00Z`,
        patient,
        facility: index === 0 ? 'Northwind Private Clinic' : 'Marina Heart Centre',
        service: 'Coronary Angiography',
        amount: '777.00',
      });
      bIds.add(booking.id);
      if (index === 0) facilities.bOnly = booking.facilityId;
    }

    clientA = new TestClient(context.app);
    await signInAs(context, clientA, partnerA.userId);
    clientB = new TestClient(context.app);
    await signInAs(context, clientB, partnerB.userId);
  });

  afterAll(async () => {
    await context?.close();
  });

  describe('without a session', () => {
    it('answers 401 Unauthenticated, even with bad parameters', async () => {
      const anonymous = new TestClient(context.app);
      for (const url of ['/api/clients/bookings', '/api/clients/bookings?page=0', '/api/clients/bookings?format=xlsx', '/api/general/get-facilities']) {
        const response = await anonymous.get(url);
        expect(response.statusCode, url).toBe(401);
        expect(response.json()).toEqual({ message: 'Unauthenticated.' });
      }
    });
  });

  describe('the list', () => {
    it('answers the Laravel paginator, newest appointment first, 10 a page', async () => {
      const body = await listA('?team=referral&filter_by=appointment_date');
      expect(body).toMatchObject({ total: 23, current_page: 1, last_page: 3, per_page: 10, from: 1, to: 10 });
      expect(body.data).toHaveLength(10);
      expect(body.data[0]!.booking_patient_detail.name).toBe('Søren Öztürk');
      const times = body.data.map((row) => Date.parse(row.date_time));
      expect([...times].sort((x, y) => y - x)).toEqual(times);
      expect(body.links.map((link) => link.label)).toEqual(['&laquo; Previous', '1', '2', '3', 'Next &raquo;']);
      expect(body.links[0]).toEqual({ url: null, label: '&laquo; Previous', active: false });
      expect(body.links[1]).toMatchObject({ label: '1', active: true });
      expect(body.links[4]!.url).toBe('http://localhost:3000/api/clients/bookings?team=referral&filter_by=appointment_date&page=2');
    });

    it('gives each row the spec §3 fields, nested as the SPA reads them, with money as a string', async () => {
      const body = await listA('?search=612345');
      expect(body.data).toEqual([
        {
          id: expect.any(Number),
          ticket_id: '612345',
          date_time: '2024-03-01T22:30:00.000Z',
          status: 'completed',
          invoice_status: 'unpaid',
          amount: '999999.99',
          currency: 'AED',
          created_at: '2024-02-10T08:00:00.000Z',
          booking_patient_detail: { name: 'Zainab Al Shamsi' },
          provider: { id: facilities.marina, name: 'Marina Heart Centre' },
          ticket: { assignee: null },
          medical_service_provider_service_detail: { medical_service_provider_service: { name: 'Coronary Angiography' } },
          specialty: { name: 'Cardiology' },
          // No commission line was written for it (booking-commission.test.ts has those).
          commission: null,
        },
      ]);
      const [pending] = (await listA('?search=öztürk')).data;
      expect(pending).toMatchObject({ ticket_id: null, specialty: null, amount: '0.50', ticket: { assignee: { first_name: 'Amira', last_name: 'Haddad' } } });
    });

    it('pages: page 3 holds the rest, a page past the end is empty with the same total', async () => {
      const third = await listA('?page=3');
      expect(third).toMatchObject({ current_page: 3, from: 21, to: 23, total: 23 });
      expect(third.data).toHaveLength(3);
      expect(third.links.at(-1)).toEqual({ url: null, label: 'Next &raquo;', active: false });
      const beyond = await listA('?page=9');
      expect(beyond).toMatchObject({ data: [], total: 23, from: null, to: null, last_page: 3 });
      const small = await listA('?per_page=5&page=2');
      expect(small).toMatchObject({ per_page: 5, last_page: 5, from: 6, to: 10 });
    });

    it('answers the same body in production, where the page is serialised without re-checking it', async () => {
      const config = loadConfig({
        NODE_ENV: 'production',
        ...PRODUCTION_ENV,
        APP_URL: 'http://localhost:3000',
        APP_KEY: 'test-app-key-0123456789abcdefghijklmnopqrstuvwxyz',
        DATA_DIR: context.config.dataDir,
        LOG_LEVEL: 'silent',
      });
      const production = await buildApp({ config, database: context.database, logger: false, webDistDir: '/nonexistent' });
      try {
        await production.ready();
        const client = new TestClient(production);
        await signInAs({ database: context.database, config }, client, partnerA.userId);
        for (const query of ['?per_page=20', '?search=zainab', '?page=9', `?medical_service_provider=${facilities.marina}&sort=amount`]) {
          const fast = await client.get(`/api/clients/bookings${query}`);
          const checked = await clientA.get(`/api/clients/bookings${query}`);
          expect(fast.statusCode).toBe(200);
          expect(JSON.parse(fast.body)).toEqual(JSON.parse(checked.body));
          expect(bookingPageSchema.strict().safeParse(JSON.parse(fast.body)).success).toBe(true);
        }
        expect((await client.get('/api/clients/bookings?per_page=7')).statusCode).toBe(422);
      } finally {
        await production.close();
      }
    });

    it('treats empty parameters as absent (the SPA drops them, a hand-written URL may not)', async () => {
      const body = await listA('?search=&from=&to=&medical_service_provider=&invoice_status=&sort=&page=&per_page=');
      expect(body).toMatchObject({ total: 23, per_page: 10, current_page: 1 });
    });
  });

  describe('search', () => {
    const cases: [string, string, number][] = [
      ['ticket id without the prefix', '500105', 1],
      ['ticket id with the prefix', 'MT-500105', 1],
      ['ticket id with the prefix in lower case', 'mt-500105', 1],
      ['part of a ticket id', '50010', 9],
      ['patient name, any case', 'zAiNaB al', 1],
      ['facility', 'marina heart', 12],
      ['service', 'ANGIOGRAPHY', 12],
      ['specialty', 'dentistry', 10],
      ['assignee', 'haddad', 12],
      ['every word, across fields', 'zainab marina', 1],
      ['accented names', 'Öztürk', 1],
      ['a term with no hits', 'xylophone', 0],
      ['LIKE wildcards as plain characters', '50%_off', 1],
    ];
    it.each(cases)('finds by %s', async (_label, term, expected) => {
      const body = await listA(`?search=${encodeURIComponent(term)}&per_page=50`);
      expect(body.total).toBe(expected);
      expect(body.data).toHaveLength(expected);
    });

    it('does not treat % and _ as wildcards', async () => {
      expect((await listA('?search=%25')).total).toBe(1);
      expect((await listA('?search=_')).total).toBe(1);
      expect((await listA('?search=%25%25')).total).toBe(0);
    });
  });

  describe('filters', () => {
    it('by facility (medical_service_provider)', async () => {
      const body = await listA(`?medical_service_provider=${facilities.marina}&per_page=50`);
      expect(body.total).toBe(12);
      expect(new Set(body.data.map((row) => row.provider.name))).toEqual(new Set(['Marina Heart Centre']));
    });

    it('by appointment date, both ends inclusive', async () => {
      const body = await listA('?filter_by=appointment_date&from=2025-01-05&to=2025-01-09&per_page=50');
      expect(body.data.map((row) => row.ticket_id)).toEqual(['500109', '500108', '500107', '500106', '500105']);
      expect(body.total).toBe(5);
      expect((await listA('?from=2026-01-01')).total).toBe(1);
      expect((await listA('?to=2023-12-31')).total).toBe(1);
    });

    it('by created date', async () => {
      const body = await listA('?filter_by=created_at&from=2024-12-01&to=2024-12-03&per_page=50');
      expect(body.data.map((row) => row.ticket_id).sort()).toEqual(['500101', '500102', '500103']);
    });

    it('reads dates in the given time zone', async () => {
      // 2024-03-01T22:30Z is 1 March in UTC and 2 March in Dubai.
      expect((await listA('?from=2024-03-01&to=2024-03-01')).total).toBe(1);
      expect((await listA('?from=2024-03-01&to=2024-03-01&timezone=Asia/Dubai')).total).toBe(0);
      expect((await listA('?from=2024-03-02&to=2024-03-02&timezone=Asia/Dubai')).total).toBe(1);
    });

    it('by invoice status', async () => {
      expect((await listA('?invoice_status=unpaid')).total).toBe(7);
      expect((await listA('?invoice_status=paid')).total).toBe(16);
    });

    it('combines filters', async () => {
      const body = await listA(`?medical_service_provider=${facilities.marina}&invoice_status=unpaid&from=2025-01-01&to=2025-01-31&search=regular`);
      expect(body.data.map((row) => row.ticket_id)).toEqual(['500120', '500116', '500112', '500108', '500104']);
    });
  });

  describe('sort', () => {
    it.each([
      ['date_time', (rows: BookingPage['data']) => rows.map((row) => Date.parse(row.date_time))],
      ['created_at', (rows: BookingPage['data']) => rows.map((row) => Date.parse(row.created_at))],
      ['amount', (rows: BookingPage['data']) => rows.map((row) => Number(row.amount))],
      ['ticket_id', (rows: BookingPage['data']) => rows.map((row) => row.ticket_id ?? '')],
    ] as const)('by %s, ascending and descending', async (column, values) => {
      const ascending = values((await listA(`?sort=${column}&per_page=50`)).data);
      const descending = values((await listA(`?sort=-${column}&per_page=50`)).data);
      expect(ascending).toHaveLength(23);
      expect(ascending).toEqual([...ascending].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
      expect(descending).toEqual([...ascending].reverse());
    });
  });

  describe('bad input', () => {
    const cases: [string, string, string][] = [
      ['a start after the end', '?from=2025-02-01&to=2025-01-01', 'from'],
      ['page 0', '?page=0', 'page'],
      ['a page that is not a number', '?page=two', 'page'],
      ['per_page outside the sizes', '?per_page=7', 'per_page'],
      ['an unknown filter_by', '?filter_by=bogus', 'filter_by'],
      ['an unknown sort', '?sort=patient_name', 'sort'],
      ['a facility id that is not a number', '?medical_service_provider=abc', 'medical_service_provider'],
      ['an impossible date', '?from=2025-02-30', 'from'],
      ['a date in another format', '?to=01/02/2025', 'to'],
      ['an unknown invoice status', '?invoice_status=overdue', 'invoice_status'],
      ['an unknown team', '?team=admin', 'team'],
      ['an unknown export format', '?format=csv', 'format'],
      ['an unknown time zone', '?timezone=Mars/Olympus', 'timezone'],
      ['a search of more than 100 characters', `?search=${'a'.repeat(101)}`, 'search'],
    ];
    it.each(cases)('answers 422 with a field error for %s', async (_label, query, field) => {
      const response = await clientA.get(`/api/clients/bookings${query}`);
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(Object.keys(body.errors)).toEqual([field]);
      expect(body.message).toBe(body.errors[field][0]);
    });

    it('uses the spec §5 message for a start after the end', async () => {
      const response = await clientA.get('/api/clients/bookings?from=2025-02-01&to=2025-01-01');
      expect(response.json().errors.from).toEqual(['Error ! Start Date 2025-02-01 should not be greater than end date 2025-01-01']);
    });
  });

  describe('isolation between partners', () => {
    it("never shows B's bookings to A, whatever A asks", async () => {
      const probes = [
        '',
        '?search=900001',
        '?search=MT-900002',
        '?search=bartholomew',
        `?medical_service_provider=${facilities.bOnly}`,
        '?search=zainab&per_page=200',
        '?per_page=200&sort=amount',
        '?per_page=200&referral_agent_id=' + partnerB.referralAgentId,
        '?per_page=200&team=referral&user_id=' + partnerB.userId,
      ];
      for (const probe of probes) {
        const body = await listA(probe);
        for (const row of body.data) expect(bIds.has(row.id), probe).toBe(false);
        expect(body.data.some((row) => row.booking_patient_detail.name === 'Bartholomew Quist')).toBe(false);
      }
      expect((await listA('?search=900001')).total).toBe(0);
      expect((await listA(`?medical_service_provider=${facilities.bOnly}`)).total).toBe(0);
      const everything = await allRows(clientA);
      expect(everything).toHaveLength(23);
      expect(everything.filter((row) => bIds.has(row.id))).toEqual([]);
    });

    it('gives B exactly its own bookings', async () => {
      const rows = await allRows(clientB);
      expect(new Set(rows.map((row) => row.id))).toEqual(bIds);
    });

    it('lists only the facilities of the partner’s own bookings, by name', async () => {
      const response = await clientA.get('/api/general/get-facilities');
      expect(response.statusCode).toBe(200);
      expect(facilityOptionsSchema.parse(response.json())).toEqual([
        { id: facilities.bangkok, name: 'Bangkok Smile Dental' },
        { id: facilities.marina, name: 'Marina Heart Centre' },
      ]);
      const forB = (await clientB.get('/api/general/get-facilities')).json() as { name: string }[];
      expect(forB.map((facility) => facility.name)).toEqual(['Marina Heart Centre', 'Northwind Private Clinic']);
    });

    it("keeps B's rows out of A's exports", async () => {
      // Unfiltered: every row of A's, none of B's (whose patients share A's names, but not their ticket ids).
      const everything = dataRows(await loadWorkbook(await clientA.get('/api/clients/bookings?format=xlsx')));
      expect(everything).toHaveLength((await listA()).total);
      const bTickets = ['MT-900001', 'MT-900002', 'MT-900003'];
      expect(everything.map((row) => row[0])).not.toEqual(expect.arrayContaining([expect.stringMatching(/^MT-90000[123]$/)]));
      expect(everything.map((row) => row[1])).not.toContain('Bartholomew Quist');
      const everythingPdf = pdfText((await clientA.get('/api/clients/bookings?format=pdf')).rawBody).texts;
      expect(everythingPdf.filter((text) => bTickets.includes(text) || text.includes('Bartholomew'))).toEqual([]);
      expect(everythingPdf).toEqual(expect.arrayContaining(everything.map((row) => row[0])));
      const workbook = await loadWorkbook(await clientA.get('/api/clients/bookings?format=xlsx&search=zainab'));
      const patients = dataRows(workbook).map((row) => row[1]);
      expect(patients).toEqual(['Zainab Al Shamsi']);
      const pdf = await clientA.get(`/api/clients/bookings?format=pdf&medical_service_provider=${facilities.bOnly}`);
      const text = pdfText(pdf.rawBody).texts.join('\n');
      expect(text).not.toContain('Bartholomew');
      expect(text).toContain('No bookings to view yet.');
    });
  });

  describe('totals stay truthful', () => {
    it('counts a new booking at once, filtered or not, and forgets a deleted one', async () => {
      const pool = context.database.pool;
      const before = (await listA()).total;
      const filteredQuery = '?invoice_status=paid&per_page=5';
      const filteredBefore = (await listA(filteredQuery)).total; // a full page: counted, then cached
      expect((await listA(filteredQuery)).total).toBe(filteredBefore);
      const added = await createBooking(pool, {
        referralAgentId: partnerA.referralAgentId,
        ticketId: '777001',
        dateTime: '2025-01-15T12:00:00Z',
        patient: 'Fresh Booking',
        invoiceStatus: 'paid',
      });
      expect((await listA()).total).toBe(before + 1);
      expect((await listA(filteredQuery)).total).toBe(filteredBefore + 1);
      await pool.query(`UPDATE bookings SET invoice_status = 'unpaid' WHERE id = $1`, [added.id]);
      expect((await listA(filteredQuery)).total).toBe(filteredBefore);
      await pool.query('DELETE FROM bookings WHERE id = $1', [added.id]);
      expect((await listA()).total).toBe(before);
      // B's writes change nothing for A.
      await createBooking(pool, { referralAgentId: partnerB.referralAgentId, invoiceStatus: 'paid' });
      expect((await listA(filteredQuery)).total).toBe(filteredBefore);
    });

    it('finds a renamed patient under the new name', async () => {
      const pool = context.database.pool;
      const clientId = await createClient(pool, partnerA.referralAgentId, 'Before Rename');
      await createBooking(pool, { referralAgentId: partnerA.referralAgentId, clientId, ticketId: '777002' });
      expect((await listA('?search=before%20rename')).total).toBe(1);
      await pool.query(`UPDATE clients SET name = 'After Rename' WHERE id = $1`, [clientId]);
      expect((await listA('?search=before%20rename')).total).toBe(0);
      expect((await listA('?search=after%20rename')).total).toBe(1);
      await pool.query(`DELETE FROM bookings WHERE ticket_id = '777002'`);
    });
  });

  describe('exports', () => {
    it('streams an Excel workbook of the whole filtered list with typed cells and the filters on top', async () => {
      const response = await clientA.get(`/api/clients/bookings?format=xlsx&medical_service_provider=${facilities.marina}&sort=date_time&timezone=Asia/Dubai`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.xlsx"$/);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['x-export-rows']).toBe('12');
      const workbook = await loadWorkbook(response);
      const sheet = workbook.getWorksheet('Bookings')!;
      const header = sheetValues(sheet).slice(0, 12).map((row) => row.slice(0, 2).map(String).join(': '));
      expect(header).toContain('Facility: Marina Heart Centre');
      expect(header).toContain('Time zone: Asia/Dubai');
      expect(header.some((line) => line.startsWith('Referral agent: Agent'))).toBe(true);
      const rows = dataRows(workbook);
      expect(rows).toHaveLength(12);
      const first = rows[0]!;
      // ascending by appointment: the 2023 colleague referral, then Zainab (2 March 2024, 02:30 in Dubai)
      expect(first[1]).toBe('Colleague Referral');
      const zainab = rows[1]!;
      expect(zainab[0]).toBe('MT-612345');
      expect(zainab[3]).toBeInstanceOf(Date);
      expect((zainab[3] as Date).toISOString()).toBe('2024-03-02T02:30:00.000Z');
      expect(zainab[9]).toBe(999999.99);
      expect(typeof zainab[9]).toBe('number');
      expect(zainab[10]).toBe('AED');
      const amountCell = findCell(sheet, 'MT-612345', 10);
      expect(amountCell.numFmt).toBe('#,##0.00');
      expect(findCell(sheet, 'MT-612345', 4).numFmt).toBe('dd mmm yyyy hh:mm');
    });

    it('exports every row, not one page', async () => {
      const workbook = await loadWorkbook(await clientA.get('/api/clients/bookings?format=xlsx&page=2&per_page=5'));
      expect(dataRows(workbook)).toHaveLength(23);
    });

    it('streams a PDF with the title, the filters and the rows', async () => {
      const response = await clientA.get('/api/clients/bookings?format=pdf&search=zainab&invoice_status=unpaid');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.pdf"$/);
      const pdf = response.rawBody;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const { texts, info, pages } = pdfText(pdf);
      const text = texts.join('\n');
      expect(pages).toBe(1);
      expect(text).toContain('My Referrals - Bookings');
      // the agent's logo (/build/logos/default.svg, drawn from the SVG): its lettering is text in the PDF
      expect(text).toContain('ORGANISATION');
      expect(text).toContain('Zainab Al Shamsi');
      expect(text).toContain('MT-612345');
      expect(text).toContain('AED 999,999.99');
      expect(text).toContain('Invoice status: Unpaid');
      expect(text).toContain('Search: "zainab"');
      expect(text).toContain('Page 1');
      expect(info.Title).toContain('My Referrals');
      expect(info.Subject).toContain('Search: "zainab"');
    });
  });
});

async function loadWorkbook(response: TestResponse): Promise<ExcelJS.Workbook> {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawBody as unknown as ArrayBuffer);
  return workbook;
}

function sheetValues(sheet: ExcelJS.Worksheet): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return rows;
}

/** The rows under the table's header row ('Booking Id', …). */
function dataRows(workbook: ExcelJS.Workbook): ExcelJS.CellValue[][] {
  const rows = sheetValues(workbook.getWorksheet('Bookings')!);
  const header = rows.findIndex((row) => row[0] === 'Booking Id');
  expect(header).toBeGreaterThan(0);
  return rows.slice(header + 1);
}

function findCell(sheet: ExcelJS.Worksheet, bookingId: string, column: number): ExcelJS.Cell {
  let found: ExcelJS.Cell | undefined;
  sheet.eachRow((row) => {
    if (row.getCell(1).value === bookingId) found = row.getCell(column);
  });
  expect(found).toBeDefined();
  return found!;
}
