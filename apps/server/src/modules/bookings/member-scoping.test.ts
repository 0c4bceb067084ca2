import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerRole } from '@portal/contracts/partner-roles';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { TestClient, type TestResponse } from '../../test/http-client.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createBooking } from '../../test/booking-factories.ts';
import { pdfText } from '../../test/pdf-text.ts';

const GRACE_PATIENTS = ['Gwen', 'Gideon', 'Gloria', 'Greta', 'Gavin', 'Gemma', 'Gilbert'].map((name) => `${name} Abara`);
const LUCAS_PATIENTS = ['Lars', 'Lena', 'Liam', 'Lola', 'Luca', 'Lyra'].map((name) => `${name} Abara`);

/**
 * My Referrals › Bookings by role (issue 17): owner and manager see the whole agent's bookings, an 'agent' member
 * only those they referred (bookings.referred_by_user_id), finance none (403). The list (its one-statement fast
 * path and the searched path), its exports, the Facility filter's options and the totals all follow the scope.
 */
describe('bookings scoped by the member who referred them', () => {
  let context: TestContext;
  const members = {} as Record<PartnerRole | 'colleague', CreatedPartner>;
  const clients = {} as Record<PartnerRole | 'colleague', TestClient>;
  const ids = { grace: [] as number[], lucas: [] as number[], owner: [] as number[] };
  let outsider: TestClient;

  beforeAll(async () => {
    context = await createTestApp();
    const pool = context.database.pool;
    members.owner = await createPartner(pool, { role: 'owner', firstName: 'Amelia' });
    const agent = members.owner.referralAgentId;
    members.manager = await createPartner(pool, { role: 'manager', referralAgentId: agent, firstName: 'Daniel' });
    members.agent = await createPartner(pool, { role: 'agent', referralAgentId: agent, firstName: 'Grace' });
    members.colleague = await createPartner(pool, { role: 'agent', referralAgentId: agent, firstName: 'Lucas' });
    members.finance = await createPartner(pool, { role: 'finance', referralAgentId: agent, firstName: 'Elena' });
    for (const [index, patient] of GRACE_PATIENTS.entries()) {
      const booking = await createBooking(pool, {
        referralAgentId: agent,
        referredByUserId: members.agent.userId,
        ticketId: `71000${index}`,
        patient,
        facility: 'Garden Eye Clinic',
        invoiceStatus: 'unpaid',
        dateTime: `2024-05-0${index + 1}T09:00:00Z`,
        amount: `${100 + index}.00`,
      });
      ids.grace.push(booking.id);
    }
    for (const [index, patient] of LUCAS_PATIENTS.entries()) {
      const booking = await createBooking(pool, {
        referralAgentId: agent,
        referredByUserId: members.colleague.userId,
        ticketId: `72000${index}`,
        patient,
        facility: 'Lakeside Hospital',
        invoiceStatus: 'unpaid',
        dateTime: `2024-05-1${index + 1}T09:00:00Z`,
      });
      ids.lucas.push(booking.id);
    }
    const own = await createBooking(pool, {
      referralAgentId: agent,
      referredByUserId: members.owner.userId,
      ticketId: '730000',
      patient: 'Olga Abara',
      facility: 'Lakeside Hospital',
      invoiceStatus: 'paid',
      dateTime: '2024-05-20T09:00:00Z',
    });
    ids.owner.push(own.id);
    // Another agent's booking, whose patient shares the name word.
    const other = await createPartner(pool, { role: 'owner' });
    await createBooking(pool, { referralAgentId: other.referralAgentId, referredByUserId: other.userId, patient: 'Gwen Abara Elsewhere', facility: 'Garden Eye Clinic' });
    outsider = new TestClient(context.app);
    await signInAs(context, outsider, other.userId);
    for (const key of Object.keys(members) as (keyof typeof members)[]) {
      clients[key] = new TestClient(context.app);
      await signInAs(context, clients[key], members[key].userId);
    }
  });
  afterAll(async () => {
    await context.close();
  });

  async function list(who: keyof typeof clients, query = ''): Promise<{ ids: number[]; names: string[]; total: number }> {
    // 20 a page unless the test pages: every row of the list on one page.
    const paged = query.includes('per_page') ? query : `${query ? `${query}&` : '?'}per_page=20`;
    const response = await clients[who].get(`/api/clients/bookings${paged}`);
    expect(response.statusCode, `${who} ${query}: ${response.body.slice(0, 200)}`).toBe(200);
    const body = response.json() as { data: { id: number; booking_patient_detail: { name: string } }[]; total: number };
    return { ids: body.data.map((row) => row.id).sort((a, b) => a - b), names: body.data.map((row) => row.booking_patient_detail.name), total: body.total };
  }
  const all = () => [...ids.grace, ...ids.lucas, ...ids.owner].sort((a, b) => a - b);

  it('lists the whole agent for the owner and the manager, and only their own referrals for an agent', async () => {
    expect(await list('owner')).toMatchObject({ ids: all(), total: 14 });
    expect(await list('manager')).toMatchObject({ ids: all(), total: 14 });
    expect(await list('agent')).toMatchObject({ ids: ids.grace, total: 7 });
    expect(await list('colleague')).toMatchObject({ ids: ids.lucas, total: 6 });
    // Every filter and sort keeps the scope: the colleague's facility filters an agent's list down to nothing.
    expect(await list('agent', '?invoice_status=unpaid&sort=amount')).toMatchObject({ ids: ids.grace, total: 7 });
    expect(await list('agent', '?filter_by=created_at&sort=-ticket_id')).toMatchObject({ ids: ids.grace, total: 7 });
    const facilities = (await clients.owner.get('/api/general/get-facilities')).json() as { id: number; name: string }[];
    const lakeside = facilities.find((facility) => facility.name === 'Lakeside Hospital')!.id;
    expect(await list('agent', `?medical_service_provider=${lakeside}`)).toMatchObject({ ids: [], total: 0 });
    expect(await list('manager', `?medical_service_provider=${lakeside}`)).toMatchObject({ ids: [...ids.lucas, ...ids.owner], total: 7 });
  });

  it('pages a member’s own list with their own total', async () => {
    // Full pages: the total cannot be read off the page, so it is counted, for this member.
    expect(await list('agent', '?per_page=5')).toMatchObject({ total: 7 });
    expect((await list('agent', '?per_page=5&page=2')).ids).toHaveLength(2);
    expect(await list('owner', '?per_page=5')).toMatchObject({ total: 14 });
    expect(await list('colleague', '?per_page=5')).toMatchObject({ total: 6 });
    // The same filters for two members and the agent: three counts, none served from another's cache entry.
    expect(await list('agent', '?per_page=5&invoice_status=unpaid')).toMatchObject({ total: 7 });
    expect(await list('colleague', '?per_page=5&invoice_status=unpaid')).toMatchObject({ total: 6 });
    expect(await list('manager', '?per_page=5&invoice_status=unpaid')).toMatchObject({ total: 13 });
    // …and the searched path (the session read first) counts the same way.
    expect(await list('agent', '?per_page=5&search=abara')).toMatchObject({ total: 7 });
    expect(await list('colleague', '?per_page=5&search=abara')).toMatchObject({ total: 6 });
  });

  it('keeps each member’s cached count right when a booking is added or passed to another member', async () => {
    expect(await list('agent', '?per_page=5')).toMatchObject({ total: 7 });
    expect(await list('colleague', '?per_page=5')).toMatchObject({ total: 6 });
    const added = await createBooking(context.database.pool, {
      referralAgentId: members.owner.referralAgentId,
      referredByUserId: members.agent.userId,
      patient: 'Gus Abara',
      facility: 'Garden Eye Clinic',
    });
    expect(await list('agent', '?per_page=5')).toMatchObject({ total: 8 });
    expect(await list('colleague', '?per_page=5')).toMatchObject({ total: 6 });
    await context.database.pool.query('UPDATE bookings SET referred_by_user_id = $1 WHERE id = $2', [members.colleague.userId, added.id]);
    expect(await list('agent', '?per_page=5')).toMatchObject({ total: 7 });
    expect(await list('colleague', '?per_page=5')).toMatchObject({ total: 7 });
    expect(await list('owner', '?per_page=5')).toMatchObject({ total: 15 });
    await context.database.pool.query('DELETE FROM bookings WHERE id = $1', [added.id]);
    expect(await list('colleague', '?per_page=5')).toMatchObject({ total: 6 });
    expect(await list('owner', '?per_page=5')).toMatchObject({ total: 14 });
  });

  it('searches only within the scope', async () => {
    expect(await list('agent', '?search=abara')).toMatchObject({ ids: ids.grace, total: 7 });
    expect(await list('agent', '?search=lars')).toMatchObject({ ids: [], total: 0 });
    expect(await list('agent', '?search=MT-720000')).toMatchObject({ ids: [], total: 0 });
    expect(await list('colleague', '?search=lars')).toMatchObject({ ids: [ids.lucas[0]], total: 1 });
    expect(await list('manager', '?search=abara')).toMatchObject({ ids: all(), total: 14 });
    expect(await list('owner', '?search=gwen')).toMatchObject({ ids: [ids.grace[0]], total: 1 });
  });

  it('offers an agent only the facilities of their own referrals', async () => {
    const names = async (who: keyof typeof clients) =>
      ((await clients[who].get('/api/general/get-facilities')).json() as { name: string }[]).map((facility) => facility.name);
    expect(await names('agent')).toEqual(['Garden Eye Clinic']);
    expect(await names('colleague')).toEqual(['Lakeside Hospital']);
    expect(await names('owner')).toEqual(['Garden Eye Clinic', 'Lakeside Hospital']);
    expect(await names('manager')).toEqual(['Garden Eye Clinic', 'Lakeside Hospital']);
  });

  it('writes only the member’s own referrals into the xlsx and PDF exports', async () => {
    const patients = async (who: keyof typeof clients, query = '') => {
      const workbook = await loadWorkbook(await clients[who].get(`/api/clients/bookings?format=xlsx${query}`));
      return dataRows(workbook).map((row) => row[1]).sort();
    };
    expect(await patients('agent')).toEqual([...GRACE_PATIENTS].sort());
    expect(await patients('agent', '&search=abara')).toEqual([...GRACE_PATIENTS].sort());
    expect(await patients('colleague')).toEqual([...LUCAS_PATIENTS].sort());
    expect(await patients('manager')).toHaveLength(14);
    expect(await patients('owner', '&search=abara')).toHaveLength(14);
    const pdf = await clients.agent.get('/api/clients/bookings?format=pdf');
    expect(pdf.statusCode).toBe(200);
    const texts = pdfText(pdf.rawBody).texts.join('\n');
    expect(texts).toContain('Gwen Abara');
    for (const name of ['Lars', 'Lena', 'Olga', 'Elsewhere']) expect(texts).not.toContain(name);
    const ownerPdf = pdfText((await clients.owner.get('/api/clients/bookings?format=pdf&search=abara')).rawBody).texts.join('\n');
    for (const name of ['Gwen Abara', 'Lars Abara', 'Olga Abara']) expect(ownerPdf).toContain(name);
    expect(ownerPdf).not.toContain('Elsewhere');
  });

  it('answers finance 403 on the list, its search, its exports and the Facility filter', async () => {
    for (const url of [
      '/api/clients/bookings',
      '/api/clients/bookings?per_page=50&page=2',
      '/api/clients/bookings?search=abara',
      '/api/clients/bookings?format=xlsx',
      '/api/clients/bookings?format=pdf',
      '/api/clients/bookings?page=0',
      '/api/general/get-facilities',
    ]) {
      const response = await clients.finance.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.body, url).not.toContain('Abara');
    }
  });

  it('never shows another agent’s booking to any member', async () => {
    expect((await list('owner', '?search=elsewhere')).total).toBe(0);
    const response = await outsider.get('/api/clients/bookings?search=abara');
    expect((response.json() as { data: { booking_patient_detail: { name: string } }[] }).data.map((row) => row.booking_patient_detail.name)).toEqual([
      'Gwen Abara Elsewhere',
    ]);
  });
});

async function loadWorkbook(response: TestResponse): Promise<ExcelJS.Workbook> {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawBody as unknown as ArrayBuffer);
  return workbook;
}

function dataRows(workbook: ExcelJS.Workbook): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  workbook.getWorksheet('Bookings')!.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  const header = rows.findIndex((row) => row[0] === 'Booking Id');
  expect(header).toBeGreaterThan(0);
  return rows.slice(header + 1);
}
