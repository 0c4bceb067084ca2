import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, type BookingStatus } from './bookings.ts';
import { BOOKING_TRANSITIONS, canTransition, isFinalBookingStatus, manualNextBookingStatuses, needsReason, nextBookingStatuses } from './booking-lifecycle.ts';

/** Every legal move, written out by hand: the map must say exactly this, nothing more. */
const LEGAL: readonly (readonly [BookingStatus, BookingStatus])[] = [
  ['pending', 'confirmed'],
  ['pending', 'cancelled'],
  ['confirmed', 'completed'],
  ['confirmed', 'cancelled'],
  ['confirmed', 'no_show'],
  ['completed', 'refunded'],
];

describe('the booking lifecycle', () => {
  const pairs = BOOKING_STATUSES.flatMap((from) => BOOKING_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s → %s is legal only when listed', (from, to) => {
    const legal = LEGAL.some(([a, b]) => a === from && b === to);
    expect(canTransition(from, to)).toBe(legal);
    expect(nextBookingStatuses(from).includes(to)).toBe(legal);
  });

  it('covers every status, and no status becomes itself', () => {
    expect(Object.keys(BOOKING_TRANSITIONS).sort()).toEqual([...BOOKING_STATUSES].sort());
    for (const status of BOOKING_STATUSES) expect(canTransition(status, status)).toBe(false);
    expect(pairs.filter(([from, to]) => canTransition(from, to))).toHaveLength(LEGAL.length);
  });

  it('ends in cancelled, no_show or refunded, from which nothing follows', () => {
    expect(BOOKING_STATUSES.filter(isFinalBookingStatus)).toEqual(['cancelled', 'no_show', 'refunded']);
  });

  it('leaves refunded to a recorded refund: no operator chooses it as a status', () => {
    expect(manualNextBookingStatuses('completed')).toEqual([]);
    for (const status of BOOKING_STATUSES) expect(manualNextBookingStatuses(status)).not.toContain('refunded');
  });

  it('asks a reason for a cancellation and a no-show only', () => {
    expect(BOOKING_STATUSES.filter(needsReason)).toEqual(['cancelled', 'no_show']);
  });

  it('reaches every status from pending', () => {
    const reached = new Set<BookingStatus>(['pending']);
    for (let round = 0; round < BOOKING_STATUSES.length; round += 1) {
      for (const from of [...reached]) for (const to of nextBookingStatuses(from)) reached.add(to);
    }
    expect([...reached].sort()).toEqual([...BOOKING_STATUSES].sort());
  });
});
