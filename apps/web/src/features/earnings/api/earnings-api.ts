import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EARNINGS_FACILITIES_URL,
  EARNINGS_MONTHLY_URL,
  EARNINGS_SUMMARY_URL,
  EARNINGS_TOTALS_URL,
  commissionLinesEndpoint,
  earningsFacilitiesSchema,
  earningsMonthlySchema,
  earningsSummarySchema,
  earningsTotalsSchema,
  payoutsEndpoint,
  type CommissionLineFilters,
  type EarningsGroup,
} from '@portal/contracts/earnings';
import { NOTIFICATION_EVENTS, notificationCreatedEventSchema } from '@portal/contracts/notifications';
import { COMMISSION_NOTIFICATION } from '@portal/contracts/profile';
import { http } from '../../../lib/http';
import { listenOnUserChannel, onRealtimeReconnect } from '../../../lib/realtime';
import { useListEndpoint, type ListFailureTexts } from '../../../lib/use-list-endpoint';

// The payouts' URL too: a payout sent, paid or failed is told as a commission notification (link /my-earnings#payouts).
const EARNINGS_URLS = [EARNINGS_SUMMARY_URL, EARNINGS_TOTALS_URL, EARNINGS_MONTHLY_URL, EARNINGS_FACILITIES_URL, commissionLinesEndpoint.url, payoutsEndpoint.url];

/**
 * The payouts' list state lives in the URL beside the commission lines' own (page, per_page, sort), under names of
 * its own so the two lists never move each other: /my-earnings?payouts_page=2&payouts_sort=amount.
 */
export const PAYOUTS_URL_KEYS = { page: 'payouts_page', per_page: 'payouts_per_page', sort: 'payouts_sort' } as const;

/** The agent's payouts (payouts.read): only a component rendered for a member who may read them calls this. */
export function usePayouts(texts: ListFailureTexts) {
  // No text box: every change is one click, sent at once.
  return useListEndpoint(payoutsEndpoint, { urlKeys: PAYOUTS_URL_KEYS, debounceMs: 0 }, texts);
}

/** The cards' balances per currency. */
export function useEarningsSummary() {
  return useQuery({ queryKey: [EARNINGS_SUMMARY_URL], queryFn: ({ signal }) => http.get(EARNINGS_SUMMARY_URL, { schema: earningsSummarySchema, signal }) });
}

/** The facility filter's choices. */
export function useEarningsFacilities() {
  return useQuery({ queryKey: [EARNINGS_FACILITIES_URL], queryFn: ({ signal }) => http.get(EARNINGS_FACILITIES_URL, { schema: earningsFacilitiesSchema, signal }) });
}

/** What the filtered lines add up to per currency: the table's footer. */
export function useEarningsTotals(filters: Partial<CommissionLineFilters>) {
  // Absent filters drop out of both the key (undefined is not hashed) and the URL (http leaves empty values out).
  return useQuery({
    queryKey: [EARNINGS_TOTALS_URL, filters],
    queryFn: ({ signal }) => http.get(EARNINGS_TOTALS_URL, { schema: earningsTotalsSchema, query: filters, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The monthly chart of one currency. */
export function useEarningsMonthly(options: { months: number; group: EarningsGroup; currency?: string }) {
  const params: Record<string, string | number> = { months: options.months, group: options.group, ...(options.currency ? { currency: options.currency } : {}) };
  return useQuery({
    queryKey: [EARNINGS_MONTHLY_URL, params],
    queryFn: ({ signal }) => http.get(EARNINGS_MONTHLY_URL, { schema: earningsMonthlySchema, query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * While My earnings is open, the ledger's live notification (a commission earned, approved, reversed or clawed back)
 * reloads the cards, chart, lines and payouts; so does a reconnection (events may have been missed).
 */
export function useLiveEarnings(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ predicate: (query) => EARNINGS_URLS.includes(String(query.queryKey[0])) });
    const stopListening = listenOnUserChannel(NOTIFICATION_EVENTS.created, (payload: unknown) => {
      const event = notificationCreatedEventSchema.safeParse(payload);
      if (event.success && event.data.notification.type === COMMISSION_NOTIFICATION) refresh();
    });
    const stopReconnect = onRealtimeReconnect(refresh);
    return () => {
      stopListening();
      stopReconnect();
    };
  }, [queryClient]);
}
