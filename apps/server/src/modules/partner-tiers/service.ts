import type pg from 'pg';
import { minorDigits } from '@portal/contracts/money';
import { DEMOTION_NOTICE_DAYS, type CriterionProgress, type PartnerTier, type PartnerTierView, type TierCriterion, type TierHistoryKind } from '@portal/contracts/partner-tiers';
import { inTransaction, type Queryable } from '../../db/queryable.ts';
import { demotionEffectiveAt, periodContaining, periodDays, previousPeriod, type Period } from './periods.ts';
import * as repository from './repository.ts';
import type { AgentTierState } from './repository.ts';
import { utcDay } from '../../lib/calendar-days.ts';

/**
 * Where "holds an active certificate of programme X" is answered. Certification is a later issue: until it lands the
 * portal's source answers no for everyone (`NO_CERTIFICATES`), and the tests give their own.
 */
export interface CertificateSource {
  holdsActive(db: Queryable, referralAgentId: number, programme: string, on: Date): Promise<boolean>;
}
export const NO_CERTIFICATES: CertificateSource = { holdsActive: async () => false };

/** A change to an agent's tier, told to its members once the change has committed (notices.ts words it). */
export interface TierEvent {
  referralAgentId: number;
  kind: TierHistoryKind;
  from: PartnerTier | null;
  to: PartnerTier;
  effectiveAt: Date;
  reason: string | null;
}

export interface TierServiceDeps {
  certificates: CertificateSource;
  /** Tells the agent's members (after the commit); failures are the notifier's to log. */
  announce: (event: TierEvent) => Promise<void>;
}

export interface Measurement {
  progress: CriterionProgress[];
  met: boolean;
  exchangeRatesAsOf: string | null;
  unconvertedBookings: number;
}

export interface TierService {
  /** How the agent stands against the tier's criteria over `period`, on the day `now`. */
  measure(db: Queryable, referralAgentId: number, tier: PartnerTier, period: Period, now: Date): Promise<Measurement>;
  /** The nightly rule for one agent (docs/partner-tiers.md); answers what happened, in order. */
  evaluateAgent(pool: pg.Pool, referralAgentId: number, now: Date): Promise<TierHistoryKind[]>;
  /** Every agent, each in its own transaction; answers how many changed. */
  evaluateAll(pool: pg.Pool, now: Date): Promise<number>;
  /** An operator's hand: the tier from now on, any notice cancelled. */
  setTier(pool: pg.Pool, change: { referralAgentId: number; tierId: number; reason: string; operatorId: number | null; now: Date }, audit: (client: pg.PoolClient, before: AgentTierState | undefined) => Promise<void>): Promise<void>;
  /** An operator freezes (the job leaves the tier alone) or unfreezes it. */
  setFrozen(pool: pg.Pool, change: { referralAgentId: number; frozen: boolean; reason: string; operatorId: number | null; now: Date }, audit: (client: pg.PoolClient, before: AgentTierState) => Promise<void>): Promise<'changed' | 'unchanged' | 'no-tier'>;
  /** The partner's page. */
  view(db: Queryable, referralAgentId: number, now: Date): Promise<PartnerTierView>;
}

const ref = (tier: PartnerTier) => ({ id: tier.id, name: tier.name, name_ar: tier.name_ar });

/** '412300.50' in EUR at 1.08 USD per EUR → minor units of USD, rounded (the value criterion is approximate anyway). */
function toReferenceMinor(amount: string, rate: number, reference: string): number {
  return Math.round(Number(amount) * rate * 10 ** minorDigits(reference));
}

export function createTierService(deps: TierServiceDeps): TierService {
  async function measureCriterion(
    db: Queryable,
    referralAgentId: number,
    criterion: TierCriterion,
    bookings: { currency: string; count: number; amount: string }[],
    now: Date,
  ): Promise<{ progress: CriterionProgress; asOf: string | null; unconverted: number }> {
    if (criterion.kind === 'completed_bookings') {
      const achieved = bookings.reduce((sum, row) => sum + row.count, 0);
      const target = criterion.threshold_count ?? 0;
      return { progress: { ...criterion, achieved, target, met: achieved >= target }, asOf: null, unconverted: 0 };
    }
    if (criterion.kind === 'completed_value') {
      const reference = criterion.currency!;
      const rates = await repository.exchangeRates(db, reference, utcDay(now));
      let achieved = 0;
      let unconverted = 0;
      let asOf: string | null = null;
      for (const row of bookings) {
        if (row.currency === reference) {
          achieved += toReferenceMinor(row.amount, 1, reference);
          continue;
        }
        const rate = rates.get(row.currency);
        if (!rate) {
          unconverted += row.count;
          continue;
        }
        achieved += toReferenceMinor(row.amount, rate.rate, reference);
        if (asOf === null || rate.asOf > asOf) asOf = rate.asOf;
      }
      const target = criterion.threshold_minor ?? 0;
      return { progress: { ...criterion, achieved, target, met: achieved >= target }, asOf, unconverted };
    }
    const held = await deps.certificates.holdsActive(db, referralAgentId, criterion.certificate_programme!, now);
    return { progress: { ...criterion, achieved: held ? 1 : 0, target: 1, met: held }, asOf: null, unconverted: 0 };
  }

  async function measure(db: Queryable, referralAgentId: number, tier: PartnerTier, period: Period, now: Date): Promise<Measurement> {
    const bookings = tier.criteria.some((criterion) => criterion.kind !== 'active_certificate') ? await repository.completedBookings(db, referralAgentId, period) : [];
    const results = await Promise.all(tier.criteria.map((criterion) => measureCriterion(db, referralAgentId, criterion, bookings, now)));
    const dates = results.map((result) => result.asOf).filter((day): day is string => day !== null);
    return {
      progress: results.map((result) => result.progress),
      met: results.every((result) => result.progress.met),
      exchangeRatesAsOf: dates.length > 0 ? dates.sort().at(-1)! : null,
      unconvertedBookings: Math.max(0, ...results.map((result) => result.unconverted)),
    };
  }

  const meets = async (db: Queryable, referralAgentId: number, tier: PartnerTier, period: Period, now: Date) => (await measure(db, referralAgentId, tier, period, now)).met;

  async function evaluateAgent(pool: pg.Pool, referralAgentId: number, now: Date): Promise<TierHistoryKind[]> {
    const events: TierEvent[] = [];
    await inTransaction(pool, async (client) => {
      await repository.lockAgent(client, referralAgentId);
      const tiers = await repository.listTiers(client);
      if (tiers.length === 0) return;
      const byId = new Map(tiers.map((tier) => [tier.id, tier]));
      const record = async (event: TierEvent, extra: { automatic?: boolean } = {}) => {
        await repository.insertHistory(client, {
          referralAgentId,
          fromTierId: event.from?.id ?? null,
          toTierId: event.to.id,
          kind: event.kind,
          automatic: extra.automatic ?? true,
          reason: event.reason,
          effectiveAt: event.effectiveAt,
          createdAt: now,
        });
        events.push(event);
      };

      let state = await repository.findAgentTier(client, referralAgentId, true);
      if (!state) {
        const entry = tiers[0]!;
        await repository.insertAgentTier(client, referralAgentId, entry.id, now);
        await record({ referralAgentId, kind: 'initial', from: null, to: entry, effectiveAt: now, reason: null });
        state = (await repository.findAgentTier(client, referralAgentId, true))!;
      }
      const next: AgentTierState = { ...state, evaluated_at: now };
      if (state.frozen) {
        await repository.updateAgentTier(client, next);
        return;
      }
      let current = byId.get(state.tier_id)!;

      // 1. A demotion whose notice has run out takes effect.
      if (next.demotion_effective_at && next.demotion_tier_id !== null && now.getTime() >= next.demotion_effective_at.getTime()) {
        const to = byId.get(next.demotion_tier_id) ?? tiers[0]!;
        await record({ referralAgentId, kind: 'demotion', from: current, to, effectiveAt: next.demotion_effective_at, reason: null });
        Object.assign(next, { tier_id: to.id, since: next.demotion_effective_at, demotion_tier_id: null, demotion_noticed_at: null, demotion_effective_at: null });
        current = to;
      }

      // 2. Promotion, as soon as a higher tier's criteria are met in its period so far (or in the last complete one).
      let promoted: PartnerTier | undefined;
      for (const tier of tiers.filter((candidate) => candidate.rank > current.rank).reverse()) {
        if ((await meets(client, referralAgentId, tier, periodContaining(now, tier.evaluation_period), now)) || (await meets(client, referralAgentId, tier, previousPeriod(now, tier.evaluation_period), now))) {
          promoted = tier;
          break;
        }
      }
      if (promoted) {
        await record({ referralAgentId, kind: 'promotion', from: current, to: promoted, effectiveAt: now, reason: null });
        Object.assign(next, { tier_id: promoted.id, since: now, demotion_tier_id: null, demotion_noticed_at: null, demotion_effective_at: null });
        await repository.updateAgentTier(client, next);
        return;
      }

      // 3. A pending notice is withdrawn when the tier's criteria are met again in the current period.
      if (next.demotion_tier_id !== null) {
        if (await meets(client, referralAgentId, current, periodContaining(now, current.evaluation_period), now)) {
          await record({ referralAgentId, kind: 'notice_withdrawn', from: byId.get(next.demotion_tier_id) ?? null, to: current, effectiveAt: now, reason: null });
          Object.assign(next, { demotion_tier_id: null, demotion_noticed_at: null, demotion_effective_at: null });
        }
        await repository.updateAgentTier(client, next);
        return;
      }

      // 4. A tier held through the whole of the last period and not earned in it: notice, then demotion at a period's end.
      const last = previousPeriod(now, current.evaluation_period);
      if (current.rank > tiers[0]!.rank && next.since.getTime() <= last.start.getTime() && !(await meets(client, referralAgentId, current, last, now))) {
        let to = tiers[0]!;
        for (const tier of tiers.filter((candidate) => candidate.rank < current.rank).reverse()) {
          if (await meets(client, referralAgentId, tier, last, now)) {
            to = tier;
            break;
          }
        }
        const effectiveAt = demotionEffectiveAt(now, current.evaluation_period, DEMOTION_NOTICE_DAYS);
        await record({ referralAgentId, kind: 'demotion_notice', from: current, to, effectiveAt, reason: null });
        Object.assign(next, { demotion_tier_id: to.id, demotion_noticed_at: now, demotion_effective_at: effectiveAt });
      }
      await repository.updateAgentTier(client, next);
    });
    for (const event of events) await deps.announce(event);
    return events.map((event) => event.kind);
  }

  return {
    measure,
    evaluateAgent,

    async evaluateAll(pool, now) {
      let changed = 0;
      for (const id of await repository.allAgentIds(pool)) {
        if ((await evaluateAgent(pool, id, now)).length > 0) changed += 1;
      }
      return changed;
    },

    async setTier(pool, change, audit) {
      let event: TierEvent | undefined;
      await inTransaction(pool, async (client) => {
        await repository.lockAgent(client, change.referralAgentId);
        const tiers = await repository.listTiers(client);
        const to = tiers.find((tier) => tier.id === change.tierId)!;
        const before = await repository.findAgentTier(client, change.referralAgentId, true);
        const from = before ? (tiers.find((tier) => tier.id === before.tier_id) ?? null) : null;
        if (before) {
          await repository.updateAgentTier(client, { ...before, tier_id: to.id, since: change.now, demotion_tier_id: null, demotion_noticed_at: null, demotion_effective_at: null });
        } else {
          await repository.insertAgentTier(client, change.referralAgentId, to.id, change.now);
        }
        await repository.insertHistory(client, {
          referralAgentId: change.referralAgentId,
          fromTierId: from?.id ?? null,
          toTierId: to.id,
          kind: 'manual',
          automatic: false,
          reason: change.reason,
          operatorId: change.operatorId,
          effectiveAt: change.now,
          createdAt: change.now,
        });
        await audit(client, before);
        event = { referralAgentId: change.referralAgentId, kind: 'manual', from, to, effectiveAt: change.now, reason: change.reason };
      });
      if (event) await deps.announce(event);
    },

    async setFrozen(pool, change, audit) {
      let event: TierEvent | undefined;
      const outcome = await inTransaction(pool, async (client) => {
        await repository.lockAgent(client, change.referralAgentId);
        const before = await repository.findAgentTier(client, change.referralAgentId, true);
        if (!before) return 'no-tier' as const;
        if (before.frozen === change.frozen) return 'unchanged' as const;
        const tier = (await repository.listTiers(client)).find((candidate) => candidate.id === before.tier_id)!;
        // A frozen tier cannot fall: a pending notice goes with the freeze.
        await repository.updateAgentTier(client, {
          ...before,
          frozen: change.frozen,
          frozen_reason: change.frozen ? change.reason : null,
          ...(change.frozen ? { demotion_tier_id: null, demotion_noticed_at: null, demotion_effective_at: null } : {}),
        });
        const kind = change.frozen ? 'freeze' : 'unfreeze';
        await repository.insertHistory(client, {
          referralAgentId: change.referralAgentId,
          fromTierId: tier.id,
          toTierId: tier.id,
          kind,
          automatic: false,
          reason: change.reason,
          operatorId: change.operatorId,
          effectiveAt: change.now,
          createdAt: change.now,
        });
        await audit(client, before);
        event = { referralAgentId: change.referralAgentId, kind, from: tier, to: tier, effectiveAt: change.now, reason: change.reason };
        return 'changed' as const;
      });
      if (event) await deps.announce(event);
      return outcome;
    },

    async view(db, referralAgentId, now) {
      const [tiers, state, history] = await Promise.all([repository.listTiers(db), repository.findAgentTier(db, referralAgentId), repository.listHistory(db, referralAgentId)]);
      const byId = new Map(tiers.map((tier) => [tier.id, tier]));
      const current = state ? byId.get(state.tier_id) : undefined;
      const next = current ? tiers.find((tier) => tier.rank > current.rank) : tiers[0];
      const empty = { progress: [], exchangeRatesAsOf: null, unconvertedBookings: 0 };
      const period = next ? periodContaining(now, next.evaluation_period) : current ? periodContaining(now, current.evaluation_period) : null;
      const measured = next && period ? await measure(db, referralAgentId, next, period, now) : empty;
      const demotionTier = state?.demotion_tier_id ? byId.get(state.demotion_tier_id) : undefined;
      return {
        tiers,
        current: current ? ref(current) : null,
        since: state?.since.toISOString() ?? null,
        frozen: state?.frozen ?? false,
        demotion:
          demotionTier && state?.demotion_effective_at
            ? { to: ref(demotionTier), noticed_at: state.demotion_noticed_at?.toISOString() ?? null, effective_at: state.demotion_effective_at.toISOString() }
            : null,
        next: next ? ref(next) : null,
        period: period ? { kind: next?.evaluation_period ?? current!.evaluation_period, ...periodDays(period, now) } : null,
        progress: measured.progress,
        exchange_rates_as_of: measured.exchangeRatesAsOf,
        unconverted_bookings: measured.unconvertedBookings,
        history,
      };
    },
  };
}
