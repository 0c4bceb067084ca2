import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking } from '../../test/booking-factories.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * The dashboard's cards (docs/dashboard.md): figures of a range beside the period just before it ("new" from 0, and
 * down to 0), from the rollups the triggers keep; scoped to the agent and, for an agent-role member, to their own
 * referrals; a bad range is a 422; and the action card asks each role only for what it may do.
 */

let context: TestContext;
let owner: CreatedPartner;
let fieldAgent: CreatedPartner;
let financeMember: CreatedPartner;
let stranger: CreatedPartner;

// March 2026, 1st to 10th: the previous period of the same length is 19 to 28 February.
const MARCH = 'range=custom&from=2026-03-01&to=2026-03-10';

const RATE = JSON.stringify({ kind: 'percentage', basis_points: 1000, amount_minor: null, currency: 'EUR', refund_window_days: 14 });

async function clientOf(partner: CreatedPartner) {
  const client = new TestClient(context.app);
  await signInAs(context, client, partner.userId);
  return client;
}

async function booking(partner: CreatedPartner, referrer: CreatedPartner, created: string, options: { status?: 'pending' | 'completed'; treatment?: string } = {}) {
  return createBooking(context.database.pool, {
    referralAgentId: partner.referralAgentId,
    referredByUserId: referrer.userId,
    status: options.status ?? 'pending',
    createdAt: `${created}T10:00:00Z`,
    dateTime: `${options.treatment ?? created}T09:00:00Z`,
    facility: 'Dashboard Test Clinic',
  });
}

async function line(partner: CreatedPartner, referrer: CreatedPartner, fields: { earned: string; amount: number; currency: string; status: 'pending' | 'approved' | 'paid'; paidOn?: string; payoutId?: number }) {
  // The booking was referred long before: it is in none of the ranges the booking figures are asked for.
  const created = await booking(partner, referrer, '2025-06-01', { status: 'completed' });
  await context.database.pool.query(
    `INSERT INTO commission_lines (kind, referral_agent_id, referred_by_user_id, booking_id, facility_id, treatment_on, earned_on, base_minor, base_currency, rate,
                                   amount_minor, currency, status, payable_on, paid_on, payout_id, approved_at)
     SELECT 'commission', $1, $2, b.id, b.facility_id, $3::date, $3::date, $4::bigint * 10, $5, $6, $4, $5, $7, $3::date + 14, $8::date, $9,
            CASE WHEN $7 <> 'pending' THEN now() END
       FROM bookings b WHERE b.id = $10`,
    [partner.referralAgentId, referrer.userId, fields.earned, fields.amount, fields.currency, RATE, fields.status, fields.paidOn ?? null, fields.payoutId ?? null, created.id],
  );
}

beforeAll(async () => {
  context = await createTestApp();
  const pool = context.database.pool;
  owner = await createPartner(pool);
  fieldAgent = await createPartner(pool, { referralAgentId: owner.referralAgentId, role: 'agent' });
  financeMember = await createPartner(pool, { referralAgentId: owner.referralAgentId, role: 'finance' });
  stranger = await createPartner(pool);

  // February (the period before March): two bookings by the owner, one of them completed on the 20th.
  await booking(owner, owner, '2026-02-19');
  await booking(owner, owner, '2026-02-20', { status: 'completed' });
  // March: three by the owner, two by the field agent (one completed, treated on the 9th), none completed by the owner.
  await booking(owner, owner, '2026-03-01');
  await booking(owner, owner, '2026-03-02');
  await booking(owner, owner, '2026-03-10');
  await booking(owner, fieldAgent, '2026-03-03');
  await booking(owner, fieldAgent, '2026-03-04', { status: 'completed', treatment: '2026-03-09' });
  // Another agent's busy March, never counted for the owner's.
  for (const day of ['2026-03-01', '2026-03-02', '2026-03-05']) await booking(stranger, stranger, day, { status: 'completed' });

  // Euros: 100.00 earned in February and paid on 6 March; 30.00 pending and 65.00 approved earned in March.
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO payouts (referral_agent_id, currency, amount_minor, lines, status, statement_number, scheduled_on, sent_at, paid_at)
     VALUES ($1, 'EUR', 10000, 1, 'paid', 'SB-2026-800001', '2026-03-05', '2026-03-05T08:00:00Z', '2026-03-06T10:00:00Z') RETURNING id`,
    [owner.referralAgentId],
  );
  await line(owner, owner, { earned: '2026-02-21', amount: 10000, currency: 'EUR', status: 'paid', paidOn: '2026-03-06', payoutId: Number(rows[0]!.id) });
  await line(owner, owner, { earned: '2026-03-02', amount: 3000, currency: 'EUR', status: 'pending' });
  await line(owner, fieldAgent, { earned: '2026-03-08', amount: 6500, currency: 'EUR', status: 'approved' });
  // Baht: 2,000.00 pending and 500.00 approved, earned in February only: down to nothing in March. The 500.00 is below
  // the baht's minimum payout (1,800.00).
  await line(owner, owner, { earned: '2026-02-25', amount: 200000, currency: 'THB', status: 'pending' });
  await line(owner, owner, { earned: '2026-02-26', amount: 50000, currency: 'THB', status: 'approved' });
  await line(stranger, stranger, { earned: '2026-03-03', amount: 99900, currency: 'EUR', status: 'approved' });
});
afterAll(async () => {
  await context.close();
});

describe('GET /api/dashboard/cards/booking-kpis', () => {
  it("counts the agent's referred and completed bookings of the range beside the period before it, and per day for the chart", async () => {
    const response = await (await clientOf(owner)).get(`/api/dashboard/cards/booking-kpis?${MARCH}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.range).toMatchObject({ kind: 'custom', from: '2026-03-01', to: '2026-03-10', previous_from: '2026-02-19', previous_to: '2026-02-28', days: 10, bucket: 'day' });
    expect(body.referred).toEqual({ current: 5, previous: 2 });
    expect(body.completed).toEqual({ current: 1, previous: 1 });
    expect(body.series).toHaveLength(10);
    expect(body.series[0]).toEqual({ start: '2026-03-01', referred: 1, completed: 0 });
    expect(body.series[8]).toEqual({ start: '2026-03-09', referred: 0, completed: 1 });
  });

  it('shows an agent-role member only the bookings they referred', async () => {
    const body = (await (await clientOf(fieldAgent)).get(`/api/dashboard/cards/booking-kpis?${MARCH}`)).json();
    expect(body.referred).toEqual({ current: 2, previous: 0 });
    expect(body.completed).toEqual({ current: 1, previous: 0 });
  });

  it('compares down to nothing: a range with no bookings after a period with some', async () => {
    const body = (await (await clientOf(owner)).get('/api/dashboard/cards/booking-kpis?range=custom&from=2026-03-11&to=2026-03-20')).json();
    expect(body.referred).toEqual({ current: 0, previous: 5 });
    expect(body.completed).toEqual({ current: 0, previous: 1 });
  });

  it('follows a booking completed, cancelled or moved after it was counted (the rollup is kept by triggers)', async () => {
    const pool = context.database.pool;
    const before = (await (await clientOf(owner)).get(`/api/dashboard/cards/booking-kpis?${MARCH}`)).json();
    const late = await booking(owner, owner, '2026-03-05');
    await pool.query(`UPDATE bookings SET status = 'completed' WHERE id = $1`, [late.id]);
    const completed = (await (await clientOf(owner)).get(`/api/dashboard/cards/booking-kpis?${MARCH}`)).json();
    expect(completed.referred.current).toBe(before.referred.current + 1);
    expect(completed.completed.current).toBe(before.completed.current + 1);
    await pool.query(`UPDATE bookings SET status = 'cancelled', search_text = 'changed' WHERE id = $1`, [late.id]);
    await pool.query(`DELETE FROM bookings WHERE id = $1`, [late.id]);
    const after = (await (await clientOf(owner)).get(`/api/dashboard/cards/booking-kpis?${MARCH}`)).json();
    expect(after.referred).toEqual(before.referred);
    expect(after.completed).toEqual(before.completed);
  });

  it('is refused to finance, who may not read referrals', async () => {
    const response = await (await clientOf(financeMember)).get(`/api/dashboard/cards/booking-kpis?${MARCH}`);
    expect(response.statusCode).toBe(403);
  });

  it('resolves the default range to the last 30 days, today included, and year to date from 1 January', async () => {
    const client = await clientOf(owner);
    const today = new Date().toISOString().slice(0, 10);
    const thirty = (await client.get('/api/dashboard/cards/booking-kpis')).json();
    expect(thirty.range).toMatchObject({ kind: '30d', to: today, days: 30, bucket: 'day' });
    expect(thirty.series).toHaveLength(30);
    const year = (await client.get('/api/dashboard/cards/booking-kpis?range=ytd')).json();
    expect(year.range).toMatchObject({ kind: 'ytd', from: `${today.slice(0, 4)}-01-01`, to: today });
  });

  it('answers 422 with the field for a range it cannot use', async () => {
    const client = await clientOf(owner);
    const cases: [string, string][] = [
      ['range=week', 'range'],
      ['range=custom&from=2026-03-01', 'to'],
      ['range=custom&from=2026-03-10&to=2026-03-01', 'to'],
      ['range=custom&from=2026-02-30&to=2026-03-01', 'from'],
      ['range=custom&from=2020-01-01&to=2026-03-01', 'to'],
    ];
    for (const [query, field] of cases) {
      const response = await client.get(`/api/dashboard/cards/booking-kpis?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toContain(field);
    }
  });

  it('answers 401 without a session', async () => {
    const response = await new TestClient(context.app).get(`/api/dashboard/cards/booking-kpis?${MARCH}`);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/dashboard/cards/earnings-kpis', () => {
  it('gives each currency its pending, approved and paid figures beside the period before, never adding currencies', async () => {
    const body = (await (await clientOf(owner)).get(`/api/dashboard/cards/earnings-kpis?${MARCH}`)).json();
    expect(body.currencies.map((entry: { currency: string }) => entry.currency)).toEqual(['EUR', 'THB']);
    const [euros, baht] = body.currencies;
    // "new" on the card: nothing pending, approved or paid in February's days.
    expect(euros.pending).toEqual({ current: 3000, previous: 0 });
    expect(euros.approved).toEqual({ current: 6500, previous: 0 });
    expect(euros.paid).toEqual({ current: 10000, previous: 0 });
    // Down to 0: baht earned in February, none in March.
    expect(baht.pending).toEqual({ current: 0, previous: 200000 });
    expect(baht.approved).toEqual({ current: 0, previous: 50000 });
    expect(euros.series[5]).toEqual({ start: '2026-03-06', pending_minor: 0, approved_minor: 0, paid_minor: 10000 });
  });

  it("tells owners and finance the next payout: the approved balance, or that it is below the currency's minimum", async () => {
    for (const member of [owner, financeMember]) {
      const body = (await (await clientOf(member)).get(`/api/dashboard/cards/earnings-kpis?${MARCH}`)).json();
      expect(body.next_payouts).toEqual([
        expect.objectContaining({ currency: 'EUR', amount_minor: 6500, state: 'scheduled', minimum_minor: 5000 }),
        expect.objectContaining({ currency: 'THB', amount_minor: 50000, state: 'below_minimum', minimum_minor: 180000 }),
      ]);
      // Both on the default schedule: the next 5th of a month, today or later.
      const today = new Date().toISOString().slice(0, 10);
      for (const payout of body.next_payouts) expect(payout.on >= today && payout.on.endsWith('-05')).toBe(true);
    }
  });

  it("shows an agent-role member only their own referrals' earnings and no payouts", async () => {
    const body = (await (await clientOf(fieldAgent)).get(`/api/dashboard/cards/earnings-kpis?${MARCH}`)).json();
    expect(body.currencies).toHaveLength(1);
    expect(body.currencies[0]).toMatchObject({ currency: 'EUR', pending: { current: 0, previous: 0 }, approved: { current: 6500, previous: 0 }, paid: { current: 0, previous: 0 } });
    expect(body.next_payouts).toEqual([]);
  });
});

describe('GET /api/dashboard/cards/actions', () => {
  it('asks the owner to add payment details, sign a waiting agreement, look at a failed payout and follow up invitations', async () => {
    const pool = context.database.pool;
    await pool.query(
      `INSERT INTO payouts (referral_agent_id, currency, amount_minor, lines, status, failure_reason, scheduled_on, failed_at)
       VALUES ($1, 'THB', 50000, 1, 'failed', 'The bank returned the transfer: account closed.', current_date - 3, now() - interval '2 days')`,
      [owner.referralAgentId],
    );
    const invited = await createPartner(pool, { referralAgentId: owner.referralAgentId, role: 'agent' });
    await pool.query(`INSERT INTO team_invitations (user_id, referral_agent_id, invited_by_user_id, expires_at) VALUES ($1, $2, $3, now() + interval '7 days')`, [
      invited.userId,
      owner.referralAgentId,
      owner.userId,
    ]);
    const body = (await (await clientOf(owner)).get('/api/dashboard/cards/actions')).json();
    const kinds = body.actions.map((action: { kind: string }) => action.kind);
    expect(kinds).toEqual(expect.arrayContaining(['payment_details_missing', 'payout_failed', 'invites_pending']));
    // The urgent ones first: payouts are held without details, and a failed payout's money is waiting.
    expect(body.actions.at(-1).severity).toBe('normal');
    expect(body.actions.find((action: { kind: string }) => action.kind === 'payout_failed')).toMatchObject({ count: 1, link: '/my-earnings#payouts', severity: 'high' });
    expect(body.actions.find((action: { kind: string }) => action.kind === 'invites_pending')).toMatchObject({ count: 1, link: '/manage-user' });
  });

  it("asks each role only for what it may do: an agent-role member nothing of the agent's payouts, details or team", async () => {
    const body = (await (await clientOf(fieldAgent)).get('/api/dashboard/cards/actions')).json();
    expect(body.actions).toEqual([]);
    const finance = (await (await clientOf(financeMember)).get('/api/dashboard/cards/actions')).json();
    expect(finance.actions.map((action: { kind: string }) => action.kind).sort()).toEqual(['payment_details_missing', 'payout_failed']);
  });

  it("never shows another agent's state", async () => {
    const body = (await (await clientOf(stranger)).get('/api/dashboard/cards/actions')).json();
    expect(body.actions.map((action: { kind: string }) => action.kind)).toEqual(['payment_details_missing']);
  });
});
