import { defineModule } from '../../kit/portal-module.ts';
import { seedDemoBookings } from '../../db/seeds/demo-bookings.ts';
import { BOOKING_TRANSLATIONS } from './messages.ts';
import { bookingsRoutes } from './routes.ts';

export default defineModule({
  name: 'bookings',
  register: bookingsRoutes,
  messages: BOOKING_TRANSLATIONS,
  async seedDemo(pool) {
    await seedDemoBookings(pool);
  },
});
