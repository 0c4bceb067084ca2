/**
 * Calendar days as the programme counts them: 'YYYY-MM-DD' strings in UTC (the programme's days change at midnight
 * UTC: a booking's pricing day, a refund window's end, a tier period's bounds).
 */

const DAY_MS = 86_400_000;

/** The UTC day of an instant: '2026-11-27'. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}
