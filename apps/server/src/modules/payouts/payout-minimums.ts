import { minorDigits } from '@portal/contracts/money';

/**
 * The smallest payout per currency, in minor units, when operators have set none: about 50 US dollars, rounded to
 * an amount people write in that currency. A smaller approved balance waits for the next payout.
 */
export const PAYOUT_MINIMUMS_MINOR: Readonly<Record<string, number>> = {
  USD: 5_000,
  EUR: 5_000,
  GBP: 5_000,
  AED: 20_000,
  SGD: 7_000,
  MYR: 25_000,
  INR: 400_000,
  THB: 180_000,
  TRY: 200_000,
};

/** The minimum for `currency`: its own, or 50 units of it. */
export function payoutMinimum(currency: string): number {
  return PAYOUT_MINIMUMS_MINOR[currency] ?? 50 * 10 ** minorDigits(currency);
}
