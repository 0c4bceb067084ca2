import type { CommissionPreview } from '@portal/contracts/network';
import type { Queryable } from '../../db/queryable.ts';
import { pricingDay, type CommissionRates } from '../commission-rates/public.ts';

export interface PricedItem {
  serviceId: number | null;
  priceMinor: number;
  currency: string;
}

/**
 * What the rate card pays the agent for each item, today: the card's answer (app.commissionRates, its tier or its
 * individual contract) applied to the price shown. A percentage of the price, rounded half away from zero in
 * integers as the ledger rounds it; a flat amount as it is. Null where no rate applies or the item names no service.
 */
export async function commissionPreviews(
  rates: CommissionRates,
  db: Queryable,
  referralAgentId: number,
  facilityId: number,
  items: readonly PricedItem[],
  on = new Date(),
): Promise<(CommissionPreview | null)[]> {
  const priced = items.map((item, index) => ({ item, index })).filter(({ item }) => item.serviceId !== null);
  const resolved = await rates.resolveMany(
    db,
    priced.map(({ item }) => ({ referralAgentId, facilityId, serviceId: item.serviceId!, day: pricingDay(on) })),
  );
  const answers: (CommissionPreview | null)[] = items.map(() => null);
  priced.forEach(({ item, index }, position) => {
    const rate = resolved[position]?.rate;
    if (!rate) return;
    if (rate.kind === 'percentage') {
      // A percentage pays in the price's currency; a price in another currency than the facility's gets none here.
      if (rate.currency !== item.currency) return;
      const amount = Number((BigInt(item.priceMinor) * BigInt(rate.basis_points ?? 0) + 5_000n) / 10_000n);
      answers[index] = { rate, amount: { amount_minor: amount, currency: item.currency } };
    } else {
      answers[index] = { rate, amount: { amount_minor: rate.amount_minor ?? 0, currency: rate.currency } };
    }
  });
  return answers;
}
