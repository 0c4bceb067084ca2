import type { PayoutStatus } from '@portal/contracts/earnings';
import type { PaymentDetailsStatus } from '@portal/contracts/payment-details';

/**
 * The colour of each state of the money's records, one map each for the portal and the console, so that a payout paid
 * or details frozen look the same to the partner and to the operator.
 */
export const PAYOUT_STATUS_COLORS: Readonly<Record<PayoutStatus, string>> = { draft: 'gray', sent: 'blue', paid: 'green', failed: 'red' };
export const PAYMENT_DETAILS_STATUS_COLORS: Readonly<Record<PaymentDetailsStatus, string>> = { unverified: 'orange', verified: 'green', frozen: 'red' };
