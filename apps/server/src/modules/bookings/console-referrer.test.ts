import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRequest, createTestOperator, signInOperatorAs } from '../../test/console-sign-in.ts';
import { ensureFacility, ensureServiceDetail } from '../../test/booking-factories.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * Issue 17: a booking the console creates records the member of the agent who referred it: one the operator chooses
 * among the agent's active members who read referrals (owner first), the owner by default; never finance, never a
 * member of another agent. The referring member then sees it in My Referrals, their colleague does not.
 */
describe('the referring member of a booking created in the console', () => {
  let context: TestContext;
  let operator: TestClient;
  const team = {} as Record<'owner' | 'manager' | 'agent' | 'colleague' | 'finance' | 'stranger', CreatedPartner>;
  let catalogue: { facilityId: number; detailId: number; locationId: number };

  beforeAll(async () => {
    context = await createTestApp();
    const pool = context.database.pool;
    team.owner = await createPartner(pool, { role: 'owner', firstName: 'Zora', lastName: 'Owner' });
    const referralAgentId = team.owner.referralAgentId;
    team.manager = await createPartner(pool, { role: 'manager', referralAgentId, firstName: 'Mara' });
    team.agent = await createPartner(pool, { role: 'agent', referralAgentId, firstName: 'Grace' });
    team.colleague = await createPartner(pool, { role: 'agent', referralAgentId, firstName: 'Lucas' });
    team.finance = await createPartner(pool, { role: 'finance', referralAgentId, firstName: 'Elena' });
    team.stranger = await createPartner(pool, { role: 'agent' });
    const support = await createTestOperator(context, { role: 'support' });
    operator = new TestClient(context.app);
    await signInOperatorAs(context, operator, support.id);
    const facilityId = await ensureFacility(pool, 'Referrer Eye Clinic');
    const { detailId } = await ensureServiceDetail(pool, facilityId, 'Eye exam', 'Ophthalmology', '400.00', 'AED');
    const location = await pool.query<{ id: number }>('SELECT id FROM facility_locations WHERE facility_id = $1', [facilityId]);
    catalogue = { facilityId, detailId, locationId: location.rows[0]!.id };
  });
  afterAll(async () => {
    await context.close();
  });

  function create(patient: string, referredBy?: number) {
    return consoleRequest(operator, 'POST', '/api/console/bookings', {
      referral_agent_id: team.owner.referralAgentId,
      new_patient: { name: patient },
      ...(referredBy === undefined ? {} : { referred_by_user_id: referredBy }),
      facility_id: catalogue.facilityId,
      facility_location_id: catalogue.locationId,
      service_id: catalogue.detailId,
      date_time: '2026-12-03T09:30:00.000Z',
    });
  }

  it('offers the agent’s members who may refer, the owner first, without finance', async () => {
    const response = await consoleRequest(operator, 'GET', `/api/console/bookings/agents/${team.owner.referralAgentId}/clients`);
    expect(response.statusCode).toBe(200);
    const partners = (response.json() as { partners: { id: number; role: string }[] }).partners;
    expect(partners[0]).toMatchObject({ id: team.owner.userId, role: 'owner' });
    expect(partners.map((partner) => partner.id).sort()).toEqual(
      [team.owner, team.manager, team.agent, team.colleague].map((member) => member.userId).sort(),
    );
  });

  it('records the chosen member, shows them on the booking, and only they (with owner and manager) list it', async () => {
    const created = await create('Ines Referred', team.agent.userId);
    expect(created.statusCode).toBe(200);
    const booking = created.json() as { id: number; referred_by: { id: number; name: string } };
    expect(booking.referred_by).toMatchObject({ id: team.agent.userId, name: `Grace ${team.agent.lastName}` });
    const shown = await consoleRequest(operator, 'GET', `/api/console/bookings/${booking.id}`);
    expect(shown.json()).toMatchObject({ referred_by: { id: team.agent.userId } });

    const { signInAs } = await import('../../test/sign-in.ts');
    const names = async (member: CreatedPartner) => {
      const client = new TestClient(context.app);
      await signInAs(context, client, member.userId);
      const list = (await client.get('/api/clients/bookings?search=ines')).json() as { data: { booking_patient_detail: { name: string } }[] };
      return list.data.map((row) => row.booking_patient_detail.name);
    };
    expect(await names(team.agent)).toEqual(['Ines Referred']);
    expect(await names(team.colleague)).toEqual([]);
    expect(await names(team.owner)).toEqual(['Ines Referred']);
    expect(await names(team.manager)).toEqual(['Ines Referred']);
  });

  it('tells only the members who may see the booking: its referrer, the owners and managers; not a colleague, not finance', async () => {
    const created = await create('Nadia Notified', team.agent.userId);
    expect(created.statusCode).toBe(200);
    const ticket = (created.json() as { ticket_id: string }).ticket_id;
    const { rows } = await context.database.pool.query<{ user_id: number }>(
      "SELECT user_id FROM notifications WHERE type = 'booking.created' AND data->>'ticket_id' = $1 ORDER BY user_id",
      [ticket],
    );
    expect(rows.map((row) => row.user_id)).toEqual([team.owner.userId, team.manager.userId, team.agent.userId].sort((a, b) => a - b));
    // A status change reaches the same members.
    const booking = created.json() as { id: number; status: string };
    const changed = await consoleRequest(operator, 'POST', `/api/console/bookings/${booking.id}/status`, { status: 'confirmed', expected_status: 'pending' });
    expect(changed.statusCode, changed.body.slice(0, 200)).toBe(200);
    {
      const after = await context.database.pool.query<{ user_id: number }>(
        "SELECT user_id FROM notifications WHERE type = 'booking.status_changed' AND data->>'ticket_id' = $1 ORDER BY user_id",
        [ticket],
      );
      expect(after.rows.map((row) => row.user_id)).toEqual([team.owner.userId, team.manager.userId, team.agent.userId].sort((a, b) => a - b));
    }
  });

  it('records the owner when no member is chosen', async () => {
    const created = await create('Omar Defaulted');
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ referred_by: { id: team.owner.userId } });
  });

  it('refuses finance and a member of another agent as the referrer (422, nothing written)', async () => {
    for (const member of [team.finance, team.stranger]) {
      const refused = await create('Nobody Written', member.userId);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ errors: { referred_by_user_id: [expect.any(String)] } });
    }
    const { rows } = await context.database.pool.query("SELECT 1 FROM clients WHERE name = 'Nobody Written'");
    expect(rows).toHaveLength(0);
  });
});
