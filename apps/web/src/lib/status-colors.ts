import type { PayoutStatus } from '@portal/contracts/earnings';
import type { PaymentDetailsStatus } from '@portal/contracts/payment-details';

/**
 * The colour of each state of the money's records, one map each for the portal and the console, so that a payout paid
 * or details frozen look the same to the partner and to the operator.
 */
export const PAYOUT_STATUS_COLORS: Readonly<Record<PayoutStatus, string>> = { draft: 'gray', sent: 'blue', paid: 'green', failed: 'red' };
export const PAYMENT_DETAILS_STATUS_COLORS: Readonly<Record<PaymentDetailsStatus, string>> = { unverified: 'orange', verified: 'green', frozen: 'red' };

/**
 * A negative amount (a clawback, a refund's adjustment): the theme's error colour, red-9 in light and red-4 in dark
 * (app/theme.ts), which keep 4.5:1 on striped rows in both; a fixed red-8 was 4.28:1 on the light stripe.
 */
export const NEGATIVE_AMOUNT_COLOUR = 'var(--mantine-color-error)';

/** Text that reports a failure (a failed sign-in in the security activity): the theme's error colour, 4.5:1 or more in both schemes (red was 4.28:1). */
export const ERROR_TEXT_COLOUR = 'var(--mantine-color-error)';
