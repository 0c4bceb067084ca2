import type { FastifyInstance } from 'fastify';
import type { DashboardAction, EarningsKpis, NextPayout, PayoutHold, ResolvedRange } from '@portal/contracts/dashboard';
import { partnerRoleCan } from '@portal/contracts/partner-roles';
import type { Queryable } from '../../db/queryable.ts';
import type { AuthenticatedUser } from '../../plugins/auth-guard.ts';
import { foldDays, type DayFigure } from '../dashboard/public.ts';
import { payoutMinimum } from './payout-minimums.ts';
import { dailyAmounts, lineScopeOf } from '../commission-ledger/public.ts';
import { approvedBalances, DEFAULT_PAYOUT_DAY, nextRunOn, paymentDetailsStatus, payoutsOnTheirWay, unsettledFailedPayouts } from './repository.ts';

/** How long a failed payout stays an action when no later payout of its currency was paid. */
const FAILED_PAYOUT_ACTION_DAYS = 90;

const KPI_STATUSES = { pending: ['pending'], approved: ['approved', 'in_payout'], paid: ['paid'] } as const;

/**
 * The dashboard's earnings figures per currency from the `commission_daily` rollup (docs/earnings.md, "Balances"): a
 * line counts on the day of its latest money event, so "paid" is what was paid in the range and "pending" and
 * "approved" what was earned in it and is in that state now. Amounts of different currencies are never added.
 */
export async function earningsKpis(db: Queryable, user: AuthenticatedUser, range: ResolvedRange, today: string): Promise<EarningsKpis> {
  const scope = lineScopeOf(user);
  const [days, nextPayouts] = await Promise.all([
    dailyAmounts(db, scope, range.previous_from, range.to),
    partnerRoleCan(user.role, 'payouts.read') ? nextPayoutsOf(db, scope.referralAgentId, today) : Promise.resolve([]),
  ]);
  const byCurrency = new Map<string, typeof days>();
  for (const row of days) {
    const rows = byCurrency.get(row.currency);
    if (rows) rows.push(row);
    else byCurrency.set(row.currency, [row]);
  }
  const currencies = [...byCurrency].map(([currency, rows]) => {
    const fold = (statuses: readonly string[]) =>
      foldDays(range, rows.filter((row) => statuses.includes(row.status)).map((row): DayFigure => ({ day: row.day, value: Number(row.amount) })));
    const pending = fold(KPI_STATUSES.pending);
    const approved = fold(KPI_STATUSES.approved);
    const paid = fold(KPI_STATUSES.paid);
    return {
      currency,
      pending: { current: pending.current, previous: pending.previous },
      approved: { current: approved.current, previous: approved.previous },
      paid: { current: paid.current, previous: paid.previous },
      series: [...pending.buckets.keys()].map((start) => ({
        start,
        pending_minor: pending.buckets.get(start) ?? 0,
        approved_minor: approved.buckets.get(start) ?? 0,
        paid_minor: paid.buckets.get(start) ?? 0,
      })),
    };
  });
  const total = (entry: (typeof currencies)[number]) => entry.pending.current + entry.approved.current + entry.paid.current;
  return {
    range,
    currencies: currencies
      .filter((entry) => [entry.pending, entry.approved, entry.paid].some((figure) => figure.current !== 0 || figure.previous !== 0))
      .sort((a, b) => total(b) - total(a) || a.currency.localeCompare(b.currency)),
    next_payouts: nextPayouts,
  };
}

/**
 * Per currency, the payout on its way (draft or sent) or, when none is, what the next run would gather: the approved
 * balance (clawbacks netted), on the currency's next payout day, or "below the minimum" (carried forward); each
 * says what holds it when the agent's payment details are missing, unverified or frozen.
 */
async function nextPayoutsOf(db: Queryable, referralAgentId: number, today: string): Promise<NextPayout[]> {
  const [onTheirWay, approved, detailsStatus] = await Promise.all([
    payoutsOnTheirWay(db, referralAgentId),
    approvedBalances(db, referralAgentId),
    // The payout run and "mark paid" skip an agent whose details are not verified (payout-batches.ts, payouts.ts).
    paymentDetailsStatus(db, referralAgentId),
  ]);
  const held: PayoutHold | null =
    detailsStatus === undefined ? 'payment_details_missing' : detailsStatus === 'verified' ? null : detailsStatus === 'frozen' ? 'payment_details_frozen' : 'payment_details_unverified';
  const payouts: NextPayout[] = onTheirWay.map((row) => ({
    currency: row.currency,
    amount_minor: Number(row.amount),
    on: row.on,
    state: row.status,
    minimum_minor: payoutMinimum(row.currency),
    held,
  }));
  const waiting = new Set(payouts.map((payout) => payout.currency));
  for (const row of approved) {
    if (waiting.has(row.currency)) continue;
    const minimum = row.minimum === null ? payoutMinimum(row.currency) : Number(row.minimum);
    const amount = Number(row.amount);
    payouts.push({
      currency: row.currency,
      amount_minor: amount,
      on: nextRunOn(today, row.day_of_month ?? DEFAULT_PAYOUT_DAY),
      state: amount >= minimum ? 'scheduled' : 'below_minimum',
      minimum_minor: minimum,
      held,
    });
  }
  // Amounts of different currencies are not compared: the same day orders by currency.
  return payouts.sort((a, b) => a.on.localeCompare(b.on) || a.currency.localeCompare(b.currency));
}

/** Failed payouts of the last 90 days that no later paid payout of their currency has settled. */
async function failedPayoutActions(db: Queryable, referralAgentId: number): Promise<DashboardAction[]> {
  const { count, since } = await unsettledFailedPayouts(db, referralAgentId, FAILED_PAYOUT_ACTION_DAYS);
  return count === 0 ? [] : [{ kind: 'payout_failed', count, link: '/my-earnings#payouts', since, severity: 'high' }];
}

/** Registers the earnings card and the failed-payout action on the dashboard. */
export function registerEarningsDashboard(app: FastifyInstance): void {
  const pool = app.database.pool;
  app.dashboard.card({
    id: 'earnings-kpis',
    permission: 'earnings.read',
    summary: 'Earnings of the range per currency (pending, approved, paid) beside the period before it, the chart, and the next payouts',
    load: (user, range, today) => earningsKpis(pool, user, range, today),
  });
  app.dashboard.action({
    name: 'failed-payouts',
    permission: 'payouts.read',
    actions: (user) => failedPayoutActions(pool, user.referralAgentId),
  });
}
