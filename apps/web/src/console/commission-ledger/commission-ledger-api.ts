/** The commission ledger's requests beside its list: the agents and facilities its filters offer. */
import { useQuery } from '@tanstack/react-query';
import { consoleBookingOptionsSchema, CONSOLE_BOOKINGS_URL } from '@portal/contracts/console-bookings';
import { http } from '../../lib/http';

/**
 * Every referral agent and facility by name, for the filters: the bookings' options (bookings.read, which every role
 * reading the ledger holds; the referral agents list needs referral_agents.manage, which finance and support do not).
 * The same query key as the bookings page's, so either page reads it once a minute at most.
 */
export function useLedgerFilterOptions(enabled: boolean) {
  return useQuery({
    queryKey: [CONSOLE_BOOKINGS_URL, 'options'] as const,
    queryFn: ({ signal }) => http.get(`${CONSOLE_BOOKINGS_URL}/options`, { schema: consoleBookingOptionsSchema, signal }),
    staleTime: 60_000,
    enabled,
  });
}
