/** The Bookings pages, relative to the console's base path. */
export const BOOKINGS_PATH = '/bookings';
export const NEW_BOOKING_PATH = '/bookings/new';

export function bookingPath(id: number): string {
  return `${BOOKINGS_PATH}/${id}`;
}
