import type { Queryable } from '../../db/queryable.ts';

/**
 * A booking's writes as other parts of the programme follow them (docs/earnings.md): the earnings ledger records a
 * commission when a booking completes. The bookings module decorates it as `app.bookingLifecycle`; another module
 * imports only this file (eslint.config.js).
 */
export interface BookingLifecycle {
  /**
   * `listener` runs inside every console write's transaction, after the change and before the commit, on the same
   * client: what it writes (a job to queue, a row) commits or rolls back with the change. It must be quick; heavy work
   * goes to a job it queues. The CLI's simulate commands do not call it: the ledger's hourly sweep finds their bookings.
   */
  onWrite(listener: BookingWriteListener): void;
}

export interface BookingWriteChange {
  bookingId: number;
  /** the booking's status after the write */
  status: string;
}

export type BookingWriteListener = (client: Queryable, change: BookingWriteChange) => Promise<void>;
