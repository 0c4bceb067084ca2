import type { TierPeriod } from '@portal/contracts/partner-tiers';
import { utcDay } from '../../lib/calendar-days.ts';

/** A calendar period in UTC: `start` inclusive, `end` exclusive (midnight UTC of the first day after it). */
export interface Period {
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;
const MONTHS: Record<TierPeriod, number> = { month: 1, quarter: 3, year: 12 };

/** The month, quarter or year (UTC) that holds `at`. */
export function periodContaining(at: Date, kind: TierPeriod): Period {
  const months = MONTHS[kind];
  const firstMonth = Math.floor(at.getUTCMonth() / months) * months;
  return { start: new Date(Date.UTC(at.getUTCFullYear(), firstMonth, 1)), end: new Date(Date.UTC(at.getUTCFullYear(), firstMonth + months, 1)) };
}

/** The period just before the one that holds `at`: the last complete one. */
export function previousPeriod(at: Date, kind: TierPeriod): Period {
  const current = periodContaining(at, kind);
  return periodContaining(new Date(current.start.getTime() - 1), kind);
}

/**
 * When a demotion announced at `noticedAt` takes effect: the end of the first period that ends at least
 * `noticeDays` days later (a quarter's tier noticed on 2 January falls at the end of March; on 15 March, of June).
 */
export function demotionEffectiveAt(noticedAt: Date, kind: TierPeriod, noticeDays: number): Date {
  const earliest = new Date(noticedAt.getTime() + noticeDays * DAY_MS);
  let period = periodContaining(noticedAt, kind);
  while (period.end.getTime() < earliest.getTime()) period = periodContaining(period.end, kind);
  return period.end;
}

/** The page's view of a period: its first and last days, and the days left counting today. */
export function periodDays(period: Period, now: Date): { starts_on: string; ends_on: string; days_left: number } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    starts_on: utcDay(period.start),
    ends_on: utcDay(new Date(period.end.getTime() - DAY_MS)),
    days_left: Math.max(0, Math.round((period.end.getTime() - today) / DAY_MS)),
  };
}
