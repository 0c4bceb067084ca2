import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TierHistoryKind } from '@portal/contracts/partner-tiers';
import { createBooking } from '../../test/booking-factories.ts';
import { createPartner } from '../../test/factories.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { findAgentTier, listHistory, listTiers } from './repository.ts';
import { createTierService, type TierEvent, type TierService } from './service.ts';

/**
 * The nightly rule (docs/partner-tiers.md) on a controlled clock: every agent starts at the entry tier; it is promoted
 * as soon as a higher tier's criteria are met; a tier not earned over a whole period gets notice, and falls at the end
 * of the first period that ends 30 days or more later, unless it is earned again before; a frozen tier never moves.
 * The certificate source is a stub (certification is a later issue).
 */
describe('tier evaluation', () => {
  let context: TestContext;
  let service: TierService;
  const events: TierEvent[] = [];
  const certified = new Set<number>();
  const tier: Record<'entry' | 'gold' | 'top', number> = { entry: 0, gold: 0, top: 0 };
  const at = (iso: string) => new Date(iso);

  async function agent(): Promise<number> {
    return (await createPartner(context.database.pool)).referralAgentId;
  }
  /** `count` completed treatments on `day`, each 1,500 AED (about USD 408 at the test's rate). */
  async function completed(referralAgentId: number, day: string, count: number, extra: { status?: 'completed' | 'cancelled'; currency?: string } = {}) {
    for (let index = 0; index < count; index += 1) {
      await createBooking(context.database.pool, { referralAgentId, dateTime: `${day}T09:00:00Z`, status: extra.status ?? 'completed', amount: '1500.00', currency: extra.currency ?? 'AED' });
    }
  }
  const evaluate = (referralAgentId: number, iso: string): Promise<TierHistoryKind[]> => service.evaluateAgent(context.database.pool, referralAgentId, at(iso));
  const tierOf = async (referralAgentId: number) => (await findAgentTier(context.database.pool, referralAgentId))!;

  beforeAll(async () => {
    context = await createTestApp();
    const pool = context.database.pool;
    const insert = async (slug: string, rank: number) =>
      (await pool.query<{ id: number }>(`INSERT INTO partner_tiers (slug, name, name_ar, rank, evaluation_period) VALUES ($1, $2, $2, $3, 'quarter') RETURNING id`, [slug, slug, rank])).rows[0]!.id;
    tier.entry = await insert('entry', 1);
    tier.gold = await insert('gold', 2);
    tier.top = await insert('top', 3);
    await pool.query(
      `INSERT INTO partner_tier_criteria (tier_id, kind, threshold_count, threshold_minor, currency, certificate_programme) VALUES
         ($1, 'completed_bookings', 3, NULL, NULL, NULL), ($1, 'completed_value', NULL, 100000, 'USD', NULL),
         ($2, 'completed_bookings', 5, NULL, NULL, NULL), ($2, 'active_certificate', NULL, NULL, NULL, 'partner-essentials')`,
      [tier.gold, tier.top],
    );
    await pool.query(`INSERT INTO exchange_rates (currency, reference, rate, as_of) VALUES ('AED', 'USD', 0.2723, '2025-01-01')`);
    service = createTierService({
      certificates: { holdsActive: async (_db, referralAgentId, programme) => programme === 'partner-essentials' && certified.has(referralAgentId) },
      announce: async (event) => {
        events.push(event);
      },
    });
  });
  afterAll(async () => context?.close());

  it('starts an agent at the entry tier, and promotes it the night its bookings meet a higher tier in the period', async () => {
    const id = await agent();
    expect(await evaluate(id, '2026-02-10T02:20:00Z')).toEqual(['initial']);
    expect((await tierOf(id)).tier_id).toBe(tier.entry);

    // Two completed in the quarter, one cancelled, one last quarter: not yet (bookings 2 of 3, value USD 816 of 1,000).
    await completed(id, '2026-02-11', 2);
    await completed(id, '2026-02-12', 1, { status: 'cancelled' });
    await completed(id, '2025-12-30', 1);
    expect(await evaluate(id, '2026-02-13T02:20:00Z')).toEqual([]);
    const gold = (await listTiers(context.database.pool))[1]!;
    const measured = await service.measure(context.database.pool, id, gold, { start: at('2026-01-01'), end: at('2026-04-01') }, at('2026-02-13'));
    expect(measured.progress.map((criterion) => [criterion.kind, criterion.achieved, criterion.target, criterion.met])).toEqual([
      ['completed_bookings', 2, 3, false],
      ['completed_value', 81_690, 100_000, false],
    ]);

    // A third completed treatment meets both: promoted at once, told, and written in the history.
    await completed(id, '2026-02-20', 1);
    expect(await evaluate(id, '2026-02-21T02:20:00Z')).toEqual(['promotion']);
    expect(await tierOf(id)).toMatchObject({ tier_id: tier.gold, since: at('2026-02-21T02:20:00Z') });
    expect(events.filter((event) => event.referralAgentId === id).map((event) => [event.kind, event.to.id])).toEqual([
      ['initial', tier.entry],
      ['promotion', tier.gold],
    ]);
    expect((await listHistory(context.database.pool, id)).map((entry) => [entry.kind, entry.from?.id ?? null, entry.to.id, entry.automatic])).toEqual([
      ['promotion', tier.entry, tier.gold, true],
      ['initial', null, tier.entry, true],
    ]);
  });

  it('counts a currency without an exchange rate as left out, never at a guessed rate', async () => {
    const id = await agent();
    await completed(id, '2026-05-02', 3, { currency: 'KWD' });
    const gold = (await listTiers(context.database.pool))[1]!;
    const measured = await service.measure(context.database.pool, id, gold, { start: at('2026-04-01'), end: at('2026-07-01') }, at('2026-05-03'));
    expect(measured.unconvertedBookings).toBe(3);
    expect(measured.progress.find((criterion) => criterion.kind === 'completed_value')).toMatchObject({ achieved: 0, met: false });
    expect(measured.progress.find((criterion) => criterion.kind === 'completed_bookings')).toMatchObject({ achieved: 3, met: true });
  });

  it('gives notice after a period the tier was not earned in, and demotes at the end of the first period 30 days on', async () => {
    const id = await agent();
    await evaluate(id, '2025-12-01T02:20:00Z');
    await service.setTier(context.database.pool, { referralAgentId: id, tierId: tier.gold, reason: 'Migrated from the old programme', operatorId: null, now: at('2025-12-20T10:00:00Z') }, async () => {});
    // Not judged on the quarter it got the tier in part of: nothing on 2 January.
    expect(await evaluate(id, '2026-01-02T02:20:00Z')).toEqual([]);
    // No treatment in the first quarter: notice on 1 April, falling at the end of June (1 May is inside the quarter).
    expect(await evaluate(id, '2026-04-01T02:20:00Z')).toEqual(['demotion_notice']);
    expect(await tierOf(id)).toMatchObject({ tier_id: tier.gold, demotion_tier_id: tier.entry, demotion_effective_at: at('2026-07-01T00:00:00Z') });
    // Only one notice, and the tier holds until the quarter ends.
    expect(await evaluate(id, '2026-06-30T23:00:00Z')).toEqual([]);
    expect((await tierOf(id)).tier_id).toBe(tier.gold);
    expect(await evaluate(id, '2026-07-01T02:20:00Z')).toEqual(['demotion']);
    expect(await tierOf(id)).toMatchObject({ tier_id: tier.entry, demotion_tier_id: null, since: at('2026-07-01T00:00:00Z') });
    const notice = events.find((event) => event.referralAgentId === id && event.kind === 'demotion_notice')!;
    expect(notice.effectiveAt).toEqual(at('2026-07-01T00:00:00Z'));
  });

  it('withdraws the notice when the tier is earned again before it runs out', async () => {
    const id = await agent();
    await evaluate(id, '2025-12-01T02:20:00Z');
    await service.setTier(context.database.pool, { referralAgentId: id, tierId: tier.gold, reason: 'Migrated from the old programme', operatorId: null, now: at('2025-12-20T10:00:00Z') }, async () => {});
    expect(await evaluate(id, '2026-04-01T02:20:00Z')).toEqual(['demotion_notice']);
    await completed(id, '2026-04-14', 3);
    expect(await evaluate(id, '2026-04-15T02:20:00Z')).toEqual(['notice_withdrawn']);
    expect(await tierOf(id)).toMatchObject({ tier_id: tier.gold, demotion_tier_id: null, demotion_effective_at: null });
    expect(await evaluate(id, '2026-07-01T02:20:00Z')).toEqual([]);
  });

  it('leaves a frozen tier alone, up or down, until it is unfrozen', async () => {
    const id = await agent();
    await evaluate(id, '2025-12-01T02:20:00Z');
    await service.setTier(context.database.pool, { referralAgentId: id, tierId: tier.gold, reason: 'Launch partner', operatorId: null, now: at('2025-12-20T10:00:00Z') }, async () => {});
    expect(await service.setFrozen(context.database.pool, { referralAgentId: id, frozen: true, reason: 'Launch partner for the first year', operatorId: null, now: at('2025-12-21T10:00:00Z') }, async () => {})).toBe('changed');
    expect(await evaluate(id, '2026-04-01T02:20:00Z')).toEqual([]);
    // Even a higher tier's criteria move nothing while frozen.
    certified.add(id);
    await completed(id, '2026-04-10', 5);
    expect(await evaluate(id, '2026-04-11T02:20:00Z')).toEqual([]);
    expect(await tierOf(id)).toMatchObject({ tier_id: tier.gold, frozen: true, demotion_tier_id: null });
    await service.setFrozen(context.database.pool, { referralAgentId: id, frozen: false, reason: 'First year over', operatorId: null, now: at('2026-04-12T10:00:00Z') }, async () => {});
    expect(await evaluate(id, '2026-04-13T02:20:00Z')).toEqual(['promotion']);
    expect((await tierOf(id)).tier_id).toBe(tier.top);
  });

  it('needs the certificate for a tier that asks for one (the certificate source answers)', async () => {
    const id = await agent();
    await completed(id, '2026-08-03', 5);
    expect(await evaluate(id, '2026-08-04T02:20:00Z')).toEqual(['initial', 'promotion']);
    expect((await tierOf(id)).tier_id).toBe(tier.gold);
    certified.add(id);
    expect(await evaluate(id, '2026-08-05T02:20:00Z')).toEqual(['promotion']);
    expect((await tierOf(id)).tier_id).toBe(tier.top);
  });

  it('keeps the history append-only', async () => {
    const id = await agent();
    await evaluate(id, '2026-02-10T02:20:00Z');
    await expect(context.database.pool.query("UPDATE agent_tier_history SET reason = 'rewritten' WHERE referral_agent_id = $1", [id])).rejects.toThrow(/append-only/);
    await expect(context.database.pool.query('DELETE FROM agent_tier_history WHERE referral_agent_id = $1', [id])).rejects.toThrow(/append-only/);
  });
});
