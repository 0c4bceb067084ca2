/**
 * The instant a calendar day starts in a time zone: '2026-03-29' in 'Asia/Dubai' is 2026-03-28T20:00:00Z. The
 * audit viewer's date range is whole days in the operator's zone (the browser's), as the bookings list's is.
 */

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - (instant - (instant % 1000));
}

/** Midnight at the start of `day` (YYYY-MM-DD) in `timeZone`, plus `addDays` days. */
export function startOfDayIn(day: string, timeZone: string, addDays = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(year, month - 1, date + addDays);
  // The offset at the guess, then at the answer: right on both sides of a daylight-saving change.
  const first = wallMidnight - zoneOffsetMs(wallMidnight, timeZone);
  return new Date(wallMidnight - zoneOffsetMs(first, timeZone));
}
