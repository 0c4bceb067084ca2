import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRateRowSchema, consoleRatesEndpoint } from '@portal/contracts/console-commission-rates';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { TestClient } from '../../test/http-client.ts';
import { consoleRequest, createTestOperator, signInOperatorAs } from '../../test/console-sign-in.ts';
import type { TestResponse } from '../../test/http-client.ts';
import { AFFILIATES_GROUP } from '@portal/contracts/constants';
import { createPartner } from '../../test/factories.ts';
import { readOutbox } from '../../test/outbox.ts';

/** The console's rate card: rows listed, a row added (validated, never overlapping), a row ended; audited. */
describe('console rate card', () => {
  let context: TestContext;
  let adminClient: TestClient;
  // The console's requests carry its CSRF header.
  const as = (client: TestClient) => ({
    get: (url: string): Promise<TestResponse> => consoleRequest(client, 'GET', url),
    post: (url: string, body: unknown): Promise<TestResponse> => consoleRequest(client, 'POST', url, body),
  });
  let admin: ReturnType<typeof as>;
  const ids: Record<string, number> = {};
  const base = { base_description: 'The treatment price, excluding travel', base_description_ar: 'سعر العلاج دون السفر', refund_window_days: 30 };

  beforeAll(async () => {
    context = await createTestApp();
    const pool = context.database.pool;
    const one = async (sql: string) => (await pool.query<{ id: number }>(sql)).rows[0]!.id;
    ids.dubai = await one(`INSERT INTO facilities (name, slug, country, city, currency) VALUES ('Pearl Dental (console test)', 'pearl-console', 'AE', 'Dubai', 'AED') RETURNING id`);
    ids.implant = await one(`INSERT INTO services (name) VALUES ('Dental Implant (console test)') RETURNING id`);
    adminClient = new TestClient(context.app);
    await signInOperatorAs(context, adminClient, (await createTestOperator(context, { role: 'admin' })).id);
    admin = as(adminClient);
  });
  afterAll(async () => context?.close());

  it('adds a flat rate in the facility\'s currency, lists it, and records who did it', async () => {
    const created = await admin.post('/api/console/commission-rates', {
      ...base,
      facility_id: ids.dubai,
      service_id: ids.implant,
      kind: 'flat',
      amount: '550.5',
      valid_from: '2026-01-01',
    });
    expect(created.statusCode).toBe(201);
    const row = consoleRateRowSchema.parse(created.json());
    expect(row).toMatchObject({ amount_minor: 55_050, currency: 'AED', facility: { id: ids.dubai, currency: 'AED' }, service: { id: ids.implant }, status: 'current' });
    const page = consoleRatesEndpoint.page.parse((await admin.get(`/api/console/commission-rates?facility_id=${ids.dubai}`)).json());
    expect(page.data.map((rate) => rate.id)).toEqual([row.id]);
    const audit = await context.database.pool.query("SELECT action, target_id FROM audit_events WHERE action = 'commission_rate.created'");
    expect(audit.rows).toEqual([{ action: 'commission_rate.created', target_id: String(row.id) }]);
  });

  it('refuses an overlap, another currency than the facility bills in, an unknown facility and bad fields, with field messages', async () => {
    const overlap = await admin.post('/api/console/commission-rates', { ...base, facility_id: ids.dubai, service_id: ids.implant, kind: 'percentage', basis_points: 800, valid_from: '2026-06-01' });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().errors.valid_from[0]).toMatch(/^Another rate for the same facility, service and tier applies from 2026-01-01 to open-ended/);
    const currency = await admin.post('/api/console/commission-rates', { ...base, facility_id: ids.dubai, kind: 'flat', amount: '100', currency: 'EUR', valid_from: '2026-01-01' });
    expect(currency.json().errors).toEqual({ currency: ['This facility bills in AED: a flat amount for it must be in AED.'] });
    const unknown = await admin.post('/api/console/commission-rates', { ...base, facility_id: 999_999, kind: 'percentage', basis_points: 800, valid_from: '2026-01-01' });
    expect(unknown.json().errors).toEqual({ facility_id: ['The selected facility does not exist.'] });
    const bad = await admin.post('/api/console/commission-rates', { ...base, kind: 'percentage', basis_points: 20_000, valid_from: '2026-02-30', refund_window_days: -1 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['basis_points', 'refund_window_days', 'valid_from']);
    const flatForAll = await admin.post('/api/console/commission-rates', { ...base, kind: 'flat', amount: '100', valid_from: '2026-01-01' });
    expect(flatForAll.json().errors).toEqual({ currency: ['A flat amount for all facilities needs a currency.'] });
  });

  it('ends a row, earlier only, then lets the next one start where it ends', async () => {
    const created = consoleRateRowSchema.parse(
      (await admin.post('/api/console/commission-rates', { ...base, kind: 'percentage', basis_points: 800, valid_from: '2026-01-01' })).json(),
    );
    const tooEarly = await admin.post(`/api/console/commission-rates/${created.id}/end`, { valid_to: '2026-01-01' });
    expect(tooEarly.json().errors).toEqual({ valid_to: ['A rate that starts on 2026-01-01 can end on 2026-01-02 at the earliest.'] });
    const ended = await admin.post(`/api/console/commission-rates/${created.id}/end`, { valid_to: '2026-07-01' });
    expect(ended.statusCode).toBe(200);
    expect(consoleRateRowSchema.parse(ended.json()).valid_to).toBe('2026-07-01');
    const longer = await admin.post(`/api/console/commission-rates/${created.id}/end`, { valid_to: '2026-08-01' });
    expect(longer.json().errors.valid_to[0]).toMatch(/^This rate already ends on 2026-07-01/);
    const next = await admin.post('/api/console/commission-rates', { ...base, kind: 'percentage', basis_points: 900, valid_from: '2026-07-01' });
    expect(next.statusCode).toBe(201);
    expect((await admin.post('/api/console/commission-rates/999999/end', { valid_to: '2026-08-01' })).statusCode).toBe(404);
    const audit = await context.database.pool.query("SELECT before, after FROM audit_events WHERE action = 'commission_rate.ended'");
    expect(audit.rows).toEqual([{ before: { valid_to: null }, after: { valid_to: '2026-07-01' } }]);
  });

  it("adds an individual contract's negotiated rate for its agent only, and refuses it with a tier or for a template", async () => {
    const pool = context.database.pool;
    const partner = await createPartner(pool);
    const one = async (sql: string, values: unknown[] = []) => (await pool.query<{ id: number }>(sql, values)).rows[0]!.id;
    const specialty = await one(`INSERT INTO specialties (name) VALUES ('Orthopaedics (contract test)') RETURNING id`);
    const contract = await one(
      `INSERT INTO agreements (kind, key, version, title, body_markdown, status, effective_at, referral_agent_id, published_at)
       VALUES ('individual', 'contract-console-test', 1, 'Individual contract', 'The negotiated terms.', 'published', '2026-01-01', $1, now()) RETURNING id`,
      [partner.referralAgentId],
    );
    const template = await one(
      `INSERT INTO agreements (kind, key, version, title, body_markdown, status, effective_at, published_at)
       VALUES ('template', 'template-console-test', 1, 'Programme', 'The programme terms.', 'published', '2026-01-01', now()) RETURNING id`,
    );
    const negotiated = { ...base, specialty_id: specialty, kind: 'percentage', basis_points: 1250, valid_from: '2026-01-01' };

    const created = await admin.post('/api/console/commission-rates', { ...negotiated, contract_id: contract });
    expect(created.statusCode, created.body).toBe(201);
    const row = consoleRateRowSchema.parse(created.json());
    expect(row).toMatchObject({ agent: { id: partner.referralAgentId }, contract: { id: contract, title: 'Individual contract', version: 1 }, specialty: { id: specialty }, tier: null, basis_points: 1250 });
    const stored = await pool.query('SELECT referral_agent_id, agreement_id FROM commission_rates WHERE id = $1', [row.id]);
    expect(stored.rows).toEqual([{ referral_agent_id: partner.referralAgentId, agreement_id: contract }]);

    // The same key overlaps within the contract, not with the general card.
    const again = await admin.post('/api/console/commission-rates', { ...negotiated, contract_id: contract, valid_from: '2026-06-01' });
    expect(again.json().errors.valid_from[0]).toMatch(/^Another rate for the same facility, service and tier applies from 2026-01-01/);
    expect((await admin.post('/api/console/commission-rates', { ...negotiated, basis_points: 900 })).statusCode).toBe(201);

    const withTier = await admin.post('/api/console/commission-rates', { ...negotiated, contract_id: contract, tier_id: 1, valid_from: '2028-01-01' });
    expect(withTier.json().errors).toEqual({ tier_id: ["A contract's rate applies whatever the partner's tier: leave the tier empty."] });
    const notAContract = await admin.post('/api/console/commission-rates', { ...negotiated, contract_id: template, valid_from: '2028-01-01' });
    expect(notAContract.json().errors).toEqual({ contract_id: ['The selected individual contract does not exist or was withdrawn.'] });
    await pool.query("UPDATE agreements SET status = 'withdrawn' WHERE id = $1", [contract]);
    const withdrawn = await admin.post('/api/console/commission-rates', { ...negotiated, contract_id: contract, valid_from: '2028-01-01' });
    expect(withdrawn.json().errors).toEqual({ contract_id: ['The selected individual contract does not exist or was withdrawn.'] });
    await pool.query("UPDATE agreements SET status = 'published' WHERE id = $1", [contract]);

    // The console lists one contract's rows, as the agreements page links to them.
    const listed = consoleRatesEndpoint.page.parse((await admin.get(`/api/console/commission-rates?scope=contracts&contract_id=${contract}`)).json());
    expect(listed.data.map((rate) => rate.id)).toEqual([row.id]);
    const options = (await admin.get('/api/console/commission-rates/options')).json();
    expect(options.contracts).toContainEqual({ id: contract, title: 'Individual contract', version: 1, status: 'published', agent: { id: partner.referralAgentId, name: expect.any(String) } });
    expect(options.contracts.some((option: { id: number }) => option.id === template)).toBe(false);
    const audit = await pool.query("SELECT after->>'contract_id' AS contract_id FROM audit_events WHERE action = 'commission_rate.created' AND target_id = $1", [String(row.id)]);
    expect(audit.rows).toEqual([{ contract_id: String(contract) }]);
  });

  it('lets finance change the card and support only read it', async () => {
    const supportClient = new TestClient(context.app);
    await signInOperatorAs(context, supportClient, (await createTestOperator(context, { role: 'support' })).id);
    const support = as(supportClient);
    expect((await support.get('/api/console/commission-rates')).statusCode).toBe(200);
    expect((await support.post('/api/console/commission-rates', { ...base, kind: 'percentage', basis_points: 100, valid_from: '2027-01-01' })).statusCode).toBe(403);
    const financeClient = new TestClient(context.app);
    await signInOperatorAs(context, financeClient, (await createTestOperator(context, { role: 'finance' })).id);
    const finance = as(financeClient);
    expect((await finance.post('/api/console/commission-rates', { ...base, facility_id: ids.dubai, kind: 'percentage', basis_points: 100, valid_from: '2027-01-01' })).statusCode).toBe(201);
  });

  it("tells the agents whose rates change, in the portal and by e-mail, naming the rate, old and new and the day; affiliates hear nothing", async () => {
    const pool = context.database.pool;
    const partner = await createPartner(pool);
    const affiliate = await createPartner(pool, { referralGroupSlug: AFFILIATES_GROUP });
    await pool.query(`INSERT INTO facility_service_details (facility_id, service_id, price, currency) VALUES ($1, $2, 900, 'AED')`, [ids.dubai, ids.implant]);
    // The Dubai implant is priced by its flat AED 550.50 row; ending it on 1 March 2027 hands it to the facility's
    // own row (1 %, from 2027, added by finance above), which the notice names as the cause.
    const ended = await admin.post(`/api/console/commission-rates/${(await pool.query<{ id: number }>('SELECT id FROM commission_rates WHERE amount_minor = 55050')).rows[0]!.id}/end`, { valid_to: '2027-03-01' });
    expect(ended.statusCode).toBe(200);
    await context.app.jobs.drain();
    await context.app.mailer.flush();

    const { rows } = await pool.query<{ user_id: number; title: string; body: string; link: string }>(
      `SELECT user_id, title, body, link FROM notifications WHERE type = 'rates.changed' ORDER BY user_id`,
    );
    // The earlier tests' changes were queued too and are announced with this one, each on its own day.
    const ours = rows.filter((row) => row.user_id === partner.userId && row.title.endsWith('1 Mar 2027'));
    expect(ours).toHaveLength(1);
    expect(ours[0]!.title).toBe('Your commission rates change on 1 Mar 2027');
    expect(ours[0]!.body).toBe('Pearl Dental (console test) · all services: AED 550.50 → 1 %');
    expect(ours[0]!.link).toBe('/commission-structure');
    expect(rows.some((row) => row.user_id === affiliate.userId)).toBe(false);
    const mail = readOutbox(context.config.mail.outboxDir).filter((message) => message.to.includes(partner.email));
    expect(mail.map((message) => message.subject)).toContain('Your commission rates change on 1 Mar 2027');
    expect(mail.length).toBe(rows.filter((row) => row.user_id === partner.userId).length);
    expect(readOutbox(context.config.mail.outboxDir).some((message) => message.to.includes(affiliate.email))).toBe(false);
  });
});
