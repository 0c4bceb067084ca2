import type { Ledger } from './ledger.ts';

/**
 * What other modules use of the commission ledger (docs/earnings.md); another module imports only this file
 * (eslint.config.js).
 *
 * - `app.ledger` (decorated by module.ts): recording a completed booking's commission (exceptions' "price again"), and
 *   `recordAdjustment(client, input)`, the one way to change a booking's commission after it was earned: an adjustment
 *   line, signed, with its reason, linked to the line it adjusts and audited (reconciliation's disputes, issue 31).
 * - Who of an agent is told of a line (payouts, finance reports), a payout's lines (payouts), the scope of a member's
 *   lines and their amounts per day (payouts' dashboard card).
 */
export type { Ledger, RecordOutcome } from './ledger.ts';
export type { AdjustmentInput } from './adjustments.ts';
export { dailyAmounts, findPayoutLines, lineScopeOf, membersSeeingLine, type LineScope } from './repository.ts';
/** A payout's lines, changed in the payout's transaction (payouts.ts): gathered, paid, or approved again on a failure. */
export { lockApprovedLines, payPayoutLines, putLinesInPayout, releasePayoutLines } from './repository.ts';

/** A completed booking's commission, queued in the console write's transaction (one job per booking). */
export const RECORD_COMMISSION_JOB = 'earnings.record-commission';
/** The daily run approving the lines whose refund window has ended. */
export const APPROVE_DUE_JOB = 'earnings.approve-due';
/** The hourly sweep: completed bookings of the last days without their commission (the CLI's, a lost job). */
export const SWEEP_JOB = 'earnings.sweep';

declare module 'fastify' {
  interface FastifyInstance {
    /** The commission ledger's rules (ledger.ts). */
    ledger: Ledger;
  }
}
