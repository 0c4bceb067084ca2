import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { createBooking, createClient, ensureFacility, ensureServiceDetail, ensureStaff } from '../../test/booking-factories.ts';

/**
 * What the database keeps true by itself (migration 0002): booking_stats (exact totals, a version that changes on
 * every write and never repeats), search_text (built on insert, rebuilt when a name it holds changes), money as
 * numeric.
 */
describe('bookings data rules', () => {
  let context: TestContext;
  let a: CreatedPartner;
  let b: CreatedPartner;

  const stats = async (agentId: number) =>
    (
      await context.database.pool.query<{ total: number; version: number }>(
        'SELECT total::int AS total, version::int AS version FROM booking_stats WHERE referral_agent_id = $1',
        [agentId],
      )
    ).rows[0];
  const searchText = async (id: number) =>
    (await context.database.pool.query<{ search_text: string }>('SELECT search_text FROM bookings WHERE id = $1', [id])).rows[0]!.search_text;

  beforeAll(async () => {
    context = await createTestApp();
    a = await createPartner(context.database.pool);
    b = await createPartner(context.database.pool);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('counts each agent’s bookings exactly and bumps the version on every write', async () => {
    const pool = context.database.pool;
    expect(await stats(a.referralAgentId)).toBeUndefined();
    const first = await createBooking(pool, { referralAgentId: a.referralAgentId });
    const afterFirst = await stats(a.referralAgentId);
    expect(afterFirst?.total).toBe(1);
    await createBooking(pool, { referralAgentId: a.referralAgentId });
    await createBooking(pool, { referralAgentId: b.referralAgentId });
    const afterThird = await stats(a.referralAgentId);
    expect(afterThird?.total).toBe(2);
    expect(afterThird!.version).toBeGreaterThan(afterFirst!.version);
    expect((await stats(b.referralAgentId))?.total).toBe(1);

    // an update that changes no count still changes the version (filters may see it differently)
    await pool.query(`UPDATE bookings SET invoice_status = 'unpaid' WHERE id = $1`, [first.id]);
    const afterUpdate = await stats(a.referralAgentId);
    expect(afterUpdate).toEqual({ total: 2, version: expect.any(Number) });
    expect(afterUpdate!.version).toBeGreaterThan(afterThird!.version);

    // a booking moved to another agent (with a patient of that agent) moves its count
    const patientOfB = await createClient(pool, b.referralAgentId, 'Moved Patient');
    await pool.query('UPDATE bookings SET referral_agent_id = $2, client_id = $3 WHERE id = $1', [first.id, b.referralAgentId, patientOfB]);
    expect((await stats(a.referralAgentId))?.total).toBe(1);
    expect((await stats(b.referralAgentId))?.total).toBe(2);

    await pool.query('DELETE FROM bookings WHERE referral_agent_id = $1', [b.referralAgentId]);
    expect((await stats(b.referralAgentId))?.total).toBe(0);
  });

  it('inserts in bulk with one stats change per agent and statement', async () => {
    const pool = context.database.pool;
    const before = await stats(a.referralAgentId);
    const template = await createBooking(pool, { referralAgentId: a.referralAgentId });
    await pool.query(
      `INSERT INTO bookings (date_time, client_id, facility_id, facility_service_detail_id, amount, currency, referral_agent_id)
       SELECT now() - make_interval(days => n), $2, $3, $4, 10.00, 'AED', $1 FROM generate_series(1, 250) AS n`,
      [a.referralAgentId, template.clientId, template.facilityId, template.detailId],
    );
    expect((await stats(a.referralAgentId))?.total).toBe(before!.total + 251);
    const { rows } = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM bookings WHERE referral_agent_id = $1', [
      a.referralAgentId,
    ]);
    expect(rows[0]!.count).toBe(before!.total + 251);
  });

  it('never hands out the same version twice, even after a truncate', async () => {
    const pool = context.database.pool;
    const before = await stats(a.referralAgentId);
    await pool.query('TRUNCATE bookings CASCADE');
    const after = await stats(a.referralAgentId);
    expect(after?.total).toBe(0);
    expect(after!.version).toBeGreaterThan(before!.version);
  });

  it('builds search_text from the ticket and the names, lower-cased, and rebuilds it when a name changes', async () => {
    const pool = context.database.pool;
    const booking = await createBooking(pool, {
      referralAgentId: a.referralAgentId,
      ticketId: '424242',
      patient: 'Émile ZOLA',
      facility: 'Rhein Herzzentrum',
      service: 'Echocardiogram',
      specialty: 'Cardiology',
      assignee: 'Lukas Becker',
    });
    expect(await searchText(booking.id)).toBe('424242 émile zola rhein herzzentrum echocardiogram cardiology lukas becker');

    await pool.query(`UPDATE facilities SET name = 'Rhein Heart Centre' WHERE id = $1`, [booking.facilityId]);
    await pool.query(`UPDATE staff SET last_name = 'Bauer' WHERE first_name = 'Lukas' AND last_name = 'Becker'`);
    await pool.query(`UPDATE specialties SET name = 'Cardiac Care' WHERE name = 'Cardiology'`);
    await pool.query(`UPDATE services SET name = 'Cardiac Echo' WHERE name = 'Echocardiogram'`);
    await pool.query(`UPDATE clients SET name = 'Emile Zola' WHERE id = $1`, [booking.clientId]);
    await pool.query(`UPDATE bookings SET ticket_id = '434343' WHERE id = $1`, [booking.id]);
    expect(await searchText(booking.id)).toBe('434343 emile zola rhein heart centre cardiac echo cardiac care lukas bauer');

    // An application cannot write its own search_text.
    await pool.query(`UPDATE bookings SET search_text = 'forged' WHERE id = $1`, [booking.id]);
    expect(await searchText(booking.id)).toBe('434343 emile zola rhein heart centre cardiac echo cardiac care lukas bauer');
  });

  it('ignores a supplied search_text unless the session declared a bulk load', async () => {
    const pool = context.database.pool;
    const facilityId = await ensureFacility(pool, 'Bulk Clinic');
    const { detailId } = await ensureServiceDetail(pool, facilityId, 'Bulk Service', null, '1.00', 'AED');
    const clientId = await createClient(pool, a.referralAgentId, 'Bulk Patient');
    const staffId = await ensureStaff(pool, 'Bulk Staff');
    const insert = `INSERT INTO bookings (date_time, client_id, facility_id, facility_service_detail_id, assignee_id, amount, currency,
                                          referral_agent_id, search_text)
                    VALUES (now(), $1, $2, $3, $4, 1.00, 'AED', $5, 'supplied') RETURNING id`;
    const values = [clientId, facilityId, detailId, staffId, a.referralAgentId];
    const plain = await pool.query<{ id: number }>(insert, values);
    expect(await searchText(plain.rows[0]!.id)).toBe('bulk patient bulk clinic bulk service bulk staff');

    // (the embedded database has one connection: use it, and give it back, before querying through the pool)
    const connection = await pool.connect();
    let bulkId: number;
    try {
      await connection.query(`SET portal.bulk_load = 'on'`);
      bulkId = (await connection.query<{ id: number }>(insert, values)).rows[0]!.id;
      await connection.query('RESET portal.bulk_load');
    } finally {
      connection.release();
    }
    expect(await searchText(bulkId)).toBe('supplied');
  });

  it('keeps money exact: numeric(12,2) in, a two-decimal string out', async () => {
    const pool = context.database.pool;
    const booking = await createBooking(pool, { referralAgentId: a.referralAgentId, amount: '0.30' });
    await pool.query('UPDATE bookings SET amount = amount + 0.10 + 0.20 WHERE id = $1', [booking.id]);
    const { rows } = await pool.query<{ amount: string }>('SELECT amount::text AS amount FROM bookings WHERE id = $1', [booking.id]);
    expect(rows[0]!.amount).toBe('0.60');
    await expect(pool.query('UPDATE bookings SET amount = -1 WHERE id = $1', [booking.id])).rejects.toThrow();
  });

  it('refuses a booking whose patient belongs to another agent', async () => {
    const pool = context.database.pool;
    const patientOfB = await createClient(pool, b.referralAgentId, 'Not Yours');
    await expect(createBooking(pool, { referralAgentId: a.referralAgentId, clientId: patientOfB })).rejects.toThrow(/foreign key/);
  });
});
