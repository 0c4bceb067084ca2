/**
 * What other modules use of payouts: the smallest payout per currency, for the ledger's demo history (its paid lines
 * went out in payouts at or above it) and the bench's ledger seed. Another module imports only this file
 * (eslint.config.js).
 */
export { payoutMinimum } from './payout-minimums.ts';
