/**
 * The first elements of the query keys of the cards that read more than their `/api/dashboard/cards/<id>`: what a
 * live refresh reloads (the cards' `queryKeys`). Apart from their hooks, so the cards' declarations, which every
 * page loads, bring no schema with them.
 */

/** The bookings list's endpoint (spec §7, contracts/bookings.ts): the recent bookings card's URL. */
export const RECENT_BOOKINGS_URL = '/api/clients/bookings';

/**
 * The latest notifications card's: the notification centre keeps its queries under 'notifications' and refreshes
 * everything under it whenever it hears of a change (a new notification, one read or deleted here, in another tab or
 * on another device). Under the same key the card follows every such change without a listener of its own, and
 * without importing features/notifications (areas never import each other).
 */
export const LATEST_NOTIFICATIONS_KEY = 'notifications';
