import type { DashboardAction, DashboardCardData, DashboardCardId, ResolvedRange } from '@portal/contracts/dashboard';
import { bucketStart, rangeBuckets } from '@portal/contracts/dashboard';
import type { PartnerPermission } from '@portal/contracts/partner-roles';
import type { AuthenticatedUser } from '../../plugins/auth-guard.ts';

/**
 * The dashboard as the areas reach it (docs/dashboard.md), decorated as `app.dashboard`; another module imports only
 * this file (eslint.config.js). An area that has a card registers its source here from its own module; one that has
 * something for the member to do registers an action source. The dashboard owns the routes, the range and the guard.
 */
export interface Dashboard {
  /** `GET /api/dashboard/cards/<id>`: the card's figures for a member whose role holds `permission`. */
  card<Id extends DashboardCardId>(source: DashboardCardSource<Id>): void;
  /** What the action card asks of the member: every source whose permission the member's role holds is asked. */
  action(source: DashboardActionSource): void;
}

export interface DashboardCardSource<Id extends DashboardCardId> {
  id: Id;
  permission: PartnerPermission;
  summary: string;
  /** The figures, scoped to the member inside the query (their agent, and their own referrals for the `own` scope). */
  load(user: AuthenticatedUser, range: ResolvedRange, today: string): Promise<DashboardCardData<Id>>;
}

export interface DashboardActionSource {
  name: string;
  permission: PartnerPermission;
  actions(user: AuthenticatedUser, today: string): Promise<DashboardAction[]>;
}

/** A day's figure as a rollup answers it: `day` is YYYY-MM-DD, `value` an integer. */
export interface DayFigure {
  day: string;
  value: number;
}

/**
 * Folds a rollup's days (from `previous_from` to `to`) into the range's total, the previous period's and one figure
 * per bucket of the range (rangeBuckets): the card's number, its comparison and its chart from one read.
 */
export function foldDays(range: ResolvedRange, days: readonly DayFigure[]): { current: number; previous: number; buckets: Map<string, number> } {
  const buckets = new Map(rangeBuckets(range).map((start) => [start, 0]));
  let current = 0;
  let previous = 0;
  for (const { day, value } of days) {
    if (day >= range.from && day <= range.to) {
      current += value;
      // The first bucket starts at `from` even mid-week or mid-month (rangeBuckets).
      const start = bucketStart(day, range.bucket);
      const key = start < range.from ? range.from : start;
      buckets.set(key, (buckets.get(key) ?? 0) + value);
    } else if (day >= range.previous_from && day <= range.previous_to) previous += value;
  }
  return { current, previous, buckets };
}
