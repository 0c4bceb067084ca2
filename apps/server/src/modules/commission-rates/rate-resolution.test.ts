import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartner } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createCommissionRates } from './public.ts';
import { insertRate, type NewRate } from './repository.ts';

/**
 * The resolution rule of docs/commission-rates.md, as a table: which row prices a facility × service for an agent on
 * a day. Each case names the row it expects by its label; `null` means no commission.
 */
describe('rate resolution', () => {
  let context: TestContext;
  const ids: Record<string, number> = {};
  const labelOf = new Map<number, string>();
  let goldAgent: number;
  let plainAgent: number;
  let contractAgent: number;
  const rates = createCommissionRates();

  const base = { baseDescription: 'The treatment price', baseDescriptionAr: 'سعر العلاج', refundWindowDays: 30 };
  async function rate(label: string, row: Omit<NewRate, 'baseDescription' | 'baseDescriptionAr' | 'refundWindowDays'>) {
    const id = await insertRate(context.database.pool, { ...base, ...row });
    labelOf.set(id, label);
  }
  const one = async (sql: string, values: unknown[]) => (await context.database.pool.query<{ id: number }>(sql, values)).rows[0]!.id;

  beforeAll(async () => {
    context = await createTestApp();
    const pool = context.database.pool;
    ids.cardiology = await one('INSERT INTO specialties (name) VALUES ($1) RETURNING id', ['Cardiology (rates test)']);
    ids.dentistry = await one('INSERT INTO specialties (name) VALUES ($1) RETURNING id', ['Dentistry (rates test)']);
    ids.echo = await one('INSERT INTO services (name, specialty_id) VALUES ($1, $2) RETURNING id', ['Echo (rates test)', ids.cardiology]);
    ids.bypass = await one('INSERT INTO services (name, specialty_id) VALUES ($1, $2) RETURNING id', ['Bypass (rates test)', ids.cardiology]);
    ids.stress = await one('INSERT INTO services (name, specialty_id) VALUES ($1, $2) RETURNING id', ['Stress test (rates test)', ids.cardiology]);
    ids.implant = await one('INSERT INTO services (name, specialty_id) VALUES ($1, $2) RETURNING id', ['Implant (rates test)', ids.dentistry]);
    ids.dubai = await one(`INSERT INTO facilities (name, slug, country, city, currency) VALUES ('Dubai Heart', 'dubai-heart-rt', 'AE', 'Dubai', 'AED') RETURNING id`, []);
    ids.berlin = await one(`INSERT INTO facilities (name, slug, country, city, currency) VALUES ('Berlin Clinic', 'berlin-clinic-rt', 'DE', 'Berlin', 'EUR') RETURNING id`, []);
    ids.muscat = await one(`INSERT INTO facilities (name, slug, country, city, currency) VALUES ('Muscat Clinic', 'muscat-clinic-rt', 'OM', 'Muscat', 'OMR') RETURNING id`, []);
    for (const facility of [ids.dubai, ids.berlin, ids.muscat]) {
      for (const service of [ids.echo, ids.bypass, ids.stress, ids.implant]) {
        await pool.query(`INSERT INTO facility_service_details (facility_id, service_id, price, currency) VALUES ($1, $2, 1000, 'EUR')`, [facility, service]);
      }
    }
    ids.gold = await one(`INSERT INTO partner_tiers (slug, name, name_ar, rank) VALUES ('gold', 'Gold', 'ذهبي', 2) RETURNING id`, []);
    ids.silver = await one(`INSERT INTO partner_tiers (slug, name, name_ar, rank) VALUES ('silver', 'Silver', 'فضي', 1) RETURNING id`, []);
    goldAgent = (await createPartner(pool)).referralAgentId;
    plainAgent = (await createPartner(pool)).referralAgentId;
    contractAgent = (await createPartner(pool)).referralAgentId;
    await pool.query('INSERT INTO agent_tiers (referral_agent_id, tier_id) VALUES ($1, $2), ($3, $2)', [goldAgent, ids.gold, contractAgent]);
    const contract = await one(
      `INSERT INTO agreements (kind, key, version, title, body_markdown, status, effective_at, referral_agent_id)
       VALUES ('individual', 'contract-rt', 1, 'Individual contract', 'Terms', 'published', now(), $1) RETURNING id`,
      [contractAgent],
    );
    const draft = await one(
      `INSERT INTO agreements (kind, key, version, title, body_markdown, status, effective_at, referral_agent_id)
       VALUES ('individual', 'contract-rt', 2, 'Individual contract v2', 'Terms', 'draft', now(), $1) RETURNING id`,
      [contractAgent],
    );

    await rate('general', { kind: 'percentage', basisPoints: 800, validFrom: '2026-01-01' });
    await rate('gold', { tierId: ids.gold, kind: 'percentage', basisPoints: 1000, validFrom: '2026-01-01' });
    await rate('cardiology', { specialtyId: ids.cardiology, kind: 'percentage', basisPoints: 900, validFrom: '2026-01-01' });
    await rate('cardiology gold', { specialtyId: ids.cardiology, tierId: ids.gold, kind: 'percentage', basisPoints: 950, validFrom: '2026-01-01' });
    await rate('bypass', { serviceId: ids.bypass, kind: 'percentage', basisPoints: 700, validFrom: '2026-01-01' });
    await rate('dubai', { facilityId: ids.dubai, currency: 'AED', kind: 'percentage', basisPoints: 750, validFrom: '2026-01-01' });
    await rate('dubai implant', { facilityId: ids.dubai, serviceId: ids.implant, kind: 'flat', amountMinor: 55_000, currency: 'AED', validFrom: '2026-01-01' });
    // Flat for all facilities, in euros: only facilities billing in euros.
    await rate('implant flat eur', { serviceId: ids.implant, kind: 'flat', amountMinor: 15_000, currency: 'EUR', validFrom: '2026-01-01' });
    // Effective dates: Berlin echo 5 % until 1 July (exclusive), 6 % from then; a later row beats an older equal one.
    await rate('berlin echo h1', { facilityId: ids.berlin, serviceId: ids.echo, kind: 'percentage', basisPoints: 500, validFrom: '2026-01-01', validTo: '2026-07-01' });
    await rate('berlin echo h2', { facilityId: ids.berlin, serviceId: ids.echo, kind: 'percentage', basisPoints: 600, validFrom: '2026-07-01' });
    await rate('berlin echo from march', { facilityId: ids.berlin, serviceId: ids.echo, kind: 'percentage', basisPoints: 550, validFrom: '2026-03-01', validTo: '2026-04-01' });
    // An individual contract's override, and one of a draft contract (not in force).
    await rate('contract', { referralAgentId: contractAgent, agreementId: contract, kind: 'percentage', basisPoints: 1500, validFrom: '2026-01-01' });
    await rate('draft contract', { referralAgentId: contractAgent, agreementId: draft, facilityId: ids.berlin, kind: 'percentage', basisPoints: 2000, validFrom: '2026-01-01' });
  });
  afterAll(async () => context?.close());

  const cases: [string, () => number, string, string, string, string | null][] = [
    // description, agent, facility, service, day, expected row
    ['nothing more specific: the general row', () => plainAgent, 'berlin', 'implant', '2026-05-01', 'implant flat eur'],
    ['a flat amount for all facilities does not apply to a facility billing in another currency', () => plainAgent, 'muscat', 'implant', '2026-05-01', 'general'],
    ['service beats specialty', () => plainAgent, 'berlin', 'bypass', '2026-05-01', 'bypass'],
    ['specialty beats the general row', () => plainAgent, 'berlin', 'stress', '2026-02-01', 'cardiology'],
    ['facility beats specialty and service', () => plainAgent, 'dubai', 'echo', '2026-05-01', 'dubai'],
    ['facility × service beats facility', () => plainAgent, 'dubai', 'implant', '2026-05-01', 'dubai implant'],
    ['tier beats nothing more specific: gold agent, general', () => goldAgent, 'berlin', 'implant', '2026-05-01', 'implant flat eur'],
    ['specialty × tier beats specialty alone', () => goldAgent, 'berlin', 'stress', '2026-02-01', 'cardiology gold'],
    ['a tier row never applies to an agent without that tier', () => plainAgent, 'muscat', 'implant', '2026-02-01', 'general'],
    ['the tier row applies to the agent holding it', () => goldAgent, 'muscat', 'implant', '2026-02-01', 'gold'],
    ['facility × service beats a facility row of a draft contract', () => contractAgent, 'berlin', 'stress', '2026-05-01', 'contract'],
    ['valid_from is inclusive', () => plainAgent, 'berlin', 'echo', '2026-07-01', 'berlin echo h2'],
    ['valid_to is exclusive', () => plainAgent, 'berlin', 'echo', '2026-06-30', 'berlin echo h1'],
    ['the latest valid_from wins among equals', () => plainAgent, 'berlin', 'echo', '2026-03-15', 'berlin echo from march'],
    ['before any row: no commission', () => plainAgent, 'berlin', 'echo', '2025-12-31', null],
    ['an individual contract beats everything', () => contractAgent, 'dubai', 'implant', '2026-05-01', 'contract'],
    ['a draft contract is not in force', () => contractAgent, 'berlin', 'echo', '2026-05-01', 'contract'],
  ];

  it.each(cases)('%s', async (_description, agent, facility, service, day, expected) => {
    const resolved = await rates.resolve(context.database.pool, {
      referralAgentId: agent(),
      facilityId: ids[facility]!,
      serviceId: ids[service]!,
      on: new Date(`${day}T12:00:00Z`),
    });
    expect(resolved ? labelOf.get(resolved.rate_id) : null).toBe(expected);
  });

  it('prices a whole table as another tier would, for the tier page', async () => {
    const asGold = await rates.effectiveRates(context.database.pool, { referralAgentId: plainAgent, tierId: ids.gold, on: new Date('2026-05-01T00:00:00Z') });
    const berlinImplant = asGold.find((row) => row.facility_id === ids.berlin && row.service_id === ids.implant)!;
    expect(labelOf.get(berlinImplant.rate_id)).toBe('implant flat eur');
    const own = await rates.effectiveRates(context.database.pool, { referralAgentId: plainAgent, on: new Date('2026-02-01T00:00:00Z') });
    const asGoldInFebruary = await rates.effectiveRates(context.database.pool, { referralAgentId: plainAgent, tierId: ids.gold, on: new Date('2026-02-01T00:00:00Z') });
    const echo = (rows: typeof own) => rows.find((row) => row.facility_id === ids.berlin && row.service_id === ids.stress)!;
    expect(echo(own).rate.basis_points).toBe(900);
    expect(echo(asGoldInFebruary).rate.basis_points).toBe(950);
    expect(echo(asGoldInFebruary).tier).toEqual({ id: ids.gold, name: 'Gold', name_ar: 'ذهبي' });
  });

  it('lists the coming changes: the day, the old and the new rate', async () => {
    const changes = await rates.upcomingChanges(context.database.pool, { referralAgentId: plainAgent, on: new Date('2026-06-15T09:00:00Z'), horizonDays: 30 });
    expect(changes).toEqual([
      {
        key: expect.any(String),
        effective_on: '2026-07-01',
        scope: { facility: 'Berlin Clinic', service: 'Echo (rates test)', specialty: null, tier: null },
        from: { kind: 'percentage', basis_points: 500, amount_minor: null, currency: 'EUR' },
        to: { kind: 'percentage', basis_points: 600, amount_minor: null, currency: 'EUR' },
        rates: 1,
        facilities: 1,
      },
    ]);
    expect(await rates.upcomingChanges(context.database.pool, { referralAgentId: plainAgent, on: new Date('2026-06-15T09:00:00Z'), horizonDays: 10 })).toEqual([]);
  });
});
