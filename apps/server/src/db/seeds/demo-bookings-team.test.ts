import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerRole } from '@portal/contracts/partner-roles';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createPartner } from '../../test/factories.ts';
import { DEMO_EMAILS } from './demo-identities.ts';
import { seedDemoBookings } from './demo-bookings.ts';

/** Issue 17: Harbor Health Partners' demo bookings are spread over the members who refer, never finance. */
describe('the demo agent’s bookings by member', () => {
  let context: TestContext;
  let agentId: number;

  beforeAll(async () => {
    context = await createTestApp();
    const pool = context.database.pool;
    const owner = await createPartner(pool, { email: DEMO_EMAILS.partner, role: 'owner' });
    agentId = owner.referralAgentId;
    const team: [string, PartnerRole][] = [
      [DEMO_EMAILS.twoFactor, 'manager'],
      [DEMO_EMAILS.agent, 'agent'],
      [DEMO_EMAILS.secondAgent, 'agent'],
      [DEMO_EMAILS.mustChangePassword, 'agent'],
      [DEMO_EMAILS.finance, 'finance'],
    ];
    for (const [email, role] of team) await createPartner(pool, { email, role, referralAgentId: agentId });
    await seedDemoBookings(pool);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('gives every referring member a realistic share and finance none', async () => {
    const { rows } = await context.database.pool.query<{ email: string; bookings: number }>(
      `SELECT u.email, count(b.id)::int AS bookings
         FROM users u JOIN partner_profiles p ON p.user_id = u.id
         LEFT JOIN bookings b ON b.referred_by_user_id = u.id
        WHERE p.referral_agent_id = $1 GROUP BY u.email`,
      [agentId],
    );
    const share = Object.fromEntries(rows.map((row) => [row.email, row.bookings / 3_000]));
    expect(rows.reduce((sum, row) => sum + row.bookings, 0)).toBe(3_000);
    expect(share[DEMO_EMAILS.finance]).toBe(0);
    for (const email of [DEMO_EMAILS.partner, DEMO_EMAILS.twoFactor, DEMO_EMAILS.agent, DEMO_EMAILS.secondAgent, DEMO_EMAILS.mustChangePassword]) {
      expect(share[email], email).toBeGreaterThan(0.02);
    }
    // The two field agents refer the most; the newest agent the least.
    expect(share[DEMO_EMAILS.agent]! + share[DEMO_EMAILS.secondAgent]!).toBeGreaterThan(0.4);
    expect(share[DEMO_EMAILS.mustChangePassword]).toBeLessThan(share[DEMO_EMAILS.twoFactor]!);
  });

  it('keeps each patient with the member who referred them', async () => {
    const { rows } = await context.database.pool.query<{ mismatched: number; none: number }>(
      `SELECT count(*) FILTER (WHERE b.referred_by_user_id IS DISTINCT FROM c.referred_by_user_id)::int AS mismatched,
              count(*) FILTER (WHERE b.referred_by_user_id IS NULL)::int AS none
         FROM bookings b JOIN clients c ON c.id = b.client_id WHERE b.referral_agent_id = $1`,
      [agentId],
    );
    expect(rows[0]).toEqual({ mismatched: 0, none: 0 });
  });
});
