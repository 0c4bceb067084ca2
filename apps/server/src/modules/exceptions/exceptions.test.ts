import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exceptionCountsSchema, exceptionsEndpoint, type FinanceException } from '@portal/contracts/console-exceptions';
import { consoleOverviewSchema } from '@portal/contracts/console-overview';
import type { OperatorRole } from '@portal/contracts/operator-permissions';
import { createBooking } from '../../test/booking-factories.ts';
import { consoleRequest, createTestOperator, signInOperatorAs } from '../../test/console-sign-in.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient } from '../../test/http-client.ts';
import { insertPayout } from '../../test/ledger-rows.ts';
import { readOutbox } from '../../test/outbox.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { NEGATIVE_BALANCES_JOB } from './module.ts';

const URL = exceptionsEndpoint.url;
const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * Finance's exceptions (docs/console-exceptions.md): who may read them, each kind listed while its cause holds and gone
 * once it is resolved, the filters and counts, finance told of a balance gone negative, and the Overview's counts.
 */
describe('console exceptions', () => {
  let context: TestContext;
  let finance: TestClient;
  let financeEmail: string;

  async function operator(role: OperatorRole) {
    const client = new TestClient(context.app);
    const created = await createTestOperator(context, { role });
    await signInOperatorAs(context, client, created.id);
    return { client, email: created.email };
  }

  async function list(query = ''): Promise<FinanceException[]> {
    const response = await consoleRequest(finance, 'GET', `${URL}?per_page=100${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return exceptionsEndpoint.page.parse(response.json()).data;
  }

  async function counts(query = '') {
    const response = await consoleRequest(finance, 'GET', `${URL}/counts${query ? `?${query}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    return exceptionCountsSchema.parse(response.json());
  }

  /** An approved line of `amountMinor` EUR for the agent: a commission, or (below zero) an adjustment of a new one. */
  async function approvedLine(partner: CreatedPartner, amountMinor: number, currency = 'EUR') {
    const pool = context.database.pool;
    const booking = await createBooking(pool, { referralAgentId: partner.referralAgentId, status: 'completed', amount: '100.00', currency });
    const insert = (kind: string, amount: number, adjusts: string | null) =>
      pool.query<{ id: string }>(
        `INSERT INTO commission_lines (kind, referral_agent_id, booking_id, facility_id, treatment_on, earned_on, base_minor, base_currency, rate, amount_minor, currency, status,
                                       payable_on, approved_at, adjusts_line_id, adjustment_reason, adjustment_source)
         VALUES ($1, $2, $3, $4, '2026-01-10', '2026-01-10', 10000, $5, '{"kind":"percentage","basis_points":1000}', $6, $5, $7, '2026-01-24', now(), $8,
                 CASE WHEN $1 = 'adjustment' THEN 'Goodwill reversed after the facility''s audit' END, CASE WHEN $1 = 'adjustment' THEN 'manual' END)
         RETURNING id`,
        [kind, partner.referralAgentId, booking.id, booking.facilityId, currency, amount, kind === 'adjustment' ? 'approved' : 'approved', adjusts],
      );
    if (amountMinor >= 0) return insert('commission', amountMinor, null);
    // A commission of 0 (already paid out, say) that a negative adjustment follows.
    const commission = await insert('commission', 0, null);
    return insert('adjustment', amountMinor, commission.rows[0]!.id);
  }

  async function verifyDetails(partner: CreatedPartner) {
    await context.database.pool.query(
      `INSERT INTO payment_details (referral_agent_id, scheme, holder_name, bank_country, account_sealed, account_last4, account_fingerprint, status, verified_at)
       VALUES ($1, 'iban', 'Harbor Health Partners', 'DE', 'sealed', '3000', repeat('a', 64), 'verified', now())
       ON CONFLICT (referral_agent_id) DO UPDATE SET status = 'verified', verified_at = now(), frozen_at = NULL`,
      [partner.referralAgentId],
    );
  }

  beforeAll(async () => {
    context = await createTestApp();
    const signedIn = await operator('finance');
    finance = signedIn.client;
    financeEmail = signedIn.email;
  });
  afterAll(async () => context?.close());

  it('lets in the roles that hold exceptions.read (finance, admin) and refuses the others (403) and a stranger (401)', async () => {
    expect((await new TestClient(context.app).get(URL)).statusCode).toBe(401);
    expect((await consoleRequest((await operator('admin')).client, 'GET', `${URL}/counts`)).statusCode).toBe(200);
    for (const role of ['support', 'content'] as const) {
      const { client } = await operator(role);
      expect((await consoleRequest(client, 'GET', URL)).statusCode, role).toBe(403);
      expect((await consoleRequest(client, 'GET', `${URL}/counts`)).statusCode, role).toBe(403);
    }
  });

  it('lists a completion the ledger could not price, with why, until a rate prices it (finance may price it again at once, audited)', async () => {
    const pool = context.database.pool;
    const partner = await createPartner(pool);
    await verifyDetails(partner);
    const booking = await createBooking(pool, { referralAgentId: partner.referralAgentId, status: 'confirmed', facility: 'Exceptions Clinic Without Rates', dateTime: `${day(-2)}T09:00:00Z`, createdAt: `${day(-30)}T08:00:00Z` });
    const support = (await operator('support')).client;
    expect((await consoleRequest(support, 'POST', `/api/console/bookings/${booking.id}/status`, { status: 'completed', expected_status: 'confirmed' })).statusCode).toBe(200);
    await context.app.jobs.drain();

    const listed = (await list(`&referral_agent_id=${partner.referralAgentId}`)).filter((row) => row.kind === 'unpriced_completion');
    expect(listed).toEqual([expect.objectContaining({ kind: 'unpriced_completion', booking_id: booking.id, reason: 'no_rate', facility_id: booking.facilityId, agent_name: expect.any(String) })]);
    expect((await counts(`referral_agent_id=${partner.referralAgentId}`)).counts.unpriced_completion).toBe(1);

    // Priced again before the fix: still no rate, and said so. Support may not price (403); an unknown booking is a 404.
    const priceAgain = `${URL}/unpriced-completions/${booking.id}/price`;
    const early = await consoleRequest(finance, 'POST', priceAgain);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json()).toEqual({ priced: false, reason: 'no_rate' });
    expect((await consoleRequest(support, 'POST', priceAgain)).statusCode).toBe(403);
    expect((await consoleRequest(finance, 'POST', `${URL}/unpriced-completions/2147483647/price`)).statusCode).toBe(404);

    await pool.query(
      `INSERT INTO commission_rates (facility_id, kind, basis_points, currency, base_description, base_description_ar, refund_window_days, valid_from)
       VALUES ($1, 'percentage', 800, (SELECT currency FROM bookings WHERE id = $2), 'The treatment price', 'سعر العلاج', 14, '2020-01-01')`,
      [booking.facilityId, booking.id],
    );
    const priced = await consoleRequest(finance, 'POST', priceAgain);
    expect(priced.json()).toEqual({ priced: true, reason: null });
    const line = await pool.query(`SELECT count(*)::int AS count FROM commission_lines WHERE booking_id = $1 AND kind = 'commission'`, [booking.id]);
    expect(line.rows[0].count).toBe(1);
    const audit = await pool.query(
      `SELECT actor_role, after FROM audit_events WHERE action = 'commission.pricing_retried' AND target_type = 'booking' AND target_id = $1 ORDER BY id`,
      [String(booking.id)],
    );
    expect(audit.rows).toEqual([
      { actor_role: 'finance', after: { priced: false, reason: 'no_rate' } },
      { actor_role: 'finance', after: { priced: true, reason: null } },
    ]);
    expect((await list(`&referral_agent_id=${partner.referralAgentId}&kind=unpriced_completion`)).map((row) => row.id)).toEqual([]);
    expect((await counts(`referral_agent_id=${partner.referralAgentId}`)).counts.unpriced_completion).toBe(0);
  });

  it('lists a negative balance per agent and currency, tells finance once by e-mail, and drops it when the balance is back above zero', async () => {
    const pool = context.database.pool;
    const partner = await createPartner(pool);
    await verifyDetails(partner);
    await approvedLine(partner, 1_250);
    await approvedLine(partner, -3_000);
    await approvedLine(partner, 400, 'GBP');

    const rows = await list(`&referral_agent_id=${partner.referralAgentId}`);
    expect(rows).toEqual([expect.objectContaining({ kind: 'negative_balance', id: `negative_balance:${partner.referralAgentId}:EUR`, currency: 'EUR', amount_minor: -1_750 })]);
    expect((await list(`&referral_agent_id=${partner.referralAgentId}&currency=GBP`)).length).toBe(0);

    // The scan opens the notice and e-mails every finance operator; a second scan tells nobody again.
    await context.app.jobs.send(NEGATIVE_BALANCES_JOB, {});
    await context.app.jobs.drain();
    await context.app.mailer.flush();
    const told = readOutbox(context.config.mail.outboxDir).filter((mail) => mail.to === financeEmail && mail.text.includes(`EUR -17.50`));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('/console/exceptions?kind=negative_balance');
    await context.app.jobs.send(NEGATIVE_BALANCES_JOB, {});
    await context.app.jobs.drain();
    await context.app.mailer.flush();
    expect(readOutbox(context.config.mail.outboxDir).filter((mail) => mail.to === financeEmail && mail.text.includes(`EUR -17.50`))).toHaveLength(1);
    const open = await pool.query(`SELECT balance_minor::int AS balance, closed_at FROM negative_balance_notices WHERE referral_agent_id = $1`, [partner.referralAgentId]);
    expect(open.rows).toEqual([{ balance: -1_750, closed_at: null }]);

    await approvedLine(partner, 2_000);
    expect(await list(`&referral_agent_id=${partner.referralAgentId}&kind=negative_balance`)).toEqual([]);
    await context.app.jobs.send(NEGATIVE_BALANCES_JOB, {});
    await context.app.jobs.drain();
    const closed = await pool.query(`SELECT closed_at FROM negative_balance_notices WHERE referral_agent_id = $1`, [partner.referralAgentId]);
    expect(closed.rows[0].closed_at).not.toBeNull();
  });

  it('lists a failed payout until a later payout of the agent and currency is built', async () => {
    const pool = context.database.pool;
    const partner = await createPartner(pool);
    await verifyDetails(partner);
    const failed = await insertPayout(pool, partner.referralAgentId, 'failed', 9_900);
    expect(await list(`&referral_agent_id=${partner.referralAgentId}`)).toEqual([
      expect.objectContaining({ kind: 'failed_payout', payout_id: failed, amount_minor: 9_900, currency: 'EUR', reason: 'The bank returned it.' }),
    ]);
    await insertPayout(pool, partner.referralAgentId, 'draft', 9_900);
    expect(await list(`&referral_agent_id=${partner.referralAgentId}&kind=failed_payout`)).toEqual([]);
  });

  it('lists money held on missing, unverified or frozen payment details until they are verified', async () => {
    const pool = context.database.pool;
    const partner = await createPartner(pool);
    await approvedLine(partner, 5_000);
    await insertPayout(pool, partner.referralAgentId, 'draft', 2_500);
    expect(await list(`&referral_agent_id=${partner.referralAgentId}`)).toEqual([
      expect.objectContaining({ kind: 'held_payout', id: `held_payout:${partner.referralAgentId}:EUR`, amount_minor: 7_500, reason: 'missing' }),
    ]);
    await pool.query(
      `INSERT INTO payment_details (referral_agent_id, scheme, holder_name, bank_country, account_sealed, account_last4, account_fingerprint)
       VALUES ($1, 'iban', 'Cedar Travel Ltd', 'GB', 'sealed', '4321', repeat('b', 64))`,
      [partner.referralAgentId],
    );
    expect((await list(`&referral_agent_id=${partner.referralAgentId}&kind=held_payout`))[0]).toMatchObject({ reason: 'unverified' });
    await verifyDetails(partner);
    expect(await list(`&referral_agent_id=${partner.referralAgentId}`)).toEqual([]);
  });

  it('counts what the list holds, per kind and in total, for every filter', async () => {
    const all = await list();
    const { counts: byKind, total, agents, currencies } = await counts();
    expect(total).toBe(all.length);
    // The filters offer exactly the agents and currencies that have an open exception.
    expect(currencies).toEqual([...new Set(all.map((row) => row.currency))].sort());
    expect(agents.map((agent) => agent.id).sort()).toEqual([...new Set(all.map((row) => row.referral_agent_id))].sort());
    for (const [kind, count] of Object.entries(byKind)) expect(count, kind).toBe(all.filter((row) => row.kind === kind).length);
    const firstPage = exceptionsEndpoint.page.parse((await consoleRequest(finance, 'GET', `${URL}?per_page=10&kind=held_payout`)).json());
    expect(firstPage.total).toBe(byKind.held_payout);
  });

  it('refuses a bad filter with its field (422)', async () => {
    const bad = await consoleRequest(finance, 'GET', `${URL}?kind=lost&currency=euro&referral_agent_id=abc`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['currency', 'kind', 'referral_agent_id']);
    expect((await consoleRequest(finance, 'GET', `${URL}/counts?currency=12`)).statusCode).toBe(422);
  });

  it('the Overview counts the waiting work each role may open, and only that', async () => {
    const response = await consoleRequest(finance, 'GET', '/api/console/overview');
    expect(response.statusCode, response.body).toBe(200);
    const overview = consoleOverviewSchema.parse(response.json());
    expect(overview.waiting.map((entry) => entry.item)).toEqual(['payouts_due', 'exceptions']);
    expect(overview.waiting.find((entry) => entry.item === 'exceptions')!.count).toBe((await counts()).total);
    const drafts = await context.database.pool.query(`SELECT count(*)::int AS count FROM payouts WHERE status = 'draft'`);
    expect(overview.waiting.find((entry) => entry.item === 'payouts_due')!.count).toBe(drafts.rows[0].count);

    const support = consoleOverviewSchema.parse((await consoleRequest((await operator('support')).client, 'GET', '/api/console/overview')).json());
    expect(support.waiting.map((entry) => entry.item)).toEqual(['applications', 'feedback', 'payouts_due']);
    const admin = consoleOverviewSchema.parse((await consoleRequest((await operator('admin')).client, 'GET', '/api/console/overview')).json());
    expect(admin.waiting.map((entry) => entry.item)).toEqual(['applications', 'feedback', 'failed_jobs', 'payouts_due', 'exceptions']);
    expect((await new TestClient(context.app).get('/api/console/overview')).statusCode).toBe(401);
  });
});
