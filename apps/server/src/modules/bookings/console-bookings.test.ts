import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRequest, createTestOperator, signInOperatorAs, type TestOperator } from '../../test/console-sign-in.ts';
import { createBooking, ensureFacility, ensureServiceDetail, ensureStaff } from '../../test/booking-factories.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let context: TestContext;
let support: TestOperator;
let finance: TestOperator;
let admin: TestOperator;
let partner: CreatedPartner;

beforeAll(async () => {
  context = await createTestApp();
  support = await createTestOperator(context, { role: 'support' });
  finance = await createTestOperator(context, { role: 'finance' });
  admin = await createTestOperator(context, { role: 'admin' });
  partner = await createPartner(context.database.pool);
});
afterAll(async () => {
  await context.close();
});

const clients = new Map<number, TestClient>();
async function as(operator: TestOperator): Promise<TestClient> {
  const existing = clients.get(operator.id);
  if (existing) return existing;
  const client = new TestClient(context.app);
  await signInOperatorAs(context, client, operator.id);
  clients.set(operator.id, client);
  return client;
}

async function auditRows(bookingId: number) {
  const { rows } = await context.database.pool.query(
    "SELECT actor_type, actor_id, actor_role, action, before, after, reason FROM audit_events WHERE target_type = 'booking' AND target_id = $1 ORDER BY id",
    [String(bookingId)],
  );
  return rows;
}

async function historyOf(bookingId: number) {
  const { rows } = await context.database.pool.query(
    'SELECT from_status, to_status, actor_type, actor_id, reason FROM booking_status_history WHERE booking_id = $1 ORDER BY id',
    [bookingId],
  );
  return rows;
}

async function notificationsOf(userId: number) {
  const { rows } = await context.database.pool.query<{ type: string; title: string; body: string }>(
    'SELECT type, title, body FROM notifications WHERE user_id = $1 ORDER BY created_at, id',
    [userId],
  );
  return rows;
}

async function newBooking(status: 'pending' | 'confirmed' | 'completed' | 'cancelled' = 'pending') {
  return createBooking(context.database.pool, { referralAgentId: partner.referralAgentId, status, invoiceStatus: 'unpaid', ticketId: null, patient: 'Layla Haddad' });
}

function setStatus(client: TestClient, id: number, body: Record<string, unknown>) {
  return consoleRequest(client, 'POST', `/api/console/bookings/${id}/status`, body);
}

describe('the console bookings list and detail', () => {
  it("lists every agent's bookings, searches, filters and shows one booking", async () => {
    const other = await createPartner(context.database.pool);
    const mine = await createBooking(context.database.pool, { referralAgentId: partner.referralAgentId, patient: 'Zubair Quennell', ticketId: '770001', status: 'pending' });
    await createBooking(context.database.pool, { referralAgentId: other.referralAgentId, patient: 'Zubair Quennell', ticketId: '770002', status: 'confirmed' });

    const client = await as(finance);
    const found = await consoleRequest(client, 'GET', '/api/console/bookings?search=quennell&sort=ticket_id');
    expect(found.statusCode).toBe(200);
    expect(found.json().data.map((row: { ticket_id: string }) => row.ticket_id)).toEqual(['770001', '770002']);
    expect(found.json().data[0]).toMatchObject({ patient: 'Zubair Quennell', referral_agent: { id: partner.referralAgentId }, status: 'pending', amount: '1500.00' });

    const confirmed = await consoleRequest(client, 'GET', '/api/console/bookings?search=MT-77000&status=confirmed');
    expect(confirmed.json().data.map((row: { ticket_id: string }) => row.ticket_id)).toEqual(['770002']);
    const byAgent = await consoleRequest(client, 'GET', `/api/console/bookings?search=quennell&agent_id=${other.referralAgentId}`);
    expect(byAgent.json().total).toBe(1);
    expect((await consoleRequest(client, 'GET', '/api/console/bookings?status=lost')).statusCode).toBe(422);

    const all = await consoleRequest(client, 'GET', '/api/console/bookings?per_page=10');
    const { rows } = await context.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
    expect(all.json().total).toBe(rows[0]!.n);

    const detail = await consoleRequest(client, 'GET', `/api/console/bookings/${mine.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: mine.id, ticket_id: '770001', patient_detail: { name: 'Zubair Quennell' }, status_history: [], changes: [] });
    expect((await consoleRequest(client, 'GET', '/api/console/bookings/999999')).statusCode).toBe(404);
  });

  it('offers agents, facilities with locations and priced services, staff; and an agent’s patients', async () => {
    const facilityId = await ensureFacility(context.database.pool, 'Options Eye Centre');
    await ensureServiceDetail(context.database.pool, facilityId, 'Cataract surgery', 'Ophthalmology', '4200.00', 'AED');
    await ensureStaff(context.database.pool, 'Noura Saeed');
    const options = await consoleRequest(await as(support), 'GET', '/api/console/bookings/options');
    expect(options.statusCode).toBe(200);
    const facility = options.json().facilities.find((row: { id: number }) => row.id === facilityId);
    expect(facility.services).toEqual([expect.objectContaining({ name: 'Cataract surgery', price: '4200.00', currency: 'AED', specialty: 'Ophthalmology' })]);
    expect(facility.locations).toHaveLength(1);
    expect(options.json().staff.map((row: { name: string }) => row.name)).toContain('Noura Saeed');

    await newBooking();
    const patients = await consoleRequest(await as(support), 'GET', `/api/console/bookings/agents/${partner.referralAgentId}/clients?search=layla`);
    expect(patients.json().clients[0]).toMatchObject({ name: 'Layla Haddad' });
    expect(patients.json().partners).toEqual([expect.objectContaining({ id: partner.userId })]);
    expect((await consoleRequest(await as(support), 'GET', '/api/console/bookings/agents/999999/clients')).statusCode).toBe(404);
  });
});

describe('creating a booking', () => {
  async function catalogue() {
    const pool = context.database.pool;
    const facilityId = await ensureFacility(pool, 'Creation Dental Clinic');
    const { detailId } = await ensureServiceDetail(pool, facilityId, 'Dental implant', 'Dentistry', '3100.00', 'AED');
    const location = await pool.query<{ id: number }>('SELECT id FROM facility_locations WHERE facility_id = $1', [facilityId]);
    return { facilityId, detailId, locationId: location.rows[0]!.id };
  }

  it('creates a pending booking at the service price for a new patient, notifies the agent’s partners, audits once', async () => {
    const { facilityId, detailId, locationId } = await catalogue();
    const before = (await notificationsOf(partner.userId)).length;
    const created = await consoleRequest(await as(support), 'POST', '/api/console/bookings', {
      referral_agent_id: partner.referralAgentId,
      new_patient: { name: 'Omar Rahman', phone: '+971 50 123 4567' },
      referred_by_user_id: partner.userId,
      facility_id: facilityId,
      facility_location_id: locationId,
      service_id: detailId,
      date_time: '2026-12-03T09:30:00.000Z',
    });
    expect(created.statusCode).toBe(200);
    const booking = created.json();
    expect(booking).toMatchObject({
      status: 'pending',
      invoice_status: 'unpaid',
      amount: '3100.00',
      currency: 'AED',
      patient: 'Omar Rahman',
      service: 'Dental implant',
      date_time: '2026-12-03T09:30:00.000Z',
      referred_by: { id: partner.userId },
    });
    expect(booking.ticket_id).toMatch(/^\d{9}$/);
    expect(booking.status_history).toEqual([expect.objectContaining({ from_status: null, to_status: 'pending', actor_type: 'operator', actor_name: expect.any(String) })]);
    expect(await auditRows(booking.id)).toEqual([
      expect.objectContaining({ actor_type: 'operator', actor_id: String(support.id), actor_role: 'support', action: 'booking.created' }),
    ]);
    const notes = await notificationsOf(partner.userId);
    expect(notes).toHaveLength(before + 1);
    expect(notes.at(-1)).toMatchObject({ type: 'booking.created', title: `New booking MT-${booking.ticket_id}` });
  });

  it('refuses a patient of another agent, a service of another facility, and a taken ticket (422, nothing written)', async () => {
    const { facilityId, detailId } = await catalogue();
    const other = await createPartner(context.database.pool);
    const foreign = await createBooking(context.database.pool, { referralAgentId: other.referralAgentId, ticketId: '880001' });
    const otherFacility = await ensureFacility(context.database.pool, 'Elsewhere Hospital');
    const base = { referral_agent_id: partner.referralAgentId, facility_id: facilityId, service_id: detailId, date_time: '2026-12-04T10:00:00Z' };
    const client = await as(admin);
    const count = async () => Number((await context.database.pool.query('SELECT count(*) AS n FROM bookings')).rows[0].n);
    const total = await count();

    const wrongPatient = await consoleRequest(client, 'POST', '/api/console/bookings', { ...base, client_id: foreign.clientId });
    expect(wrongPatient.statusCode).toBe(422);
    expect(wrongPatient.json().errors).toHaveProperty('client_id');
    const wrongService = await consoleRequest(client, 'POST', '/api/console/bookings', { ...base, facility_id: otherFacility, new_patient: { name: 'A B' } });
    expect(wrongService.json().errors).toHaveProperty('service_id');
    const taken = await consoleRequest(client, 'POST', '/api/console/bookings', { ...base, new_patient: { name: 'A B' }, ticket_id: '880001' });
    expect(taken.json().errors).toHaveProperty('ticket_id');
    const noPatient = await consoleRequest(client, 'POST', '/api/console/bookings', base);
    expect(noPatient.statusCode).toBe(422);
    expect(noPatient.json().errors).toHaveProperty('client_id');
    expect(await count()).toBe(total);
  });

  it('lets only bookings.finance set another amount than the price (403 for support)', async () => {
    const { facilityId, detailId } = await catalogue();
    const body = {
      referral_agent_id: partner.referralAgentId,
      new_patient: { name: 'Priya Iyer' },
      facility_id: facilityId,
      service_id: detailId,
      date_time: '2026-12-05T08:00:00Z',
      amount: '2900',
      currency: 'aed',
    };
    const refused = await consoleRequest(await as(support), 'POST', '/api/console/bookings', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('amount_needs_finance');
    const created = await consoleRequest(await as(admin), 'POST', '/api/console/bookings', body);
    expect(created.json()).toMatchObject({ amount: '2900.00', currency: 'AED' });
  });
});

describe('the status lifecycle', () => {
  it('confirms then completes, each with one history row, one audit row and the partners told', async () => {
    const booking = await newBooking();
    const client = await as(support);
    const before = (await notificationsOf(partner.userId)).length;

    const confirmed = await setStatus(client, booking.id, { status: 'confirmed', expected_status: 'pending' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toBe('confirmed');
    const completed = await setStatus(client, booking.id, { status: 'completed', expected_status: 'confirmed' });
    expect(completed.json().status_history.map((step: { from_status: string; to_status: string }) => `${step.from_status}→${step.to_status}`)).toEqual([
      'pending→confirmed',
      'confirmed→completed',
    ]);
    expect((await auditRows(booking.id)).map((row) => [row.action, row.before, row.after.status])).toEqual([
      ['booking.status_changed', { status: 'pending' }, 'confirmed'],
      ['booking.status_changed', { status: 'confirmed' }, 'completed'],
    ]);
    const notes = (await notificationsOf(partner.userId)).slice(before);
    expect(notes.map((note) => note.body)).toEqual(['Status changed from Pending to Confirmed.', 'Status changed from Confirmed to Completed.']);
  });

  it('answers 409 when the status changed meanwhile, and records nothing', async () => {
    const booking = await newBooking();
    const first = await as(support);
    const second = await as(admin);
    expect((await setStatus(first, booking.id, { status: 'confirmed', expected_status: 'pending' })).statusCode).toBe(200);
    const late = await setStatus(second, booking.id, { status: 'cancelled', expected_status: 'pending', reason: 'Patient called' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/changed this booking’s status meanwhile/);
    expect(await historyOf(booking.id)).toHaveLength(1);
    expect(await auditRows(booking.id)).toHaveLength(1);
  });

  it('answers 422 for a move the lifecycle does not allow, and for a cancellation without a reason', async () => {
    const pending = await newBooking();
    const completed = await newBooking('completed');
    const client = await as(support);
    const skip = await setStatus(client, pending.id, { status: 'completed', expected_status: 'pending' });
    expect(skip.statusCode).toBe(422);
    expect(skip.json().errors.status).toEqual(['The booking cannot move to that status from its current one.']);
    // completed is followed by refunded only, and only through a recorded refund (issue 31)
    const back = await setStatus(client, completed.id, { status: 'pending', expected_status: 'completed' });
    expect(back.json().errors.status).toEqual(['The booking cannot move to that status from its current one.']);
    const refunded = await setStatus(client, completed.id, { status: 'refunded', expected_status: 'completed' });
    expect(refunded.json().errors.status).toEqual(['A booking becomes refunded when finance records the refund of its treatment.']);
    const cancelled = await newBooking('cancelled');
    const final = await setStatus(client, cancelled.id, { status: 'pending', expected_status: 'cancelled' });
    expect(final.json().errors.status).toEqual(['This booking’s status is final: it cannot change any more.']);
    const same = await setStatus(client, pending.id, { status: 'pending', expected_status: 'pending' });
    expect(same.statusCode).toBe(422);
    const noReason = await setStatus(client, pending.id, { status: 'cancelled', expected_status: 'pending' });
    expect(noReason.json().errors).toHaveProperty('reason');
    expect((await setStatus(client, 999999, { status: 'confirmed', expected_status: 'pending' })).statusCode).toBe(404);
    expect(await auditRows(pending.id)).toEqual([]);
    expect(await historyOf(pending.id)).toEqual([]);
  });

  it('keeps the reason of a no-show in the history and the audit row', async () => {
    const booking = await newBooking('confirmed');
    const answer = await setStatus(await as(support), booking.id, { status: 'no_show', expected_status: 'confirmed', reason: 'Did not come; phone off.' });
    expect(answer.json().status_history.at(-1)).toMatchObject({ to_status: 'no_show', reason: 'Did not come; phone off.' });
    expect((await auditRows(booking.id))[0]).toMatchObject({ reason: 'Did not come; phone off.' });
  });

  it('refuses to rewrite a history row (append-only)', async () => {
    const booking = await newBooking();
    await setStatus(await as(support), booking.id, { status: 'confirmed', expected_status: 'pending' });
    await expect(context.database.pool.query("UPDATE booking_status_history SET reason = 'x' WHERE booking_id = $1", [booking.id])).rejects.toThrow(/append-only/);
  });
});

describe('invoice status, amount and assignee', () => {
  it('lets finance mark the invoice paid (partners told) and change the amount, and refuses both to support', async () => {
    const booking = await newBooking();
    const money = await as(finance);
    const helpdesk = await as(support);
    const before = (await notificationsOf(partner.userId)).length;

    expect((await consoleRequest(helpdesk, 'POST', `/api/console/bookings/${booking.id}/invoice-status`, { invoice_status: 'paid', expected_invoice_status: 'unpaid' })).statusCode).toBe(403);
    expect((await consoleRequest(helpdesk, 'POST', `/api/console/bookings/${booking.id}/amount`, { amount: '1', currency: 'AED', expected_amount: '1500.00' })).statusCode).toBe(403);

    const paid = await consoleRequest(money, 'POST', `/api/console/bookings/${booking.id}/invoice-status`, { invoice_status: 'paid', expected_invoice_status: 'unpaid' });
    expect(paid.json().invoice_status).toBe('paid');
    const stale = await consoleRequest(money, 'POST', `/api/console/bookings/${booking.id}/invoice-status`, { invoice_status: 'unpaid', expected_invoice_status: 'unpaid' });
    expect(stale.statusCode).toBe(409);

    const amount = await consoleRequest(money, 'POST', `/api/console/bookings/${booking.id}/amount`, { amount: '1450.5', currency: 'AED', expected_amount: '1500.00', reason: 'Discount agreed' });
    expect(amount.json()).toMatchObject({ amount: '1450.50', currency: 'AED' });
    expect(amount.json().changes.map((change: { action: string }) => change.action)).toEqual(['booking.invoice_status_changed', 'booking.amount_changed']);
    const staleAmount = await consoleRequest(money, 'POST', `/api/console/bookings/${booking.id}/amount`, { amount: '1', currency: 'AED', expected_amount: '1500.00' });
    expect(staleAmount.statusCode).toBe(409);
    const badAmount = await consoleRequest(money, 'POST', `/api/console/bookings/${booking.id}/amount`, { amount: '-3', currency: 'AED', expected_amount: '1450.50' });
    expect(badAmount.statusCode).toBe(422);

    expect((await auditRows(booking.id)).map((row) => [row.action, row.actor_role])).toEqual([
      ['booking.invoice_status_changed', 'finance'],
      ['booking.amount_changed', 'finance'],
    ]);
    expect((await notificationsOf(partner.userId)).slice(before).map((note) => note.type)).toEqual(['booking.invoice_status_changed']);
  });

  it('assigns and unassigns a staff member; an unknown one is a 422', async () => {
    const booking = await newBooking();
    const staffId = await ensureStaff(context.database.pool, 'Karim Mansour');
    const client = await as(support);
    const assigned = await consoleRequest(client, 'POST', `/api/console/bookings/${booking.id}/assignee`, { assignee_id: staffId });
    expect(assigned.json()).toMatchObject({ assignee: 'Karim Mansour', assignee_id: staffId });
    const unassigned = await consoleRequest(client, 'POST', `/api/console/bookings/${booking.id}/assignee`, { assignee_id: null });
    expect(unassigned.json().assignee).toBeNull();
    expect((await consoleRequest(client, 'POST', `/api/console/bookings/${booking.id}/assignee`, { assignee_id: 999999 })).statusCode).toBe(422);
    expect((await auditRows(booking.id)).map((row) => row.action)).toEqual(['booking.assignee_changed', 'booking.assignee_changed']);
  });
});
