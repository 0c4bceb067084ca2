/** What other areas read of the tax profile: the statement prints it (payouts/payouts.ts). */
export { findTaxProfile as taxProfileOf } from './repository.ts';
