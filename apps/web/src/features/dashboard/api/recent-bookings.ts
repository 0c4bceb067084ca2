import { useQuery } from '@tanstack/react-query';
import { bookingPageSchema, type BookingSort } from '@portal/contracts/bookings';
import { PERMISSION_VIEW, type PageSize } from '@portal/contracts/constants';
import { http } from '../../../lib/http';
import { RECENT_BOOKINGS_URL } from './card-keys';

/** How many the card lists: one of the spec's page sizes, so the server takes it as it is. */
export const RECENT_BOOKINGS_COUNT: PageSize = 10;

const NEWEST_FIRST: BookingSort = '-created_at';

/** The query the card sends: the first page of the newest referrals (team is fixed, as the bookings page sends it). */
export const RECENT_BOOKINGS_QUERY = { team: PERMISSION_VIEW, sort: NEWEST_FIRST, page: 1, per_page: RECENT_BOOKINGS_COUNT };

/**
 * The member's most recent referrals, newest first (an agent-role member's own only: the server scopes the list),
 * read through the bookings contract and the HTTP client rather than through features/bookings: areas never import
 * each other.
 */
export function useRecentBookings() {
  return useQuery({
    // The URL first: what a live refresh reloads (the card's `queryKeys`).
    queryKey: [RECENT_BOOKINGS_URL, RECENT_BOOKINGS_QUERY],
    queryFn: ({ signal }) => http.get(RECENT_BOOKINGS_URL, { schema: bookingPageSchema, query: RECENT_BOOKINGS_QUERY, signal }),
  });
}
