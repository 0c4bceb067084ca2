import type { RateValue, UpcomingRateChange } from '@portal/contracts/commission-rates';
import type { TierComparison } from '@portal/contracts/partner-tiers';
import type { Queryable } from '../../db/queryable.ts';
import { utcDay } from '../../lib/calendar-days.ts';
import { cardSchedule, changeDays, contractRates, effectiveRates, resolveRate, resolveRates, type RateRequest, type ResolvedRate, type ScheduleRow } from './repository.ts';

/**
 * The rate card as the other parts of the programme reach it (docs/programme-terms.md): the tier page's preview of
 * the next tier, agreements' rate schedule snapshot and, in issue 16, the ledger pricing a completed booking. The
 * module decorates it as `app.commissionRates`; another module imports only this file (eslint.config.js).
 */
export interface CommissionRates {
  /** The one row that prices a booking of `facilityId` × `serviceId` for the agent, created on `on` (UTC day). */
  resolve(db: Queryable, options: { referralAgentId: number; facilityId: number; serviceId: number; on: Date }): Promise<ResolvedRate | undefined>;
  /**
   * `resolve` for many bookings in one query, each on its own pricing day (YYYY-MM-DD): the card's rows, the agent's
   * tier and individual contract as they were that day. Answers in the requests' order, undefined where no row applies.
   */
  resolveMany(db: Queryable, requests: readonly RateRequest[]): Promise<(ResolvedRate | undefined)[]>;
  /** The agent's effective rate per facility × service on `on`; priced as `tierId` would be when given. */
  effectiveRates(db: Queryable, options: { referralAgentId: number; tierId?: number | null; on: Date }): Promise<ResolvedRate[]>;
  /** How the agent's rates change over the next `horizonDays` days, each change once, oldest first. */
  upcomingChanges(db: Queryable, options: { referralAgentId: number; on: Date; horizonDays: number }): Promise<UpcomingRateChange[]>;
  /** The agent's rates that would differ in `tierId` (the tier page's "what the next tier changes"), grouped by cause. */
  tierComparison(db: Queryable, options: { referralAgentId: number; tierId: number; on: Date }): Promise<TierComparison>;
  /** The card's general rows in force on `on` (what an agreement publishes as its schedule). */
  schedule(db: Queryable, options: { on: Date }): Promise<ScheduleRow[]>;
  /** An individual contract's negotiated rows, in words. */
  contractRates(db: Queryable, agreementId: number): Promise<ScheduleRow[]>;
}

export type { RateRequest, ResolvedRate, ScheduleRow };

/** The UTC calendar day of an instant: what a booking created at that instant is priced on. */
export function pricingDay(at: Date): string {
  return utcDay(at);
}

function sameRate(a: RateValue | null, b: RateValue | null): boolean {
  if (a === null || b === null) return a === b;
  return a.kind === b.kind && a.basis_points === b.basis_points && a.amount_minor === b.amount_minor && a.currency === b.currency;
}

export function createCommissionRates(): CommissionRates {
  return {
    resolve: (db, options) => resolveRate(db, { ...options, day: pricingDay(options.on) }),
    resolveMany: (db, requests) => resolveRates(db, requests),
    effectiveRates: (db, options) => effectiveRates(db, { referralAgentId: options.referralAgentId, tierId: options.tierId, day: pricingDay(options.on) }),
    async upcomingChanges(db, { referralAgentId, on, horizonDays }) {
      const today = pricingDay(on);
      const days = await changeDays(db, referralAgentId, today, horizonDays);
      // Grouped by what causes them: the card's row deciding after the day (or the one ending), and the one before.
      const groups = new Map<string, UpcomingRateChange & { facilityIds: Set<number> }>();
      let before = new Map((await effectiveRates(db, { referralAgentId, day: today })).map((rate) => [rate.id, rate]));
      for (const day of days) {
        const after = new Map((await effectiveRates(db, { referralAgentId, day })).map((rate) => [rate.id, rate]));
        for (const id of new Set([...before.keys(), ...after.keys()])) {
          const from = before.get(id);
          const to = after.get(id);
          if (sameRate(from?.rate ?? null, to?.rate ?? null)) continue;
          const cause = (to ?? from)!;
          // The rows before and after: the same pair means the same change (a percentage's currency, each facility's own, does not split it).
          const key = `${day}:${to?.rate_id ?? 'none'}:${from?.rate_id ?? 'none'}`;
          const group =
            groups.get(key) ??
            groups
              .set(key, { key, effective_on: day, scope: cause.scope, from: from?.rate ?? null, to: to?.rate ?? null, rates: 0, facilities: 0, facilityIds: new Set() })
              .get(key)!;
          group.rates += 1;
          group.facilityIds.add(cause.facility_id);
        }
        before = after;
      }
      const changes = [...groups.values()].map(({ facilityIds, ...change }) => ({ ...change, facilities: facilityIds.size }));
      return changes;
    },
    schedule: (db, { on }) => cardSchedule(db, pricingDay(on)),
    contractRates: (db, agreementId) => contractRates(db, agreementId),
    async tierComparison(db, { referralAgentId, tierId, on }) {
      const day = pricingDay(on);
      const [now, then] = await Promise.all([effectiveRates(db, { referralAgentId, day }), effectiveRates(db, { referralAgentId, day, tierId })]);
      const before = new Map(now.map((rate) => [rate.id, rate]));
      const groups = new Map<string, TierComparison['changes'][number]>();
      for (const after of then) {
        const from = before.get(after.id);
        if (sameRate(from?.rate ?? null, after.rate)) continue;
        const key = `${after.rate_id}:${from?.rate_id ?? 'none'}`;
        const group = groups.get(key) ?? groups.set(key, { key, scope: after.scope, now: from?.rate ?? null, then: after.rate, rates: 0 }).get(key)!;
        group.rates += 1;
      }
      return { changes: [...groups.values()] };
    },
  };
}
