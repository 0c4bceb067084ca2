import type { FastifyInstance } from 'fastify';
import type { BookingKpis, ResolvedRange } from '@portal/contracts/dashboard';
import { referralScope } from '@portal/contracts/partner-roles';
import type { Queryable } from '../../db/queryable.ts';
import type { AuthenticatedUser } from '../../plugins/auth-guard.ts';
import { foldDays, type DayFigure } from '../dashboard/public.ts';
import { bookingDays } from './repository.ts';

/**
 * The dashboard's booking figures from the `booking_daily` rollup (migration 0026): a booking is referred on the day it
 * was created and completed on its treatment day. A few rows per day of the range and the period before, whatever
 * the agent's size (the bench's agent has 100,000 bookings).
 */
export async function bookingKpis(db: Queryable, user: AuthenticatedUser, range: ResolvedRange): Promise<BookingKpis> {
  // An agent-role member counts the bookings they referred (referralScope 'own'), as their list shows them.
  const rows = await bookingDays(db, user.referralAgentId, referralScope(user.role) === 'own' ? user.id : null, range.previous_from, range.to);
  const daysOf = (measure: 'referred' | 'completed'): DayFigure[] => rows.filter((row) => row.measure === measure).map((row) => ({ day: row.day, value: row.bookings }));
  const referred = foldDays(range, daysOf('referred'));
  const completed = foldDays(range, daysOf('completed'));
  return {
    range,
    referred: { current: referred.current, previous: referred.previous },
    completed: { current: completed.current, previous: completed.previous },
    series: [...referred.buckets.keys()].map((start) => ({ start, referred: referred.buckets.get(start) ?? 0, completed: completed.buckets.get(start) ?? 0 })),
  };
}

/** Registers the bookings' card on the dashboard. */
export function registerBookingsDashboard(app: FastifyInstance): void {
  app.dashboard.card({
    id: 'booking-kpis',
    permission: 'referrals.read',
    summary: 'Referred and completed bookings of the range beside the period before it, and per day, week or month for the chart',
    load: (user, range) => bookingKpis(app.database.pool, user, range),
  });
}
