import type { Queryable } from '../../db/queryable.ts';
import type { AuditActor } from '../../lib/audit/audit-log.ts';

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
  /**
   * Makes a completed booking `refunded` (the ledger's full refund, issue 31) on the transaction's client: its history
   * and audit rows, as every status change. Answers what tells its partners, to run after the commit.
   */
  markRefunded(client: Queryable, actor: AuditActor, bookingId: number, reason: string): Promise<AfterCommit>;
}

/** What runs once the transaction has committed (a notification): never told of a change that rolled back. */
export type AfterCommit = () => Promise<void>;

export interface BookingWriteChange {
  bookingId: number;
  /** the booking's status after the write */
  status: string;
  /** set when the write changed the booking's amount: the ledger adjusts a completed booking's commission */
  amountChange?: { from: string; to: string; currency: string; reason: string | null; actor: AuditActor } | undefined;
}

/** A listener may answer what to run after the commit (the partner's notice of what it wrote). */
export type BookingWriteListener = (client: Queryable, change: BookingWriteChange) => Promise<void | AfterCommit>;
