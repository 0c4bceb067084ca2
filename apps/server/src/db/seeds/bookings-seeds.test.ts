import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createPartner } from '../../test/factories.ts';
import { DEMO_EMAILS } from './demo-identities.ts';
import { seedDemoBookings } from './demo-bookings.ts';
import { ensureBookingCatalog, FACILITIES } from './booking-catalog.ts';
import { BENCH_RARE_NAMES, findBench, planAgents, seedBench } from './bench-seed.ts';

describe('bench agent plan', () => {
  it('gives five agents 10% each and spreads the rest over a long tail, every agent at least one booking', () => {
    const plan = planAgents(1_000_000, 2_000);
    expect(plan).toHaveLength(2_000);
    expect(plan.slice(0, 5).map((agent) => agent.bookings)).toEqual([100_000, 100_000, 100_000, 100_000, 100_000]);
    expect(plan.reduce((sum, agent) => sum + agent.bookings, 0)).toBe(1_000_000);
    expect(Math.min(...plan.map((agent) => agent.bookings))).toBeGreaterThanOrEqual(1);
    expect(plan[5]!.bookings).toBeGreaterThan(plan[1_999]!.bookings);
  });
});

describe('booking seeds', () => {
  let context: TestContext;

  beforeAll(async () => {
    context = await createTestApp();
    for (const email of [DEMO_EMAILS.partner, DEMO_EMAILS.second, DEMO_EMAILS.affiliate]) {
      await createPartner(context.database.pool, { email });
    }
  });
  afterAll(async () => {
    await context?.close();
  });

  /** What the demo shows, without the dates (they are laid out from the day of seeding). */
  async function demoDigest(): Promise<string> {
    const { rows } = await context.database.pool.query<{ digest: string }>(
      `SELECT md5(string_agg(concat_ws('|', b.ticket_id, c.name, f.name, b.amount, b.currency, b.status, b.invoice_status), ',' ORDER BY b.ticket_id, c.name)) AS digest
         FROM bookings b JOIN clients c ON c.id = b.client_id JOIN facilities f ON f.id = b.facility_id`,
    );
    return rows[0]!.digest;
  }

  it('gives the demo partners a few thousand realistic bookings, the same ones on every fresh start', async () => {
    const pool = context.database.pool;
    const seeded = await seedDemoBookings(pool);
    expect(seeded.map((agent) => agent.bookings)).toEqual([3_000, 800, 200]);

    const { rows } = await pool.query<{
      email: string;
      bookings: number;
      facilities: number;
      patients: number;
      no_ticket: number;
      unassigned: number;
      statuses: number;
      first: Date;
      last: Date;
    }>(
      `SELECT u.email, count(b.id)::int AS bookings, count(DISTINCT b.facility_id)::int AS facilities,
              count(DISTINCT b.client_id)::int AS patients, count(*) FILTER (WHERE b.ticket_id IS NULL)::int AS no_ticket,
              count(*) FILTER (WHERE b.assignee_id IS NULL)::int AS unassigned, count(DISTINCT b.status)::int AS statuses,
              min(b.date_time) AS first, max(b.date_time) AS last
         FROM users u JOIN partner_profiles p ON p.user_id = u.id JOIN bookings b ON b.referral_agent_id = p.referral_agent_id
        GROUP BY u.email ORDER BY count(b.id) DESC`,
    );
    const main = rows[0]!;
    expect(main.email).toBe(DEMO_EMAILS.partner);
    expect(main.bookings).toBe(3_000);
    expect(main.facilities).toBeGreaterThanOrEqual(30);
    expect(main.patients).toBeGreaterThan(1_000);
    expect(main.no_ticket).toBeGreaterThan(0);
    expect(main.unassigned).toBeGreaterThan(0);
    expect(main.statuses).toBe(5);
    const day = 86_400_000;
    expect(main.first.getTime()).toBeGreaterThan(Date.now() - 3 * 366 * day);
    expect(main.first.getTime()).toBeLessThan(Date.now() - 2 * 365 * day);
    expect(main.last.getTime()).toBeGreaterThan(Date.now());
    const facilities = await pool.query<{ count: number; countries: number }>(
      'SELECT count(*)::int AS count, count(DISTINCT country)::int AS countries FROM facilities',
    );
    expect(facilities.rows[0]).toEqual({ count: FACILITIES.length, countries: 10 });
    // money is exact, in the facility's currency
    const amounts = await pool.query<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM bookings WHERE amount::text !~ '^\\d+\\.\\d{2}$' OR currency !~ '^[A-Z]{3}$'`,
    );
    expect(amounts.rows[0]!.bad).toBe(0);

    // running it again adds nothing
    expect(await seedDemoBookings(pool)).toEqual([]);

    // a fresh start (same empty tables) gives the same bookings
    const before = await demoDigest();
    await pool.query('DELETE FROM bookings');
    await pool.query('DELETE FROM clients');
    await seedDemoBookings(pool);
    expect(await demoDigest()).toBe(before);
  });

  it('keeps the catalogue whole when it is ensured again', async () => {
    const pool = context.database.pool;
    const count = async () =>
      (await pool.query<{ n: string }>(
        `SELECT (SELECT count(*) FROM facilities) || '/' || (SELECT count(*) FROM facility_service_details) || '/' ||
                (SELECT count(*) FROM staff) || '/' || (SELECT count(*) FROM facility_locations) AS n`,
      )).rows[0]!.n;
    const before = await count();
    await ensureBookingCatalog(pool);
    expect(await count()).toBe(before);
  });

  it('loads a (small) bench, resumes instead of duplicating, and rebuilds with --reset', async () => {
    const pool = context.database.pool;
    const lines: string[] = [];
    const options = { bookings: 3_000, agents: 40, chunkSize: 1_000, log: (line: string) => lines.push(line) };
    const info = await seedBench(pool, options);
    expect(info).toMatchObject({ agentBookings: 300, totalBookings: 3_000, partnerEmail: 'bench-partner@bench.test' });
    expect(lines.some((line) => line.includes('bookings 3,000 / 3,000'))).toBe(true);
    expect(await findBench(pool)).toMatchObject({ agentBookings: 300, totalBookings: 3_000, referralAgentId: info.referralAgentId });

    const rare = await pool.query<{ name: string }>(
      `SELECT DISTINCT c.name FROM bookings b JOIN clients c ON c.id = b.client_id WHERE b.referral_agent_id = $1 AND c.name = ANY($2::text[])`,
      [info.referralAgentId, BENCH_RARE_NAMES],
    );
    expect(rare.rows.map((row) => row.name).sort()).toEqual([...BENCH_RARE_NAMES].sort());

    lines.length = 0;
    await seedBench(pool, options);
    expect(lines.some((line) => line.includes('already there'))).toBe(true);
    expect((await findBench(pool))?.totalBookings).toBe(3_000);

    await seedBench(pool, { ...options, reset: true });
    expect((await findBench(pool))?.totalBookings).toBe(3_000);
    const agents = await pool.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM referral_agents a JOIN referral_groups g ON g.id = a.referral_group_id WHERE g.slug = 'bench'`,
    );
    expect(agents.rows[0]!.count).toBe(40);
  });
});
