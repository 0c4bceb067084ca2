import { useQuery } from '@tanstack/react-query';
import { BELL_LATEST_COUNT, notificationListEndpoint } from '@portal/contracts/notifications';
import { http } from '../../../lib/http';
import { LATEST_NOTIFICATIONS_KEY } from './card-keys';

/** As many as the header bell lists (5, one of the spec's page sizes). */
const LATEST_NOTIFICATIONS_QUERY = { page: 1, per_page: BELL_LATEST_COUNT };

/** The member's latest notifications, newest first, read and unread. */
export function useLatestNotifications() {
  return useQuery({
    queryKey: [LATEST_NOTIFICATIONS_KEY, 'dashboard-latest', LATEST_NOTIFICATIONS_QUERY],
    queryFn: ({ signal }) => http.get(notificationListEndpoint.url, { schema: notificationListEndpoint.page, query: LATEST_NOTIFICATIONS_QUERY, signal }),
  });
}
