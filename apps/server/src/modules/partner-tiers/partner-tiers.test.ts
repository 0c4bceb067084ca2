import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerTierViewSchema, tierComparisonSchema } from '@portal/contracts/partner-tiers';
import { consoleAgentTierRowSchema, consoleAgentTiersEndpoint, consoleTierSchema, consoleTiersSchema } from '@portal/contracts/console-partner-tiers';
import { createBooking } from '../../test/booking-factories.ts';
import { consoleRequest, createTestOperator, signInOperatorAs } from '../../test/console-sign-in.ts';
import { createPartner, type CreatedPartner } from '../../test/factories.ts';
import { TestClient, type TestResponse } from '../../test/http-client.ts';
import { readOutbox } from '../../test/outbox.ts';
import { signInAs } from '../../test/sign-in.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * /api/partner-tiers (the partner's page) and the console's tiers: what a partner reads about its own tier and
 * progress, what an operator changes (validated, audited, told to the partner), and who may do which.
 */
describe('partner tiers', () => {
  let context: TestContext;
  let partner: CreatedPartner;
  let client: TestClient;
  let admin: { get: (url: string) => Promise<TestResponse>; post: (url: string, body: unknown) => Promise<TestResponse>; put: (url: string, body: unknown) => Promise<TestResponse> };
  const tier: Record<'silver' | 'gold' | 'platinum', number> = { silver: 0, gold: 0, platinum: 0 };
  const thisQuarter = () => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3, 1));
  };

  beforeAll(async () => {
    context = await createTestApp();
    const pool = context.database.pool;
    const insert = async (slug: string, name: string, rank: number) =>
      (await pool.query<{ id: number }>(`INSERT INTO partner_tiers (slug, name, name_ar, rank, benefits, benefits_ar) VALUES ($1, $2, $2, $3, $4, $4) RETURNING id`, [slug, name, rank, `${name} benefits`])).rows[0]!.id;
    tier.silver = await insert('silver', 'Silver', 1);
    tier.gold = await insert('gold', 'Gold', 2);
    tier.platinum = await insert('platinum', 'Platinum', 3);
    await pool.query(`INSERT INTO partner_tier_criteria (tier_id, kind, threshold_count) VALUES ($1, 'completed_bookings', 4), ($2, 'completed_bookings', 10)`, [tier.gold, tier.platinum]);
    await pool.query(`INSERT INTO partner_tier_criteria (tier_id, kind, threshold_minor, currency) VALUES ($1, 'completed_value', 1000000, 'AED')`, [tier.platinum]);
    partner = await createPartner(pool);
    await pool.query('INSERT INTO agent_tiers (referral_agent_id, tier_id, since) VALUES ($1, $2, $3)', [partner.referralAgentId, tier.gold, '2026-01-15T00:00:00Z']);
    await pool.query(`INSERT INTO agent_tier_history (referral_agent_id, from_tier_id, to_tier_id, kind, automatic, effective_at) VALUES ($1, $2, $3, 'promotion', true, '2026-01-15T00:00:00Z')`, [
      partner.referralAgentId,
      tier.silver,
      tier.gold,
    ]);
    // Six completed treatments this quarter (one not completed, one of another agent): 6 of 10 toward Platinum.
    const day = new Date(thisQuarter().getTime() + 3_600_000).toISOString();
    for (let index = 0; index < 6; index += 1) await createBooking(pool, { referralAgentId: partner.referralAgentId, dateTime: day, status: 'completed', amount: '2500.00', currency: 'AED' });
    await createBooking(pool, { referralAgentId: partner.referralAgentId, dateTime: day, status: 'confirmed' });
    const other = await createPartner(pool);
    await createBooking(pool, { referralAgentId: other.referralAgentId, dateTime: day, status: 'completed' });
    client = new TestClient(context.app);
    await signInAs(context, client, partner.userId);
    const adminClient = new TestClient(context.app);
    await signInOperatorAs(context, adminClient, (await createTestOperator(context, { role: 'admin' })).id);
    admin = {
      get: (url) => consoleRequest(adminClient, 'GET', url),
      post: (url, body) => consoleRequest(adminClient, 'POST', url, body),
      put: (url, body) => consoleRequest(adminClient, 'PUT', url, body),
    };
  });
  afterAll(async () => context?.close());

  it("shows the partner its tier, benefits, progress toward the next tier in this period, and its history", async () => {
    const response = await client.get('/api/partner-tiers');
    expect(response.statusCode).toBe(200);
    const view = partnerTierViewSchema.parse(response.json());
    expect(view.current).toMatchObject({ id: tier.gold, name: 'Gold' });
    expect(view.tiers.map((entry) => entry.name)).toEqual(['Silver', 'Gold', 'Platinum']);
    expect(view.next).toMatchObject({ id: tier.platinum });
    expect(view.progress.map((criterion) => [criterion.kind, criterion.achieved, criterion.target, criterion.met])).toEqual([
      ['completed_bookings', 6, 10, false],
      ['completed_value', 1_500_000, 1_000_000, true],
    ]);
    expect(view.period).toMatchObject({ kind: 'quarter', starts_on: thisQuarter().toISOString().slice(0, 10) });
    expect(view.period!.days_left).toBeGreaterThan(0);
    expect(view.history.map((entry) => [entry.kind, entry.from?.name, entry.to.name])).toEqual([['promotion', 'Silver', 'Gold']]);
    expect((await new TestClient(context.app).get('/api/partner-tiers')).statusCode).toBe(401);
  });

  it('previews the next tier through the rate card: only the rates that would differ', async () => {
    const pool = context.database.pool;
    await pool.query(
      `INSERT INTO commission_rates (kind, basis_points, base_description, base_description_ar, refund_window_days, valid_from, tier_id)
       VALUES ('percentage', 800, 'The treatment price', 'سعر العلاج', 30, '2026-01-01', NULL), ('percentage', 1200, 'The treatment price', 'سعر العلاج', 30, '2026-01-01', $1)`,
      [tier.platinum],
    );
    const compared = tierComparisonSchema.parse((await client.get(`/api/commission-structure/tier-comparison?tier_id=${tier.platinum}`)).json());
    expect(compared.changes).toHaveLength(1);
    expect(compared.changes[0]).toMatchObject({ now: { kind: 'percentage', basis_points: 800 }, then: { kind: 'percentage', basis_points: 1200 }, scope: { tier: { name: 'Platinum' } } });
    expect(compared.changes[0]!.rates).toBeGreaterThan(0);
    const unknown = await client.get('/api/commission-structure/tier-comparison?tier_id=999999');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ tier_id: ['The selected tier does not exist.'] });
    expect((await client.get('/api/commission-structure/tier-comparison?tier_id=abc')).json().errors).toEqual({ tier_id: ['The tier id field must be an integer.'] });
  });

  it("lets an operator set an agent's tier with a reason: audited, in the partner's history, told in the portal and by e-mail", async () => {
    const set = await admin.post(`/api/console/agent-tiers/${partner.referralAgentId}/tier`, { tier_id: tier.platinum, reason: 'Strategic partner for the Gulf launch' });
    expect(set.statusCode).toBe(200);
    expect(consoleAgentTierRowSchema.parse(set.json())).toMatchObject({ tier: { id: tier.platinum }, frozen: false });
    const view = partnerTierViewSchema.parse((await client.get('/api/partner-tiers')).json());
    expect(view.current?.id).toBe(tier.platinum);
    expect(view.next).toBeNull();
    expect(view.history[0]).toMatchObject({ kind: 'manual', automatic: false, reason: 'Strategic partner for the Gulf launch', from: { id: tier.gold }, to: { id: tier.platinum } });
    const audit = await context.database.pool.query("SELECT before, after, reason, target_id FROM audit_events WHERE action = 'agent_tier.set'");
    expect(audit.rows).toEqual([{ before: { tier_id: tier.gold }, after: { tier_id: tier.platinum }, reason: 'Strategic partner for the Gulf launch', target_id: String(partner.referralAgentId) }]);
    const notices = await context.database.pool.query<{ title: string; link: string }>("SELECT title, link FROM notifications WHERE type = 'tier.changed' AND user_id = $1", [partner.userId]);
    expect(notices.rows).toEqual([{ title: 'Your partner tier is now Platinum', link: '/partner-tiers' }]);
    await context.app.mailer.flush();
    expect(readOutbox(context.config.mail.outboxDir).some((mail) => mail.to.includes(partner.email) && mail.subject === 'Your partner tier is now Platinum')).toBe(true);

    const bad = await admin.post(`/api/console/agent-tiers/${partner.referralAgentId}/tier`, { tier_id: 999_999, reason: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['reason']);
    expect((await admin.post(`/api/console/agent-tiers/${partner.referralAgentId}/tier`, { tier_id: 999_999, reason: 'A real reason' })).json().errors).toEqual({ tier_id: ['The selected tier does not exist.'] });
    expect((await admin.post('/api/console/agent-tiers/999999/tier', { tier_id: tier.gold, reason: 'A real reason' })).statusCode).toBe(404);
  });

  it('freezes and unfreezes a tier with a reason, and refuses to freeze it twice', async () => {
    const frozen = await admin.post(`/api/console/agent-tiers/${partner.referralAgentId}/freeze`, { frozen: true, reason: 'Contract renegotiation under way' });
    expect(consoleAgentTierRowSchema.parse(frozen.json())).toMatchObject({ frozen: true, frozen_reason: 'Contract renegotiation under way' });
    const again = await admin.post(`/api/console/agent-tiers/${partner.referralAgentId}/freeze`, { frozen: true, reason: 'Again' });
    expect(again.json().errors).toEqual({ frozen: ["This agent's tier is already frozen."] });
    const list = consoleAgentTiersEndpoint.page.parse((await admin.get('/api/console/agent-tiers?state=frozen')).json());
    expect(list.data.map((row) => row.id)).toEqual([partner.referralAgentId]);
    expect(partnerTierViewSchema.parse((await client.get('/api/partner-tiers')).json()).frozen).toBe(true);
    const thawed = await admin.post(`/api/console/agent-tiers/${partner.referralAgentId}/freeze`, { frozen: false, reason: 'Renegotiation done' });
    expect(consoleAgentTierRowSchema.parse(thawed.json()).frozen).toBe(false);
    const actions = await context.database.pool.query<{ action: string }>("SELECT action FROM audit_events WHERE action LIKE 'agent_tier.%' ORDER BY id");
    expect(actions.rows.map((row) => row.action)).toEqual(['agent_tier.set', 'agent_tier.frozen', 'agent_tier.unfrozen']);
  });

  it('edits tiers and their criteria (amounts exactly in minor units), adds one above the rest, and refuses what cannot be', async () => {
    const body = { name: 'Gold', name_ar: 'ذهبي', benefits: 'A named partner manager', benefits_ar: 'مدير شراكة مخصص', evaluation_period: 'quarter', criteria: [{ kind: 'completed_bookings', threshold_count: 5 }, { kind: 'completed_value', threshold_amount: '2500.75', currency: 'USD' }] };
    const updated = await admin.put(`/api/console/partner-tiers/${tier.gold}`, body);
    expect(updated.statusCode).toBe(200);
    expect(consoleTierSchema.parse(updated.json()).criteria).toEqual([
      { kind: 'completed_bookings', threshold_count: 5, threshold_minor: null, currency: null, certificate_programme: null },
      { kind: 'completed_value', threshold_count: null, threshold_minor: 250_075, currency: 'USD', certificate_programme: null },
    ]);
    const audit = await context.database.pool.query<{ before: { benefits: string } }>("SELECT before FROM audit_events WHERE action = 'partner_tier.updated'");
    expect(audit.rows[0]!.before.benefits).toBe('Gold benefits');

    const entry = await admin.put(`/api/console/partner-tiers/${tier.silver}`, { ...body, name: 'Silver', criteria: [{ kind: 'completed_bookings', threshold_count: 1 }] });
    expect(entry.json().errors).toEqual({ criteria: ['The entry tier is where every partner starts: it cannot have criteria.'] });
    const decimals = await admin.put(`/api/console/partner-tiers/${tier.gold}`, { ...body, criteria: [{ kind: 'completed_value', threshold_amount: '10.5', currency: 'JPY' }] });
    expect(decimals.json().errors).toEqual({ 'criteria.0.threshold_amount': ['The value has more decimals than its currency has.'] });
    const twice = await admin.put(`/api/console/partner-tiers/${tier.gold}`, { ...body, criteria: [{ kind: 'completed_bookings', threshold_count: 1 }, { kind: 'completed_bookings', threshold_count: 2 }] });
    expect(twice.json().errors.criteria).toEqual(['A tier has at most one criterion of each kind.']);
    const missing = await admin.put(`/api/console/partner-tiers/${tier.gold}`, { ...body, criteria: [{ kind: 'completed_value', currency: 'usd' }] });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['criteria.0.currency', 'criteria.0.threshold_amount']);
    expect((await admin.put('/api/console/partner-tiers/999999', body)).statusCode).toBe(404);

    const created = await admin.post('/api/console/partner-tiers', { ...body, name: 'Diamond', name_ar: 'ماسي', criteria: [{ kind: 'active_certificate', certificate_programme: 'partner-essentials' }] });
    expect(created.statusCode).toBe(201);
    expect(consoleTierSchema.parse(created.json())).toMatchObject({ slug: 'diamond', rank: 4, agents: 0 });
    const tiers = consoleTiersSchema.parse((await admin.get('/api/console/partner-tiers')).json()).tiers;
    expect(tiers.map((entry) => [entry.name, entry.agents])).toEqual([
      ['Silver', 0],
      ['Gold', 0],
      ['Platinum', 1],
      ['Diamond', 0],
    ]);
  });

  it('lets support read tiers but change nothing', async () => {
    const supportClient = new TestClient(context.app);
    await signInOperatorAs(context, supportClient, (await createTestOperator(context, { role: 'support' })).id);
    expect((await consoleRequest(supportClient, 'GET', '/api/console/agent-tiers')).statusCode).toBe(200);
    expect((await consoleRequest(supportClient, 'POST', `/api/console/agent-tiers/${partner.referralAgentId}/freeze`, { frozen: true, reason: 'Not allowed' })).statusCode).toBe(403);
  });
});
