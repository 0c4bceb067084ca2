import { BOOKING_STATUSES, type BookingStatus } from './bookings.ts';

/**
 * A booking's lifecycle (issue 14), the one the earnings ledger follows: which status may follow which. The server
 * refuses every other change (422, apps/server/src/modules/bookings/operations-service.ts), the console offers only
 * these (apps/web/src/console/bookings/), and the CLI's simulate-booking-status goes through the same service.
 *
 *   pending ──▶ confirmed ──▶ completed ──▶ refunded
 *      │            ├──────▶ no_show
 *      └────────────┴──────▶ cancelled
 *
 * refunded, cancelled and no_show are final: nothing follows them. completed is followed only by refunded, which only
 * a full refund of the treatment reaches (the ledger's refund, issue 31): never the status endpoint. A booking that never took place is cancelled
 * (before the day) or a no-show (the patient did not come to a confirmed appointment); only a confirmed one can be
 * completed, so a commission is never earned on a booking the facility did not accept.
 */
export const BOOKING_TRANSITIONS = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['completed', 'cancelled', 'no_show'],
  completed: ['refunded'],
  cancelled: [],
  no_show: [],
  refunded: [],
} as const satisfies Record<BookingStatus, readonly BookingStatus[]>;

/** The statuses a change to which must say why (kept in the booking's history and the audit row). */
export const BOOKING_STATUSES_NEEDING_REASON = ['cancelled', 'no_show'] as const satisfies readonly BookingStatus[];

/**
 * The statuses only a recorded refund reaches (the ledger's refund, apps/server/src/modules/commission-ledger/ledger.ts): the
 * status endpoint refuses them (422) and the console's status buttons do not offer them.
 */
export const BOOKING_STATUSES_BY_REFUND = ['refunded'] as const satisfies readonly BookingStatus[];

/** Whether `status` is reached only by recording a full refund. */
export function isReachedByRefund(status: BookingStatus): boolean {
  return (BOOKING_STATUSES_BY_REFUND as readonly BookingStatus[]).includes(status);
}

/** Where every booking starts. */
export const BOOKING_INITIAL_STATUS: BookingStatus = 'pending';

/** The statuses that may follow `from`, in the map's order (none for a final one). */
export function nextBookingStatuses(from: BookingStatus): readonly BookingStatus[] {
  return BOOKING_TRANSITIONS[from];
}

/** Whether a booking in `from` may become `to` (a status never "becomes" itself). */
export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return (BOOKING_TRANSITIONS[from] as readonly BookingStatus[]).includes(to);
}

/** The statuses an operator may choose for a booking in `from` (those a refund reaches are recorded as refunds). */
export function manualNextBookingStatuses(from: BookingStatus): readonly BookingStatus[] {
  return nextBookingStatuses(from).filter((status) => !isReachedByRefund(status));
}

/**
 * Whether a booking with its appointment at `appointment` may be completed at `now`: only once the appointment has
 * begun (issue 31: no commission is earned before the treatment). The server refuses it (422), the console does not
 * offer it before.
 */
export function mayCompleteBy(appointment: string | Date, now: Date = new Date()): boolean {
  return new Date(appointment).getTime() <= now.getTime();
}

/** Whether nothing can follow `status`. */
export function isFinalBookingStatus(status: BookingStatus): boolean {
  return BOOKING_TRANSITIONS[status].length === 0;
}

export function needsReason(status: BookingStatus): boolean {
  return (BOOKING_STATUSES_NEEDING_REASON as readonly BookingStatus[]).includes(status);
}

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (BOOKING_STATUSES as readonly string[]).includes(value);
}
