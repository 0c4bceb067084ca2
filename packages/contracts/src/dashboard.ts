import { z } from 'zod';
import { dateQueryField, defaultedEnumQueryField } from './list-query.ts';

/**
 * The dashboard at `/` (issue 16, docs/dashboard.md): a range in the URL, cards that each load on their own from
 * `/api/dashboard/cards/<card>`, and the action list. The server resolves the range and answers every figure; the
 * SPA only draws them.
 */

/** The ranges the dashboard offers; `custom` takes `from` and `to` (the spec's date-range widget). */
export const DASHBOARD_RANGES = ['30d', '90d', 'ytd', 'custom'] as const;
export type DashboardRangeKind = (typeof DASHBOARD_RANGES)[number];
export const DEFAULT_DASHBOARD_RANGE: DashboardRangeKind = '30d';
/** The longest custom range: three years and a day (so three whole calendar years fit). */
export const DASHBOARD_MAX_RANGE_DAYS = 1097;

const DAY_MS = 86_400_000;

export const dashboardRangeQuerySchema = z
  .object({
    range: defaultedEnumQueryField('range', DASHBOARD_RANGES, DEFAULT_DASHBOARD_RANGE),
    from: dateQueryField('from'),
    to: dateQueryField('to'),
  })
  .superRefine((query, context) => {
    if (query.range !== 'custom') return;
    if (!query.from) context.addIssue({ code: 'custom', path: ['from'], message: 'The from field is required for a custom range.' });
    if (!query.to) context.addIssue({ code: 'custom', path: ['to'], message: 'The to field is required for a custom range.' });
    if (!query.from || !query.to) return;
    if (query.from > query.to) context.addIssue({ code: 'custom', path: ['to'], message: 'The to field must be a date after or equal to from.' });
    else if (daysBetween(query.from, query.to) + 1 > DASHBOARD_MAX_RANGE_DAYS)
      context.addIssue({ code: 'custom', path: ['to'], message: 'A range may span at most 1,097 days (three years).' });
  });
export type DashboardRangeQuery = z.output<typeof dashboardRangeQuerySchema>;

/** How the chart groups the range's days: a bar per day up to two months, per week up to about half a year, else per month. */
export const DASHBOARD_BUCKETS = ['day', 'week', 'month'] as const;
export type DashboardBucket = (typeof DASHBOARD_BUCKETS)[number];

/** A range the server resolved: the days it covers (UTC calendar days, both included) and the period it is compared with. */
export const resolvedRangeSchema = z.object({
  kind: z.enum(DASHBOARD_RANGES),
  from: z.string(),
  to: z.string(),
  /** The same number of days just before `from`. */
  previous_from: z.string(),
  previous_to: z.string(),
  days: z.number().int(),
  bucket: z.enum(DASHBOARD_BUCKETS),
});
export type ResolvedRange = z.infer<typeof resolvedRangeSchema>;

function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
function timeOf(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}
function daysBetween(from: string, to: string): number {
  return Math.round((timeOf(to) - timeOf(from)) / DAY_MS);
}
export function addDays(day: string, days: number): string {
  return dayOf(timeOf(day) + days * DAY_MS);
}

/** The range a query names, on the UTC calendar day `today`: '30d' is today and the 29 days before it. */
export function resolveDashboardRange(query: DashboardRangeQuery, today: string): ResolvedRange {
  let from: string;
  let to = today;
  if (query.range === '30d') from = addDays(today, -29);
  else if (query.range === '90d') from = addDays(today, -89);
  else if (query.range === 'ytd') from = `${today.slice(0, 4)}-01-01`;
  else {
    from = query.from!;
    to = query.to!;
  }
  const days = daysBetween(from, to) + 1;
  return {
    kind: query.range,
    from,
    to,
    previous_from: addDays(from, -days),
    previous_to: addDays(from, -1),
    days,
    bucket: days <= 62 ? 'day' : days <= 190 ? 'week' : 'month',
  };
}

/** The first day of the bucket `day` falls in: itself, its week's Monday (ISO weeks), or its month's first day. */
export function bucketStart(day: string, bucket: DashboardBucket): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(timeOf(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every bucket of a range in order, the first one starting at `from` even when it falls mid-week or mid-month. */
export function rangeBuckets(range: Pick<ResolvedRange, 'from' | 'to' | 'bucket'>): string[] {
  const starts: string[] = [range.from];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const start = bucketStart(day, range.bucket);
    if (start > starts[starts.length - 1]!) starts.push(start);
  }
  return starts;
}

/** A figure of the range beside the same figure of the previous period (the card shows the change, "new" from 0). */
export const comparedFigureSchema = z.object({ current: z.number().int(), previous: z.number().int() });
export type ComparedFigure = z.infer<typeof comparedFigureSchema>;

/** The change the card shows: a rounded percentage, 'new' when the previous period had none, null when both are 0. */
export function figureChange(figure: ComparedFigure): { kind: 'new' } | { kind: 'none' } | { kind: 'percent'; percent: number } {
  if (figure.previous === 0) return figure.current === 0 ? { kind: 'none' } : { kind: 'new' };
  return { kind: 'percent', percent: Math.round(((figure.current - figure.previous) / Math.abs(figure.previous)) * 100) };
}

/**
 * The cards the server computes, by id: `GET /api/dashboard/cards/<id>?range=…` answers the schema named here. An
 * area adds a card by adding its schema here, registering its source on the server (`app.dashboard.card`) and
 * declaring its component in its `areaRoutes.dashboardCards` (docs/dashboard.md, "Adding a card").
 */
export const dashboardCardUrl = (card: DashboardCardId) => `/api/dashboard/cards/${card}`;

/** Referred and completed bookings of the range (bookings module). */
export const bookingKpisSchema = z.object({
  range: resolvedRangeSchema,
  /** bookings created in the range */
  referred: comparedFigureSchema,
  /** bookings completed whose treatment day is in the range */
  completed: comparedFigureSchema,
  /** per bucket (rangeBuckets), the referred and completed bookings */
  series: z.array(z.object({ start: z.string(), referred: z.number().int(), completed: z.number().int() })),
});
export type BookingKpis = z.infer<typeof bookingKpisSchema>;

/** One currency's earnings of the range: never added across currencies. */
export const currencyEarningsKpiSchema = z.object({
  currency: z.string(),
  /** commissions earned in the range and still in their refund window */
  pending: comparedFigureSchema,
  /** commissions earned in the range, approved (waiting for or in a payout) */
  approved: comparedFigureSchema,
  /** what was paid in the range (clawbacks netted) */
  paid: comparedFigureSchema,
  /** per bucket, the same three amounts (the chart: paid on its payment day, the others on the day they were earned) */
  series: z.array(z.object({ start: z.string(), pending_minor: z.number().int(), approved_minor: z.number().int(), paid_minor: z.number().int() })),
});

/** What holds every payout of an agent: its payment details (docs/payment-details.md). */
export const PAYOUT_HOLDS = ['payment_details_missing', 'payment_details_unverified', 'payment_details_frozen'] as const;
export type PayoutHold = (typeof PAYOUT_HOLDS)[number];

/** The next payout of a currency: one on its way (draft or sent), or what the next run would pay. */
export const nextPayoutSchema = z.object({
  currency: z.string(),
  amount_minor: z.number().int(),
  /** the payout's day: its run day when it is on its way, else the currency's next run */
  on: z.string(),
  state: z.enum(['draft', 'sent', 'scheduled', 'below_minimum']),
  minimum_minor: z.number().int(),
  /**
   * Why no payout leaves while the agent's payment details are not verified (issue 34): they are missing, waiting
   * for an operator's verification, or frozen; null when nothing holds it. Wherever the payout's day is shown, so is this.
   */
  held: z.enum(PAYOUT_HOLDS).nullable(),
});
export type NextPayout = z.infer<typeof nextPayoutSchema>;

export const earningsKpisSchema = z.object({
  range: resolvedRangeSchema,
  /** currencies with any figure in either period, the largest earner of the range first */
  currencies: z.array(currencyEarningsKpiSchema),
  /** payouts.read only (else empty): one per currency with something on its way or approved */
  next_payouts: z.array(nextPayoutSchema),
});
export type EarningsKpis = z.infer<typeof earningsKpisSchema>;

/** What the member should do, from every area that has something to ask (agreements, payment details, payouts, team). */
export const DASHBOARD_ACTION_KINDS = ['agreement_to_sign', 'payment_details_missing', 'payment_details_unverified', 'payment_details_frozen', 'payout_failed', 'invites_pending'] as const;
export type DashboardActionKind = (typeof DASHBOARD_ACTION_KINDS)[number];
export const dashboardActionSchema = z.object({
  kind: z.enum(DASHBOARD_ACTION_KINDS),
  /** How many things the action covers (agreements to sign, failed payouts, pending invitations); 1 for a state. */
  count: z.number().int(),
  /** The portal page where it is done. */
  link: z.string(),
  /** The day it became due or happened, when there is one (the newest of several). */
  since: z.string().nullable(),
  severity: z.enum(['high', 'normal']),
});
export type DashboardAction = z.infer<typeof dashboardActionSchema>;
export const dashboardActionsSchema = z.object({ actions: z.array(dashboardActionSchema) });
export type DashboardActions = z.infer<typeof dashboardActionsSchema>;

export const DASHBOARD_CARD_SCHEMAS = {
  'booking-kpis': bookingKpisSchema,
  'earnings-kpis': earningsKpisSchema,
  actions: dashboardActionsSchema,
} as const;
export type DashboardCardId = keyof typeof DASHBOARD_CARD_SCHEMAS;
export type DashboardCardData<Id extends DashboardCardId> = z.infer<(typeof DASHBOARD_CARD_SCHEMAS)[Id]>;
/** Cards whose figures depend on the range (the actions are what is due now, whatever the range). */
export const RANGED_DASHBOARD_CARDS: readonly DashboardCardId[] = ['booking-kpis', 'earnings-kpis'];
